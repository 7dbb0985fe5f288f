// Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or an attribute value as XML writes it: the five special characters escaped, what XML forbids dropped. */
export function escapeXml(value: string | number): string {
  return String(value)
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
