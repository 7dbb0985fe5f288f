/**
 * CSV the server writes (the stock-file export, the ads feeds): RFC 4180 quoting, CRLF line ends, and
 * every cell a spreadsheet would run as a formula neutralised with a leading apostrophe (OWASP: CSV
 * injection), since anyone may open these files in Excel.
 */

/** A spreadsheet runs a cell that begins with one of these as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

const neutralise = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** One line of a CSV file, its line break included. */
export const csvLine = (cells: readonly string[]): string => cells.map((cell) => quote(neutralise(cell))).join(',') + '\r\n';
