import * as v from 'valibot';
import type { InventoryCar } from '../../../../domain/contracts/inventory.ts';
import { CAR_MIN_YEAR, carWriteSchema, type CarWrite, type CarWriteField, type ListingState } from '../../../../domain/inventory.schema.ts';
import { checkVin, modelYearsOfVin } from '../../../../domain/vin.ts';

/** The car form as the inputs hold it: text everywhere, features one a line, certified a checkbox. */
export type CarFormValues = {
  [Field in CarWriteField]: Field extends 'certified' ? boolean : Field extends 'listingState' ? ListingState : string;
};

/**
 * Every field of the write schema, in the order it declares them: the order the form shows them,
 * which the error summary follows.
 */
export const CAR_FORM_FIELDS = Object.keys(carWriteSchema.pipe[0].entries) as readonly CarWriteField[];

/** Each field's label (a message id). */
export const CAR_FIELD_LABELS: Record<CarWriteField, string> = {
  vin: 'VIN',
  stockNumber: 'Stock number',
  year: 'Year',
  brand: 'Make',
  model: 'Model',
  trim: 'Trim',
  bodyStyle: 'Body style',
  condition: 'Condition',
  certified: 'Certified pre-owned',
  price: 'Price, $',
  msrp: 'MSRP, $',
  mileage: 'Mileage, mi',
  exteriorColor: 'Exterior color',
  interiorColor: 'Interior color',
  transmission: 'Transmission',
  drivetrain: 'Drivetrain',
  fuelType: 'Fuel type',
  engine: 'Engine',
  mpgCity: 'City MPG',
  mpgHighway: 'Highway MPG',
  features: 'Features, one a line',
  description: 'Description',
  listingState: 'Listing state',
};

export const fieldId = (name: string) => `car-${name}`;

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** The form's values for a stored car, or the empty form of a new one (a draft, so nothing reaches the site half-written). */
export function toFormValues(car: InventoryCar | null): CarFormValues {
  return {
    vin: car?.vin ?? '',
    stockNumber: car?.stockNumber ?? '',
    year: car ? String(car.year) : '',
    brand: car?.brand ?? '',
    model: car?.model ?? '',
    trim: text(car?.trim ?? null),
    bodyStyle: text(car?.bodyStyle ?? null),
    condition: car?.condition ?? '',
    certified: car?.certified ?? false,
    price: car ? String(car.price) : '',
    msrp: text(car?.msrp ?? null),
    mileage: car ? String(car.mileage) : '',
    exteriorColor: text(car?.exteriorColor ?? null),
    interiorColor: text(car?.interiorColor ?? null),
    transmission: text(car?.transmission ?? null),
    drivetrain: text(car?.drivetrain ?? null),
    fuelType: text(car?.fuelType ?? null),
    engine: text(car?.engine ?? null),
    mpgCity: text(car?.mpgCity ?? null),
    mpgHighway: text(car?.mpgHighway ?? null),
    features: (car?.features ?? []).join('\n'),
    description: car?.description ?? '',
    // An archived car is edited back into a state staff may set; draft keeps it off the site.
    listingState: car && car.listingState !== 'archived' ? car.listingState : 'draft',
  };
}

/**
 * The form judged by the server's own write schema (one source of truth): the inputs' text goes in
 * as it is, features split into lines, and what comes out is the body the API is sent.
 */
export const carFormSchema = v.pipe(
  v.custom<CarFormValues>((value) => typeof value === 'object' && value !== null),
  v.transform((values): v.InferInput<typeof carWriteSchema> => ({ ...values, features: values.features.split('\n') })),
  carWriteSchema,
);

/** The fields whose parsed value differs from the stored car: what a PATCH carries. */
export function changedFields(parsed: CarWrite, car: InventoryCar): Partial<CarWrite> {
  const changed: Record<string, unknown> = {};
  for (const field of CAR_FORM_FIELDS) {
    if (JSON.stringify(parsed[field]) !== JSON.stringify(car[field])) changed[field] = parsed[field];
  }
  return changed;
}

/**
 * The model year position 10 of the VIN gives, or null while the VIN is not valid. A code means two
 * years 30 apart; a future model year (beyond next year's, on sale now) is not meant, and of the
 * two the likelier comes first (modelYearsOfVin: 49 CFR 565.15's position-7 rule for cars and light
 * trucks). Staff can still change it, and the write schema checks it agrees with the VIN either way.
 */
export function yearFromVin(vin: string, today = new Date()): number | null {
  if (checkVin(vin) !== null) return null;
  const latest = today.getFullYear() + 1;
  return modelYearsOfVin(vin).find((year) => year >= CAR_MIN_YEAR && year <= latest) ?? null;
}
