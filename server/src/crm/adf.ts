import { escapeXml } from '../../../domain/xml-text.ts';

/**
 * A tiny XML builder for ADF leads: every value goes through one escaping step on its way into
 * the document, so no value (a name with "&" or "<", a control character pasted into a form) can
 * change the document's structure or make it unreadable to the CRM's parser.
 */

type Value = string | number;

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, Value>>;
  readonly content: ReadonlyArray<XmlElement> | Value;
}

const NAME = /^[A-Za-z_][\w.-]*$/;

/** An element with text, or with child elements; absent (undefined or empty) children are left out. */
export function element(
  name: string,
  attributes: Readonly<Record<string, Value | undefined>>,
  content: ReadonlyArray<XmlElement | undefined> | Value,
): XmlElement {
  for (const key of [name, ...Object.keys(attributes)]) if (!NAME.test(key)) throw new Error(`not an XML name: ${key}`);
  const defined = Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, Value] => entry[1] !== undefined));
  const children = typeof content === 'object' ? content.filter((child): child is XmlElement => child !== undefined) : content;
  return { name, attributes: defined, content: children };
}

/** An element only when its text is there: optional fields (a trim, a VIN) are left out rather than sent empty. */
export function optional(name: string, text: Value | null | undefined, attributes: Readonly<Record<string, Value>> = {}) {
  return text === null || text === undefined || text === '' ? undefined : element(name, attributes, text);
}

function render(node: XmlElement, depth: number): string {
  const pad = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (typeof node.content !== 'object') return `${pad}<${node.name}${attributes}>${escapeXml(node.content)}</${node.name}>`;
  if (node.content.length === 0) return `${pad}<${node.name}${attributes}/>`;
  const children = node.content.map((child) => render(child, depth + 1)).join('\n');
  return `${pad}<${node.name}${attributes}>\n${children}\n${pad}</${node.name}>`;
}

/** An ADF 1.0 document: the XML declaration, the ADF processing instruction, then the <adf> element. */
export function adfDocument(root: XmlElement): string {
  return `<?xml version="1.0"?>\n<?adf version="1.0"?>\n${render(root, 0)}\n`;
}
