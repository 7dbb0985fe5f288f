/**
 * The PDF's document information (what a viewer's Properties shows). Chromium takes Title from the
 * page's <title>, but writes its user agent, exact version included, as Creator and "Skia/PDF m<version>"
 * as Producer, and page.pdf() cannot change either. So the information dictionary is replaced after
 * printing.
 *
 * Chromium writes PDF 1.4 with one classic cross-reference table and no incremental update. The new
 * dictionary may be shorter or longer than the old one: the objects after it move, and the table's
 * offsets move with them, so the file stays exact rather than merely readable. A file of any other
 * shape is refused, never guessed at.
 */
export interface DocumentInfo {
  title: string;
  creator: string;
  producer: string;
}

export class UnexpectedPdfError extends Error {
  constructor(what: string) {
    super(`Chromium wrote a PDF this server cannot label (${what}); check the Chromium version against server/src/pdf/document-info.ts.`);
    this.name = 'UnexpectedPdfError';
  }
}

const TAIL = /startxref\r?\n(\d+)\r?\n%%EOF\r?\n?$/;
const XREF_HEADER = /^xref\r?\n0 (\d+)\r?\n/;
/** Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n or f, a two-byte end of line. */
const ENTRY = /^(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)$/;
const ENTRY_BYTES = 20;

/** Any text as a PDF text string: UTF-16BE with its byte order mark, in hex, so nothing needs escaping. */
function textString(value: string): string {
  return `<FEFF${Buffer.from(value, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

interface Entry {
  offset: number;
  generation: string;
  kind: string;
}

export function withDocumentInfo(pdf: Buffer, info: DocumentInfo): Buffer {
  const tail = TAIL.exec(pdf.toString('latin1', Math.max(0, pdf.length - 64)));
  if (!tail) throw new UnexpectedPdfError('no startxref at the end');
  const xrefAt = Number(tail[1]);
  const table = pdf.toString('latin1', xrefAt);
  const header = XREF_HEADER.exec(table);
  if (!header) throw new UnexpectedPdfError('no classic cross-reference table');

  const entries: Entry[] = [];
  for (let i = 0; i < Number(header[1]); i++) {
    const start = header[0].length + i * ENTRY_BYTES;
    const entry = ENTRY.exec(table.slice(start, start + ENTRY_BYTES));
    if (!entry) throw new UnexpectedPdfError(`cross-reference entry ${i} is malformed`);
    entries.push({ offset: Number(entry[1]), generation: entry[2]!, kind: entry[3]! });
  }
  const trailerStart = header[0].length + entries.length * ENTRY_BYTES;
  const trailer = table.slice(trailerStart, table.lastIndexOf('startxref'));
  if (!trailer.startsWith('trailer') || /\/Prev\b/.test(trailer))
    throw new UnexpectedPdfError('the trailer is not that of a single, complete table');
  const infoNumber = Number(/\/Info (\d+) 0 R/.exec(trailer)?.[1]);
  const infoEntry = entries[infoNumber];
  if (infoEntry?.kind !== 'n') throw new UnexpectedPdfError('no document information dictionary');

  const infoAt = infoEntry.offset;
  const endobj = pdf.indexOf('endobj', infoAt, 'latin1');
  const infoEnd = endobj + 'endobj'.length;
  const old = pdf.toString('latin1', infoAt, Math.max(infoAt, infoEnd));
  if (endobj < 0 || infoEnd > xrefAt || !old.startsWith(`${infoNumber} 0 obj`))
    throw new UnexpectedPdfError('the information dictionary is not where the table says');

  // Chromium's dates are kept: when it was printed is no secret, and viewers show it.
  const dates = ['CreationDate', 'ModDate'].flatMap((key) => {
    const date = new RegExp(`/${key} ?\\((D:[0-9+\\-Z']+)\\)`).exec(old)?.[1];
    return date ? [`/${key} (${date})`] : [];
  });
  const fields = [
    `/Title ${textString(info.title)}`,
    `/Creator ${textString(info.creator)}`,
    `/Producer ${textString(info.producer)}`,
    ...dates,
  ];
  const replacement = Buffer.from(`${infoNumber} 0 obj\n<<${fields.join('\n')}>>\nendobj`, 'latin1');
  const shift = replacement.length - (infoEnd - infoAt);

  const moved = (offset: number) => (offset > infoAt ? offset + shift : offset);
  const xref = [
    header[0],
    ...entries.map(
      ({ offset, generation, kind }) => `${String(kind === 'n' ? moved(offset) : offset).padStart(10, '0')} ${generation} ${kind} \n`,
    ),
    trailer,
    `startxref\n${xrefAt + shift}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([pdf.subarray(0, infoAt), replacement, pdf.subarray(infoEnd, xrefAt), Buffer.from(xref, 'latin1')]);
}
