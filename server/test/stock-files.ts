import { generateCars } from '../src/seed/cars.seed.ts';
import { TEST_NOW } from './app.ts';

/** One row of a stock file, by the file's own header names. */
export type StockRow = Record<string, string>;

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}.00`;

/**
 * A dealer's feed of `count` valid cars (the demo inventory's makes, models and VINs), written the
 * way dealer systems write them: "$21,500.00", "45,210", options split by | and ;, descriptions
 * with commas, quotes and line breaks.
 */
export function dealerRows(count: number, { now = TEST_NOW, stockPrefix = 'D' } = {}): StockRow[] {
  return generateCars({ count, now }).map((car, index) => ({
    VIN: car.vin!,
    'Stock Number': `${stockPrefix}${String(index + 1).padStart(5, '0')}`,
    Year: String(car.year),
    Make: car.brand,
    Model: car.model,
    Trim: car.trim ?? '',
    'Body Style': car.body_style ?? '',
    'New/Used': car.condition === 'new' ? 'New' : index % 7 === 0 ? 'CPO' : 'Used',
    Odometer: car.mileage.toLocaleString('en-US'),
    'Internet Price': dollars(car.price),
    MSRP: car.msrp ? dollars(car.msrp) : '',
    'Exterior Color': car.exterior_color ?? '',
    'Interior Color': car.interior_color ?? '',
    Transmission: car.transmission ?? '',
    Drivetrain: car.drivetrain ?? '',
    'Fuel Type': car.fuel_type ?? '',
    Engine: car.engine ?? '',
    'City MPG': String(car.mpg_city ?? ''),
    'Highway MPG': String(car.mpg_highway ?? ''),
    Options: (car.features ?? []).map((feature, i) => (i === 0 ? feature : `${i % 2 ? '|' : ';'}${feature}`)).join(''),
    Description: index % 5 === 0 ? `${car.description}\nAsk for "Sam", our used-car manager.` : (car.description ?? ''),
  }));
}

export interface CsvOptions {
  delimiter?: string;
  eol?: string;
  bom?: boolean;
  headers?: readonly string[];
}

/** A CSV file as a spreadsheet saves it: cells with the delimiter, a quote or a line break in double quotes. */
export function toCsv(rows: readonly StockRow[], { delimiter = ',', eol = '\r\n', bom = false, headers }: CsvOptions = {}): string {
  const columns = headers ?? Object.keys(rows[0] ?? {});
  const cell = (text: string) => (text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [columns.map(cell).join(delimiter), ...rows.map((row) => columns.map((column) => cell(row[column] ?? '')).join(delimiter))];
  return (bom ? '\uFEFF' : '') + lines.join(eol) + eol;
}
