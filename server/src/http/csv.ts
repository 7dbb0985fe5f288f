/**
 * CSV the server writes: RFC 4180 quoting and CRLF line ends. The stock-file export is for people,
 * who open it in Excel, so every cell a spreadsheet would run as a formula is neutralised there with a
 * leading apostrophe (OWASP: CSV injection). The ads feeds are for machines that read the value as
 * written: an apostrophe would reach shoppers ("'+1 (214) 555-0147"), so they are plain CSV.
 */

/** A spreadsheet runs a cell that begins with one of these as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

const neutralise = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** One line of a CSV file people open in a spreadsheet, its line break included. */
export const csvLine = (cells: readonly string[]): string => plainCsvLine(cells.map(neutralise));

/** One line of a CSV file only programs read, each value verbatim, its line break included. */
export const plainCsvLine = (cells: readonly string[]): string => cells.map(quote).join(',') + '\r\n';
