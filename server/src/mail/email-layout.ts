import type { Config } from '../config.ts';

/** What one email to an applicant says, already translated; the layout adds the dealer's footer. */
export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  link: { intro: string; url: string };
  /** Lines under the signature: the dealer's name, address and contacts, and why the email came. */
  footer: readonly string[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The dealer as every email names it: name, postal address, then phone and email. */
export const dealerFooter = (company: Config['company']): string[] => [
  company.name,
  company.address,
  `${company.phone} · ${company.email}`,
];

/**
 * A plain-text part every client can read, and the same words as simple HTML: no images, no
 * remote content, nothing a mail client would block.
 */
export function composeEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const text = [
    content.greeting,
    ...content.paragraphs,
    `${content.link.intro}\n${content.link.url}`,
    '--',
    content.footer.join('\n'),
  ].join('\n\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const link = `<p>${escapeHtml(content.link.intro)}<br><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.url)}</a></p>`;
  const footer = `<p style="color:#666;font-size:12px">${content.footer.map(escapeHtml).join('<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    link,
    '<hr>',
    footer,
    '</body></html>',
  ].join('\n');
  return { subject: content.subject, text, html };
}
