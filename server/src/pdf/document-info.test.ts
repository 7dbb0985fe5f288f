import { describe, expect, it } from 'vitest';
import { UnexpectedPdfError, withDocumentInfo } from './document-info.ts';

/** A PDF 1.4 file as Chromium lays one out: numbered objects, one classic table, a trailer. */
function classicPdf(objects: string[], trailer: string): Buffer {
  let text = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const table = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  return Buffer.from(`${text}trailer\n<<${trailer}>>\nstartxref\n${table}\n%%EOF\n`, 'latin1');
}

const INFO = { title: 'Application #7', creator: 'Liberty Auto Credit', producer: 'Liberty Auto Credit' };
const hex = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

describe("replacing a PDF's properties", () => {
  it('rewrites the information dictionary, keeps its dates and moves the objects after it', () => {
    const pdf = classicPdf(
      [
        '<</Type /Catalog /Pages 3 0 R>>',
        "<</Title (Mary Major)\n/Creator (HeadlessChrome/156.0.0.0)\n/Producer (Skia/PDF m156)\n/CreationDate (D:20261125170306+00'00')>>",
        '<</Type /Pages /Kids [] /Count 0>>',
      ],
      '/Size 4\n/Root 1 0 R\n/Info 2 0 R',
    );
    const text = withDocumentInfo(pdf, INFO).toString('latin1');
    expect(text).toContain(
      `2 0 obj\n<</Title ${hex(INFO.title)}\n/Creator ${hex(INFO.creator)}\n/Producer ${hex(INFO.producer)}\n/CreationDate (D:20261125170306+00'00')>>\nendobj`,
    );
    expect(text).not.toMatch(/Mary|Chrome|Skia/);
    const table = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.startsWith('xref\n0 4\n', table)).toBe(true);
    const offsets = text
      .slice(table)
      .split('\n')
      .slice(3, 6)
      .map((entry) => Number(entry.slice(0, 10)));
    expect(offsets.map((offset, index) => text.startsWith(`${index + 1} 0 obj`, offset))).toEqual([true, true, true]);
  });

  it.each([
    ['no startxref at its end', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n')],
    ['a cross-reference stream instead of a table', Buffer.from('%PDF-1.5\n1 0 obj\n<</Type /XRef>>\nendobj\nstartxref\n9\n%%EOF\n')],
    ['an incremental update', classicPdf(['<</Type /Catalog>>', '<</Title (x)>>'], '/Size 3\n/Root 1 0 R\n/Info 2 0 R\n/Prev 9')],
    ['no information dictionary', classicPdf(['<</Type /Catalog>>'], '/Size 2\n/Root 1 0 R')],
  ])('refuses a file with %s rather than guess', (_case, pdf) => {
    expect(() => withDocumentInfo(pdf, INFO)).toThrow(UnexpectedPdfError);
  });
});
