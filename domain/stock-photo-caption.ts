import { STOCK_NUMBER_MAX_LENGTH } from './inventory.schema.ts';

/** The car a photo's caption names, as staff write it on the lot (docs/product/inventory.md#photos-from-your-phone). */
export interface StockReference {
  /** The stock number or VIN, in capitals as both are stored. */
  text: string;
  /** Written as "stock …", "VIN …" or "#…": nobody means anything else by it. */
  marked: boolean;
}

const TOKEN = `([a-z0-9-]{1,${STOCK_NUMBER_MAX_LENGTH}})`;
const MARKED = new RegExp(`^(?:(?:stock|vin)(?:\\s*(?:no\\.?|number))?(?:\\s*[:#]\\s*|\\s+)|#\\s*)${TOKEN}$`, 'i');
const BARE = new RegExp(`^${TOKEN}$`, 'i');

/**
 * "stock 12345", "Stock #12345", "#12345", "VIN 1HGCM82633A004352" or the bare token. A bare token
 * counts only with a digit in it, so a one-word caption such as "Front" is not taken for a stock
 * number; a stock number made of letters alone is written "stock ABC".
 */
export function stockReferenceIn(caption: string | null | undefined): StockReference | undefined {
  const text = (caption ?? '').trim().replace(/\s+/g, ' ');
  const marked = MARKED.exec(text);
  if (marked) return { text: marked[1]!.toUpperCase(), marked: true };
  const bare = BARE.exec(text);
  if (bare && /\d/.test(text)) return { text: bare[1]!.toUpperCase(), marked: false };
  return undefined;
}
