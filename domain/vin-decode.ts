import { checkVin, modelYearsOfVin, normalizeVin } from './vin.ts';

/**
 * What a VIN says offline (docs/product/trade-ins.md#describing-the-car): the model year from
 * position 10 and the make from the world manufacturer identifier (positions 1–3), for the makes a
 * US dealer meets. NHTSA's full vPIC decoding (model, trim, body) needs its database at run time;
 * this table needs nothing, and a VIN it does not know still gives its year.
 */
const MAKES_BY_WMI: Readonly<Record<string, string>> = {
  '1FA': 'Ford',
  '1FM': 'Ford',
  '1FT': 'Ford',
  '1FD': 'Ford',
  '1ZV': 'Ford',
  '2FA': 'Ford',
  '2FM': 'Ford',
  '3FA': 'Ford',
  '3FM': 'Ford',
  '1LN': 'Lincoln',
  '5LM': 'Lincoln',
  '1G1': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GN': 'Chevrolet',
  '2G1': 'Chevrolet',
  '3G1': 'Chevrolet',
  '3GN': 'Chevrolet',
  KL7: 'Chevrolet',
  '1GT': 'GMC',
  '1GK': 'GMC',
  '3GT': 'GMC',
  '1G4': 'Buick',
  '5GA': 'Buick',
  KL4: 'Buick',
  '1G6': 'Cadillac',
  '1GY': 'Cadillac',
  '1C3': 'Chrysler',
  '2C3': 'Chrysler',
  '2C4': 'Chrysler',
  '1B3': 'Dodge',
  '2B3': 'Dodge',
  '1C4': 'Jeep',
  '1J4': 'Jeep',
  '1J8': 'Jeep',
  '1C6': 'Ram',
  '3C6': 'Ram',
  '1HG': 'Honda',
  '2HG': 'Honda',
  '5FN': 'Honda',
  '5J6': 'Honda',
  JHM: 'Honda',
  '19U': 'Acura',
  '19X': 'Honda',
  JH4: 'Acura',
  '4T1': 'Toyota',
  '4T3': 'Toyota',
  '5TD': 'Toyota',
  '5TF': 'Toyota',
  '2T1': 'Toyota',
  '2T3': 'Toyota',
  JTD: 'Toyota',
  JTE: 'Toyota',
  JTM: 'Toyota',
  JTN: 'Toyota',
  JTH: 'Lexus',
  '2T2': 'Lexus',
  '1N4': 'Nissan',
  '1N6': 'Nissan',
  '3N1': 'Nissan',
  '5N1': 'Nissan',
  JN1: 'Nissan',
  JN8: 'Nissan',
  JNK: 'Infiniti',
  '5XY': 'Kia',
  KNA: 'Kia',
  KND: 'Kia',
  '5NP': 'Hyundai',
  '5NM': 'Hyundai',
  KMH: 'Hyundai',
  KM8: 'Hyundai',
  KMU: 'Genesis',
  JF1: 'Subaru',
  JF2: 'Subaru',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  JM1: 'Mazda',
  JM3: 'Mazda',
  '3MZ': 'Mazda',
  '3MV': 'Mazda',
  JA3: 'Mitsubishi',
  JA4: 'Mitsubishi',
  WBA: 'BMW',
  WBS: 'BMW',
  '5UX': 'BMW',
  '5YM': 'BMW',
  WDD: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  W1K: 'Mercedes-Benz',
  W1N: 'Mercedes-Benz',
  '4JG': 'Mercedes-Benz',
  '55S': 'Mercedes-Benz',
  WAU: 'Audi',
  WA1: 'Audi',
  WVW: 'Volkswagen',
  WVG: 'Volkswagen',
  '1VW': 'Volkswagen',
  '3VW': 'Volkswagen',
  WP0: 'Porsche',
  WP1: 'Porsche',
  YV1: 'Volvo',
  YV4: 'Volvo',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  WMW: 'MINI',
  ZFA: 'Fiat',
  '3C3': 'Fiat',
  ZAR: 'Alfa Romeo',
  '5YJ': 'Tesla',
  '7SA': 'Tesla',
  LRW: 'Tesla',
};

/** The make a VIN's manufacturer code names, or null when the table does not know it. */
export const makeOfVin = (vin: string): string | null => MAKES_BY_WMI[normalizeVin(vin).slice(0, 3)] ?? null;

export interface DecodedVin {
  /** The model year, the likelier reading of position 10 (see modelYearsOfVin), capped at next year's models. */
  year: number;
  make: string | null;
}

/**
 * A valid VIN's year and make, or null for a VIN that is not valid. Of the two years position 10
 * can mean, the one that is not in the future (a car is sold at most as next year's model) wins.
 */
export function decodeVin(vin: string, now: Date = new Date()): DecodedVin | null {
  if (checkVin(vin) !== null) return null;
  const latest = now.getUTCFullYear() + 1;
  const years = modelYearsOfVin(vin);
  const year = years.find((candidate) => candidate <= latest) ?? years[0]!;
  return { year, make: makeOfVin(vin) };
}
