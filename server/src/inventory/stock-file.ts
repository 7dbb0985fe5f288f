import { parse } from 'csv-parse/sync';
import * as v from 'valibot';
import type { IgnoredColumnDetail, ImportProblem, ImportProblemDetail } from '../../../domain/contracts/inventory-import.ts';
import type { InventoryCar } from '../../../domain/contracts/inventory.ts';
import { getFieldErrors } from '../../../domain/contracts/errors.ts';
import { CAR_BODY_STYLES, type CarListingState } from '../../../domain/enums.ts';
import { carWriteSchema, LISTING_STATES, type CarWrite, type CarWriteField } from '../../../domain/inventory.schema.ts';
import { normalizeVin } from '../../../domain/vin.ts';
import { csvLine, FORMULA_START } from '../http/csv.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Stock files (docs/product/catalogue.md#catalogue): the CSV a dealer management system exports, read into
 * the input of the one write schema, and the inventory written back out with the same columns.
 * Nothing here touches the database; stock-file.service.ts decides what each row does.
 */

export const STOCK_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const STOCK_FILE_MAX_ROWS = 10_000;
/** A runaway quote swallows the rest of the file into one cell; no honest row is this long. */
const MAX_RECORD_CHARACTERS = 64 * 1024;

/** What a column fills: a write field, the Type column (condition and certified pre-owned) or the photo URLs. */
type ColumnTarget = Exclude<CarWriteField, 'condition' | 'certified'> | 'type' | 'photoUrls';

interface StockColumn {
  /** The header the export writes and docs/product/inventory.md#stock-files lists. */
  header: string;
  target: ColumnTarget;
  /** Other names dealer systems use, compared as the canonical one is (normalizeHeader). */
  aliases: string[];
}

/** In the order the export writes them. */
export const STOCK_FILE_COLUMNS: readonly StockColumn[] = [
  { header: 'VIN', target: 'vin', aliases: [] },
  { header: 'Stock', target: 'stockNumber', aliases: ['StockNumber', 'StockNo', 'Stock#'] },
  { header: 'Year', target: 'year', aliases: ['ModelYear'] },
  { header: 'Make', target: 'brand', aliases: ['Brand'] },
  { header: 'Model', target: 'model', aliases: [] },
  { header: 'Trim', target: 'trim', aliases: [] },
  { header: 'Body', target: 'bodyStyle', aliases: ['BodyStyle', 'BodyType'] },
  { header: 'Type', target: 'type', aliases: ['Condition', 'NewUsed'] },
  { header: 'Mileage', target: 'mileage', aliases: ['Odometer', 'Miles'] },
  { header: 'Price', target: 'price', aliases: ['InternetPrice', 'SellingPrice'] },
  { header: 'MSRP', target: 'msrp', aliases: [] },
  { header: 'ExteriorColor', target: 'exteriorColor', aliases: ['ExtColor', 'Color'] },
  { header: 'InteriorColor', target: 'interiorColor', aliases: ['IntColor'] },
  { header: 'Transmission', target: 'transmission', aliases: [] },
  { header: 'Drivetrain', target: 'drivetrain', aliases: ['DriveType'] },
  { header: 'Fuel', target: 'fuelType', aliases: ['FuelType'] },
  { header: 'Engine', target: 'engine', aliases: [] },
  { header: 'CityMPG', target: 'mpgCity', aliases: ['MPGCity'] },
  { header: 'HighwayMPG', target: 'mpgHighway', aliases: ['MPGHighway', 'HwyMPG'] },
  { header: 'Features', target: 'features', aliases: ['Options'] },
  { header: 'Description', target: 'description', aliases: ['Comments'] },
  { header: 'State', target: 'listingState', aliases: ['ListingState'] },
  { header: 'PhotoURLs', target: 'photoUrls', aliases: ['Photos', 'PhotoURL', 'ImageURLs'] },
];

/** "Stock Number", "stock_number" and "STOCKNUMBER" are one header; so are "New/Used" and "NewUsed". */
const normalizeHeader = (name: string) => name.toLowerCase().replace(/[^a-z0-9#]/g, '');

const COLUMN_BY_NAME = new Map(
  STOCK_FILE_COLUMNS.flatMap((column) => [column.header, ...column.aliases].map((name) => [normalizeHeader(name), column] as const)),
);

const DELIMITERS = [',', ';', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];
const delimiterName = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const satisfies Record<Delimiter, string>;

const rowList = (rows: number[]) => (rows.length === 1 ? `row ${rows[0]}` : `rows ${rows.join(', ')}`);

/** A problem's English words, for the API's `message` (the dashboard words each code itself, in the reader's language). */
function englishOf(detail: Exclude<ImportProblemDetail, { code: 'invalid_value' }>): string {
  switch (detail.code) {
    case 'duplicate_vin':
      return `VIN ${detail.params.vin} is also on ${rowList(detail.params.rows)}.`;
    case 'duplicate_stock_number':
      return `Stock number ${detail.params.stockNumber} is also on ${rowList(detail.params.rows)}.`;
    case 'stock_number_of_another_car':
      return `Stock number ${detail.params.stockNumber} belongs to another car: ${detail.params.car}, VIN ${detail.params.vin}.`;
    case 'stock_number_of_car_with_another_vin':
      return `Stock number ${detail.params.stockNumber} belongs to a car with another VIN: ${detail.params.car}, VIN ${detail.params.vin}. Correct the VIN or the stock number.`;
    case 'archived_car':
      return `This car (stock number ${detail.params.stockNumber}) is archived; restore it in the dashboard first.`;
    case 'row_too_long':
      return `The row has ${detail.params.cells} cells but the header has ${detail.params.columns}: a cell with a ${detail.params.delimiter} in it must be in double quotes.`;
    case 'unknown_type':
      return `${detail.params.column} must be New, Used, Certified or CPO.`;
    case 'photo_url_not_web':
      return `Not an http or https address, so it is not fetched: ${detail.params.url}`;
  }
}

/** A problem the importer found, with its code, its values and its English message. */
export const importProblem = (
  row: number,
  column: string | null,
  detail: Exclude<ImportProblemDetail, { code: 'invalid_value' }>,
): ImportProblem => ({ row, column, message: englishOf(detail), ...detail });

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its cells by column. */
export interface StockFileRow {
  row: number;
  cells: Map<ColumnTarget, string>;
  /** Problems of the row's shape (more cells than the header has). */
  problems: ImportProblem[];
}

export interface StockFile {
  /** windows-1252 when the bytes were not UTF-8 (an old DMS or Excel's "CSV" on Windows). */
  encoding: 'utf-8' | 'windows-1252';
  delimiter: Delimiter;
  /** The file's header names → the canonical header each was matched to. */
  matched: Record<string, string>;
  ignored: string[];
  /** Why a column that names one of ours was ignored all the same: its values are not what that column holds. */
  ignoredReasons: Record<string, string>;
  ignoredDetails: Record<string, IgnoredColumnDetail>;
  /** The file's own name for each column it has, for problems ("InternetPrice", not "Price"). */
  headerOf: Map<ColumnTarget, string>;
  rows: StockFileRow[];
}

const tooLarge = () =>
  new HttpError(
    'payload_too_large',
    `The stock file has more than ${STOCK_FILE_MAX_ROWS.toLocaleString('en-US')} cars. Split it into files of at most ${STOCK_FILE_MAX_ROWS.toLocaleString('en-US')} rows and import them one after another.`,
  );

function decode(bytes: Buffer): Pick<StockFile, 'encoding'> & { text: string } {
  try {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    // Not UTF-8: Excel on Windows and older dealer systems write Windows-1252, of which Latin-1 is a part.
    return { encoding: 'windows-1252', text: new TextDecoder('windows-1252').decode(bytes) };
  }
}

/** csv-parse's codes for a file that is not well-formed CSV, in words a dealer can act on. */
function unreadable(error: unknown): HttpError {
  const { code, message, lines } = error as { code?: string; message?: string; lines?: number };
  const where = lines ? ` (near line ${lines})` : '';
  if (code === 'CSV_QUOTE_NOT_CLOSED') return new HttpError('bad_request', `A quoted cell is never closed${where}: check for a stray ".`);
  if (code === 'CSV_MAX_RECORD_SIZE')
    return new HttpError('bad_request', `A row is longer than ${MAX_RECORD_CHARACTERS / 1024} KB${where}: check for a stray ".`);
  if (code?.startsWith('CSV_')) return new HttpError('bad_request', `The file could not be read as CSV${where}: ${message ?? code}.`);
  throw error;
}

const parseRecords = (text: string, delimiter: Delimiter, toLine?: number): string[][] =>
  parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    // Records, not lines: one more than the limit is enough to know the file is over it.
    to: STOCK_FILE_MAX_ROWS + 2,
    ...(toLine === undefined ? {} : { to_line: toLine }),
  });

/**
 * The delimiter is the one that splits the header into the most columns we know: a semicolon file
 * read with commas is one unknown column, and so is a tab file.
 */
function detectDelimiter(text: string): { delimiter: Delimiter; header: string[] } {
  let best: { delimiter: Delimiter; header: string[]; known: number } | undefined;
  for (const delimiter of DELIMITERS) {
    let header: string[];
    try {
      header = parseRecords(text, delimiter, 1)[0] ?? [];
    } catch {
      continue;
    }
    const known = new Set(header.map((name) => COLUMN_BY_NAME.get(normalizeHeader(name))).filter(Boolean)).size;
    if (!best || known > best.known) best = { delimiter, header, known };
  }
  if (!best || best.known < 2)
    throw new HttpError(
      'bad_request',
      'The first row of the file names none of the stock-file columns (such as VIN, Stock, Year, Make, Model, Price), separated by commas, semicolons or tabs. Export the file from your dealer system as CSV with a header row.',
      { file: 'header row not recognised' },
    );
  return best;
}

/** Reads an uploaded stock file, or answers why it cannot be read (400, 413). */
export function readStockFile(bytes: Buffer): StockFile {
  if (bytes.length > STOCK_FILE_MAX_BYTES) throw new HttpError('payload_too_large', 'The stock file is larger than 10 MB.');
  const { encoding, text } = decode(bytes);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new HttpError('bad_request', 'The stock file is empty.', { file: 'empty' });
  const { delimiter, header } = detectDelimiter(text);

  let records: string[][];
  try {
    records = parseRecords(text, delimiter);
  } catch (error) {
    throw unreadable(error);
  }
  if (records.length > STOCK_FILE_MAX_ROWS + 1) throw tooLarge();
  // A blank line still takes a row number in a spreadsheet, so the numbers stay the dealer's.
  const data = records
    .slice(1)
    .map((record, index) => ({ record, row: index + 2 }))
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (data.length === 0) throw new HttpError('bad_request', 'The stock file has a header row but no cars under it.', { file: 'no rows' });

  // Each of our columns is read from the first of the file's columns named for it whose values fit it.
  const matched: Record<string, string> = {};
  const ignored: string[] = [];
  const ignoredReasons: Record<string, string> = {};
  const ignoredDetails: Record<string, IgnoredColumnDetail> = {};
  const headerOf = new Map<ColumnTarget, string>();
  const indexOf = new Map<ColumnTarget, number>();
  header.forEach((name, index) => {
    const column = COLUMN_BY_NAME.get(normalizeHeader(name));
    const reason =
      column && !indexOf.has(column.target)
        ? unfitColumn(
            column.target,
            name,
            data.map(({ record }) => record[index] ?? ''),
          )
        : null;
    if (!column || indexOf.has(column.target) || reason !== null) {
      if (name.trim() !== '') ignored.push(name);
      if (reason !== null) {
        ignoredReasons[name] = reason.message;
        ignoredDetails[name] = reason.detail;
      }
      return;
    }
    matched[name] = column.header;
    headerOf.set(column.target, name);
    indexOf.set(column.target, index);
  });

  const rows = data.map(({ record, row }): StockFileRow => {
    const cells = new Map<ColumnTarget, string>();
    // A short row is a dealer system leaving trailing cells out; a long one has a cell split in two.
    for (const [target, column] of indexOf) cells.set(target, unneutralise(record[column] ?? ''));
    const problems = record.slice(header.length).some((cell) => cell.trim() !== '')
      ? [
          importProblem(row, null, {
            code: 'row_too_long',
            params: { cells: record.length, columns: header.length, delimiter: delimiterName[delimiter] },
          }),
        ]
      : [];
    return { row, cells, problems };
  });
  return { encoding, delimiter, matched, ignored, ignoredReasons, ignoredDetails, headerOf, rows };
}

/**
 * Why a column is not what its name says, judged by its values across the file, or null when it
 * is. Another system's "State" holds US state codes and its "Condition" an auction grade: read as
 * our listing state or type, they would refuse every row. A column is ignored when fewer than
 * half of its values fit; a column that mostly fits is ours, and a row whose value does not is
 * refused for it.
 */
function unfitColumn(
  target: ColumnTarget,
  name: string,
  cells: readonly string[],
): { message: string; detail: IgnoredColumnDetail } | null {
  if (!(target in VOCABULARIES)) return null;
  const holds = target as keyof typeof VOCABULARIES;
  const vocabulary = VOCABULARIES[holds];
  const values = cells.map((cell) => cell.trim()).filter((value) => value !== '');
  const unfit = values.filter((value) => !vocabulary.fits(value.toLowerCase()));
  if (unfit.length * 2 <= values.length) return null;
  const examples = [...new Set(unfit)].slice(0, 5);
  return {
    message: `Column "${name}" ignored: its values (${examples.join(', ')}) are not ${vocabulary.name}.`,
    detail: { code: 'unfit_column', params: { column: name, examples, holds } },
  };
}

/** The input of carWriteSchema a row gives, with the photo URLs and the problems found on the way. */
export interface RowInput {
  /** Only the fields the file has columns for: an update leaves the others as they are. */
  fields: Partial<Record<CarWriteField, unknown>>;
  photoUrls: string[];
  /** Problems that refuse the row. */
  problems: ImportProblem[];
  /** Problems that do not: a photo address that is not fetched. */
  notes: ImportProblem[];
}

const blank = (cell: string | undefined): cell is undefined => cell === undefined || cell.trim() === '';

const features = (cell: string) => cell.split(/[|;]/).map((feature) => feature.trim());

/** Body styles as dealer systems write them, beside the catalogue's own (CAR_BODY_STYLES, read by the schema). */
const BODY_SYNONYMS: Record<string, string> = {
  truck: 'pickup',
  'pickup truck': 'pickup',
  'crew cab pickup': 'pickup',
  'sport utility': 'suv',
  'sport utility vehicle': 'suv',
  van: 'minivan',
  hatch: 'hatchback',
  'station wagon': 'wagon',
  cabriolet: 'convertible',
};

const TYPE_VALUES: Record<string, Pick<CarWrite, 'condition' | 'certified'>> = {
  new: { condition: 'new', certified: false },
  used: { condition: 'used', certified: false },
  'pre-owned': { condition: 'used', certified: false },
  preowned: { condition: 'used', certified: false },
  certified: { condition: 'used', certified: true },
  cpo: { condition: 'used', certified: true },
  'certified pre-owned': { condition: 'used', certified: true },
};

const LISTING_STATE_VALUES: Record<string, string> = { 'sale pending': 'pending' };
const listingStateOf = (cell: string) => LISTING_STATE_VALUES[cell.trim().toLowerCase()] ?? cell.trim().toLowerCase();
const bodyStyleOf = (cell: string) => BODY_SYNONYMS[cell.trim().toLowerCase()] ?? cell;

/** The columns whose values come from a list, with what a value of each must be (lower case). */
const VOCABULARIES = {
  type: { name: 'New, Used, Certified or CPO', fits: (value: string) => value in TYPE_VALUES },
  listingState: {
    name: `listing states (${LISTING_STATES.join(', ')})`,
    fits: (value: string) => (LISTING_STATES as readonly string[]).includes(listingStateOf(value)),
  },
  bodyStyle: { name: 'body styles', fits: (value: string) => (CAR_BODY_STYLES as readonly string[]).includes(bodyStyleOf(value)) },
} satisfies Partial<Record<ColumnTarget, { name: string; fits: (value: string) => boolean }>>;

/** Whatever separates a dealer system's photo list: |, commas, spaces or line breaks. */
const splitUrls = (cell: string) => cell.split(/[|,\s]+/).filter((url) => url !== '');

const isWebUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** Maps a row's cells to the write schema's input (which reads money and miles itself): types, lists and synonyms. */
export function rowInput(file: Pick<StockFile, 'headerOf'>, { row, cells, problems: shape }: StockFileRow): RowInput {
  const fields: RowInput['fields'] = {};
  const problems: ImportProblem[] = [...shape];
  const notes: ImportProblem[] = [];
  let photoUrls: string[] = [];
  for (const [target, cell] of cells) {
    const column = file.headerOf.get(target) ?? null;
    switch (target) {
      case 'type': {
        if (blank(cell)) break;
        const type = TYPE_VALUES[cell.trim().toLowerCase()];
        if (type) Object.assign(fields, type);
        else problems.push(importProblem(row, column, { code: 'unknown_type', params: { column } }));
        break;
      }
      case 'photoUrls': {
        const urls = splitUrls(cell);
        photoUrls = urls.filter(isWebUrl);
        for (const url of urls.filter((url) => !isWebUrl(url)))
          notes.push(importProblem(row, column, { code: 'photo_url_not_web', params: { url: url.slice(0, 200) } }));
        break;
      }
      case 'features':
        fields[target] = features(cell);
        break;
      case 'bodyStyle':
        fields[target] = bodyStyleOf(cell);
        break;
      case 'listingState':
        // A blank state leaves the car's state alone; a new car is then available (stock-file.service.ts).
        if (!blank(cell)) fields[target] = listingStateOf(cell);
        break;
      default:
        fields[target] = cell;
    }
  }
  return { fields, photoUrls, problems, notes };
}

/** The column a field's problem belongs to: the file's own header, or the canonical one when the file has none. */
export function columnOfField(file: Pick<StockFile, 'headerOf'>, field: string): string | null {
  const target = (field === 'condition' || field === 'certified' ? 'type' : field) as ColumnTarget;
  const column = STOCK_FILE_COLUMNS.find((candidate) => candidate.target === target);
  return file.headerOf.get(target) ?? column?.header ?? null;
}

/** Every problem the write schema finds in a row, each under its column. */
export function validateRow(
  file: Pick<StockFile, 'headerOf'>,
  row: number,
  input: Record<string, unknown>,
): { car: CarWrite; problems: [] } | { car: null; problems: ImportProblem[] } {
  const result = v.safeParse(carWriteSchema, input);
  if (result.success) return { car: result.output, problems: [] };
  const problems = Object.entries(getFieldErrors(result.issues)).map(([field, message]): ImportProblem => ({
    row,
    column: field === '' ? null : columnOfField(file, field.split('.')[0]!),
    message,
    code: 'invalid_value',
    params: {},
  }));
  return { car: null, problems };
}

/** The VIN a row names, as the schema would store it, for matching; null when blank. */
export const rowVin = (fields: RowInput['fields']) =>
  typeof fields.vin === 'string' && fields.vin.trim() !== '' ? normalizeVin(fields.vin) : null;
/** Stock numbers are stored in capitals (inventory.schema.ts). */
export const rowStockNumber = (fields: RowInput['fields']) =>
  typeof fields.stockNumber === 'string' && fields.stockNumber.trim() !== '' ? fields.stockNumber.trim().toUpperCase() : null;

// ---- export ----------------------------------------------------------------------------------

/** The importer's inverse of csvLine's neutralising, so an exported file imports back unchanged. */
const unneutralise = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

const typeOf = (car: Pick<CarWrite, 'condition' | 'certified'>) => (car.condition === 'new' ? 'New' : car.certified ? 'Certified' : 'Used');

/** What a line of the export needs: the write fields, the state and the photos' addresses (an InventoryCar has them). */
export type ExportedCar = Omit<CarWrite, 'listingState'> & {
  listingState: CarListingState;
  photos: ReadonlyArray<Pick<InventoryCar['photos'][number], 'url'>>;
};

function exportCell(car: ExportedCar, target: ColumnTarget, absolute: (url: string) => string): string {
  switch (target) {
    case 'type':
      return typeOf(car);
    case 'photoUrls':
      return car.photos.map((photo) => absolute(photo.url)).join('|');
    case 'features':
      return car.features.join('|');
    default: {
      const value = car[target];
      return value === null || value === undefined ? '' : String(value);
    }
  }
}

/** Excel opens a UTF-8 CSV as UTF-8 only when it begins with a byte order mark. */
const BOM = '\uFEFF';

/**
 * The inventory as a stock file: the import's canonical headers, one car a line, CRLF as RFC 4180
 * has it, every cell a spreadsheet would run as a formula neutralised with a leading apostrophe.
 */
export function writeStockFile(cars: readonly ExportedCar[], absolute: (url: string) => string = (url) => url): string {
  let text = BOM + csvLine(STOCK_FILE_COLUMNS.map((column) => column.header));
  for (const car of cars) text += csvLine(STOCK_FILE_COLUMNS.map((column) => exportCell(car, column.target, absolute)));
  return text;
}
