import type { UsStateCode } from '../us-states.ts';

/**
 * The state a ZIP code is in, from its first three digits (the USPS sectional centre). Each entry is the
 * last prefix of a run of prefixes in one state, in ascending order; a run of `null` is a prefix outside
 * the 50 states and DC (Puerto Rico, the Virgin Islands, Guam, the military's APO/FPO ranges) or one the
 * USPS never assigned at the low end. Prefixes the USPS left unused inside a state's run count as that
 * state, which is what a shopper typing a new ZIP expects. Checked on the edges of every run in
 * domain/deals/zip-states.test.ts.
 */
const RUNS: readonly (readonly [last: number, state: UsStateCode | null])[] = [
  [4, null],
  [5, 'NY'],
  [9, null],
  [27, 'MA'],
  [29, 'RI'],
  [38, 'NH'],
  [49, 'ME'],
  [54, 'VT'],
  [55, 'MA'],
  [59, 'VT'],
  [69, 'CT'],
  [89, 'NJ'],
  [99, null],
  [149, 'NY'],
  [196, 'PA'],
  [199, 'DE'],
  [200, 'DC'],
  [201, 'VA'],
  [205, 'DC'],
  [219, 'MD'],
  [246, 'VA'],
  [268, 'WV'],
  [289, 'NC'],
  [299, 'SC'],
  [319, 'GA'],
  [339, 'FL'],
  [340, null],
  [349, 'FL'],
  [369, 'AL'],
  [385, 'TN'],
  [397, 'MS'],
  [399, 'GA'],
  [427, 'KY'],
  [459, 'OH'],
  [479, 'IN'],
  [499, 'MI'],
  [528, 'IA'],
  [549, 'WI'],
  [568, 'MN'],
  [569, 'DC'],
  [577, 'SD'],
  [588, 'ND'],
  [599, 'MT'],
  [629, 'IL'],
  [658, 'MO'],
  [679, 'KS'],
  [693, 'NE'],
  [714, 'LA'],
  [729, 'AR'],
  [731, 'OK'],
  [733, 'TX'],
  [749, 'OK'],
  [799, 'TX'],
  [816, 'CO'],
  [831, 'WY'],
  [838, 'ID'],
  [847, 'UT'],
  [865, 'AZ'],
  [884, 'NM'],
  [885, 'TX'],
  [899, 'NV'],
  [961, 'CA'],
  [966, null],
  [968, 'HI'],
  [969, null],
  [979, 'OR'],
  [994, 'WA'],
  [999, 'AK'],
];

export const ZIP_PATTERN = /^\d{5}$/;

/** The state of a five-digit ZIP code, or null for one outside the 50 states and DC (or not five digits). */
export function stateOfZip(zip: string): UsStateCode | null {
  if (!ZIP_PATTERN.test(zip)) return null;
  const prefix = Number(zip.slice(0, 3));
  return RUNS.find(([last]) => prefix <= last)?.[1] ?? null;
}
