import * as v from 'valibot';
import { carUuidSchema } from './cars.ts';
import { CAR_BODY_STYLES, CAR_CONDITIONS, CAR_LISTING_STATES, type CarListingState } from './enums.ts';
import { parseNumber } from './format.ts';
import { choiceParam, pagingParams, textParam, wholeNumberParam } from './query-params.ts';
import { characterCount, hasNoControlCharacters, normalizeLineBreaks } from './text.ts';
import { checkVin, normalizeVin, vinMessages } from './vin.ts';

/**
 * The car record staff manage (docs/product/catalogue.md#catalogue): one write schema for the dashboard's car
 * form, the staff API and each row of a stock-file import, so a car is judged by the same rules
 * whichever way it arrives. Wire names are the catalogue's (`brand` is the make).
 */

/** The states staff may put a car in; `archived` is reached only by deleting a car something refers to. */
export const LISTING_STATES = ['draft', 'available', 'pending', 'sold'] as const satisfies readonly CarListingState[];
export type ListingState = (typeof LISTING_STATES)[number];

export const STOCK_NUMBER_MAX_LENGTH = 20;
export const CAR_TEXT_MAX_LENGTH = 100;
export const CAR_FEATURE_MAX_LENGTH = 200;
export const CAR_FEATURES_MAX_COUNT = 100;
export const CAR_DESCRIPTION_MAX_LENGTH = 5000;
/** 17-character VINs exist from model year 1981 on (49 CFR 565), and every car here has one. */
export const CAR_MIN_YEAR = 1981;
export const CAR_MAX_YEAR = 2100;
export const CAR_MAX_PRICE = 10_000_000;
export const CAR_MAX_MILEAGE = 2_000_000;
export const CAR_MAX_MPG = 999;

/** English texts are also the Lingui message ids, as with validationMessages. */
export const inventoryMessages = {
  vinRequired: 'VIN is required.',
  stockNumberRequired: 'Stock number is required.',
  stockNumberInvalid: 'Stock number must be 1 to 20 letters, digits or dashes.',
  yearInvalid: 'Year must be a whole number from 1981 to 2100.',
  makeRequired: 'Make is required.',
  makeInvalid: 'Make must be one line of 100 characters or fewer.',
  modelRequired: 'Model is required.',
  modelInvalid: 'Model must be one line of 100 characters or fewer.',
  trimInvalid: 'Trim must be one line of 100 characters or fewer.',
  bodyStyleInvalid: 'Body style must be one of sedan, suv, pickup, hatchback, coupe, minivan, convertible or wagon.',
  conditionInvalid: 'Condition must be new or used.',
  certifiedInvalid: 'Certified pre-owned must be true or false.',
  newCannotBeCertified: 'A new car cannot be certified pre-owned.',
  priceInvalid: 'Price must be a whole number of dollars above 0.',
  msrpInvalid: 'MSRP must be a whole number of dollars above 0.',
  mileageInvalid: 'Mileage must be a whole number of miles, 0 or more.',
  exteriorColorInvalid: 'Exterior color must be one line of 100 characters or fewer.',
  interiorColorInvalid: 'Interior color must be one line of 100 characters or fewer.',
  transmissionInvalid: 'Transmission must be one line of 100 characters or fewer.',
  drivetrainInvalid: 'Drivetrain must be one line of 100 characters or fewer.',
  fuelTypeInvalid: 'Fuel type must be one line of 100 characters or fewer.',
  engineInvalid: 'Engine must be one line of 100 characters or fewer.',
  mpgCityInvalid: 'City MPG must be a whole number from 1 to 999.',
  mpgHighwayInvalid: 'Highway MPG must be a whole number from 1 to 999.',
  featuresInvalid: 'Features must be a list of up to 100 items, each one line of 200 characters or fewer.',
  descriptionInvalid: 'Description must be 5,000 characters or fewer, with no control characters but line breaks and tabs.',
  listingStateInvalid: 'Listing state must be draft, available, pending or sold.',
  versionInvalid: 'Version must be the version of the car you edited (a whole number of at least 1).',
  nothingToChange: 'Change at least one field of the car.',
  vinTaken: 'Another car already has this VIN.',
  stockNumberTaken: 'Another car already has this stock number.',
} as const;

const m = inventoryMessages;

const blankToNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);

/**
 * A whole number as a number or as text read by parseNumber, so the car form, the staff API and a
 * stock-file cell take "$6,995", "148,250" and "45,210 mi" alike.
 */
const wholeNumber = (message: string, min: number, max: number, unit?: Parameters<typeof parseNumber>[1]) =>
  v.pipe(
    v.union(
      [
        v.number(message),
        v.pipe(
          v.string(message),
          v.transform((text) => parseNumber(text, unit)),
        ),
      ],
      message,
    ),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** Blank or null is "not given" (null). */
const optionalWholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.unknown(), v.transform(blankToNull), v.union([v.null(), wholeNumber(message, min, max)], message));

/** One trimmed line of text; null reads as '' so a cleared input gets the "required" message. */
const requiredLine = (required: string, invalid: string) =>
  v.pipe(
    v.nullable(v.string(invalid)),
    v.transform((text) => (text ?? '').trim()),
    v.nonEmpty(required),
    v.check((text) => characterCount(text) <= CAR_TEXT_MAX_LENGTH && hasNoControlCharacters(text), invalid),
  );

/** One line of text or null (absent, null or blank). */
const optionalLine = (invalid: string) =>
  v.pipe(
    v.unknown(),
    v.transform(blankToNull),
    v.union([v.null(), v.pipe(v.string(invalid), v.trim())], invalid),
    v.check((text) => text === null || (characterCount(text) <= CAR_TEXT_MAX_LENGTH && hasNoControlCharacters(text)), invalid),
  );

const vinField = v.pipe(
  v.nullable(v.string(m.vinRequired)),
  v.transform((text) => normalizeVin(text ?? '')),
  v.nonEmpty(m.vinRequired),
  v.check(
    (vin) => checkVin(vin) === null,
    (issue) => checkVin(String(issue.input))?.message ?? vinMessages.checkDigit,
  ),
);

/** Dealers print stock numbers in capitals; one case keeps "a12" and "A12" from being two cars. */
const stockNumberField = v.pipe(
  v.nullable(v.string(m.stockNumberInvalid)),
  v.transform((text) => (text ?? '').trim().toUpperCase()),
  v.nonEmpty(m.stockNumberRequired),
  v.regex(new RegExp(`^[A-Z0-9-]{1,${STOCK_NUMBER_MAX_LENGTH}}$`), m.stockNumberInvalid),
);

const bodyStyleField = v.pipe(
  v.unknown(),
  v.transform((value) => (typeof value === 'string' ? blankToNull(value.trim().toLowerCase()) : value)),
  v.union([v.null(), v.picklist(CAR_BODY_STYLES, m.bodyStyleInvalid)], m.bodyStyleInvalid),
);

const featuresField = v.pipe(
  v.array(v.string(m.featuresInvalid), m.featuresInvalid),
  v.transform((features) => features.map((feature) => feature.trim()).filter((feature) => feature !== '')),
  v.maxLength(CAR_FEATURES_MAX_COUNT, m.featuresInvalid),
  v.check(
    (features) => features.every((feature) => characterCount(feature) <= CAR_FEATURE_MAX_LENGTH && hasNoControlCharacters(feature)),
    m.featuresInvalid,
  ),
);

const descriptionField = v.pipe(
  v.unknown(),
  v.transform(blankToNull),
  v.union([v.null(), v.string(m.descriptionInvalid)], m.descriptionInvalid),
  v.transform((text) => (text === null ? null : normalizeLineBreaks(text).trim())),
  v.check(
    (text) => text === null || (characterCount(text) <= CAR_DESCRIPTION_MAX_LENGTH && hasNoControlCharacters(text, 'lines')),
    m.descriptionInvalid,
  ),
);

/** Every field's rule, without defaults: create adds them, a patch leaves an absent field unchanged. */
const carFields = {
  vin: vinField,
  stockNumber: stockNumberField,
  year: wholeNumber(m.yearInvalid, CAR_MIN_YEAR, CAR_MAX_YEAR),
  brand: requiredLine(m.makeRequired, m.makeInvalid),
  model: requiredLine(m.modelRequired, m.modelInvalid),
  trim: optionalLine(m.trimInvalid),
  bodyStyle: bodyStyleField,
  condition: v.pipe(v.unknown(), v.picklist(CAR_CONDITIONS, m.conditionInvalid)),
  certified: v.boolean(m.certifiedInvalid),
  price: wholeNumber(m.priceInvalid, 1, CAR_MAX_PRICE),
  msrp: optionalWholeNumber(m.msrpInvalid, 1, CAR_MAX_PRICE),
  mileage: wholeNumber(m.mileageInvalid, 0, CAR_MAX_MILEAGE, 'miles'),
  exteriorColor: optionalLine(m.exteriorColorInvalid),
  interiorColor: optionalLine(m.interiorColorInvalid),
  transmission: optionalLine(m.transmissionInvalid),
  drivetrain: optionalLine(m.drivetrainInvalid),
  fuelType: optionalLine(m.fuelTypeInvalid),
  engine: optionalLine(m.engineInvalid),
  mpgCity: optionalWholeNumber(m.mpgCityInvalid, 1, CAR_MAX_MPG),
  mpgHighway: optionalWholeNumber(m.mpgHighwayInvalid, 1, CAR_MAX_MPG),
  features: featuresField,
  description: descriptionField,
  listingState: v.picklist(LISTING_STATES, m.listingStateInvalid),
};

/**
 * POST /api/inventory, the dashboard's new-car form and one stock-file row. A new car is a draft
 * unless the writer says otherwise, so nothing reaches the site half-written.
 */
export const carWriteSchema = v.pipe(
  v.object({
    vin: v.optional(carFields.vin, ''),
    stockNumber: v.optional(carFields.stockNumber, ''),
    // A default that fails the rule: without one, valibot reports an absent key in its own words.
    year: v.optional(carFields.year, ''),
    brand: v.optional(carFields.brand, ''),
    model: v.optional(carFields.model, ''),
    trim: v.optional(carFields.trim, null),
    bodyStyle: v.optional(carFields.bodyStyle, null),
    condition: v.optional(carFields.condition, null),
    certified: v.optional(carFields.certified, false),
    price: v.optional(carFields.price, ''),
    msrp: v.optional(carFields.msrp, null),
    mileage: v.optional(carFields.mileage, ''),
    exteriorColor: v.optional(carFields.exteriorColor, null),
    interiorColor: v.optional(carFields.interiorColor, null),
    transmission: v.optional(carFields.transmission, null),
    drivetrain: v.optional(carFields.drivetrain, null),
    fuelType: v.optional(carFields.fuelType, null),
    engine: v.optional(carFields.engine, null),
    mpgCity: v.optional(carFields.mpgCity, null),
    mpgHighway: v.optional(carFields.mpgHighway, null),
    features: v.optional(carFields.features, []),
    description: v.optional(carFields.description, null),
    listingState: v.optional(carFields.listingState, 'draft'),
  }),
  v.forward(
    v.partialCheck([['vin'], ['year']], (car) => checkVin(car.vin, car.year) === null, vinMessages.yearMismatch),
    ['vin'],
  ),
  v.forward(
    v.partialCheck([['condition'], ['certified']], (car) => !(car.condition === 'new' && car.certified), m.newCannotBeCertified),
    ['certified'],
  ),
);

/**
 * PATCH /api/inventory/{uuid}: the changed fields only, each under its create rule, with the version
 * the editor saw. Rules across fields (the VIN's year, certified only when used) are checked on the
 * car as it would be after the change, by the service, with carWriteSchema.
 */
export const carPatchSchema = v.pipe(
  v.object({
    vin: v.optional(carFields.vin),
    stockNumber: v.optional(carFields.stockNumber),
    year: v.optional(carFields.year),
    brand: v.optional(carFields.brand),
    model: v.optional(carFields.model),
    trim: v.optional(carFields.trim),
    bodyStyle: v.optional(carFields.bodyStyle),
    condition: v.optional(carFields.condition),
    certified: v.optional(carFields.certified),
    price: v.optional(carFields.price),
    msrp: v.optional(carFields.msrp),
    mileage: v.optional(carFields.mileage),
    exteriorColor: v.optional(carFields.exteriorColor),
    interiorColor: v.optional(carFields.interiorColor),
    transmission: v.optional(carFields.transmission),
    drivetrain: v.optional(carFields.drivetrain),
    fuelType: v.optional(carFields.fuelType),
    engine: v.optional(carFields.engine),
    mpgCity: v.optional(carFields.mpgCity),
    mpgHighway: v.optional(carFields.mpgHighway),
    features: v.optional(carFields.features),
    description: v.optional(carFields.description),
    listingState: v.optional(carFields.listingState),
    version: v.optional(wholeNumber(m.versionInvalid, 1, 2 ** 31 - 1), ''),
  }),
  v.check((patch) => Object.entries(patch).some(([key, value]) => key !== 'version' && value !== undefined), m.nothingToChange),
);

export type CarWrite = v.InferOutput<typeof carWriteSchema>;
export type CarPatch = v.InferOutput<typeof carPatchSchema>;
export type CarWriteField = keyof CarWrite;

/** GET /api/inventory's sorts: days in stock, price, year, views and favourites. */
export const INVENTORY_SORTS = [
  'days_desc',
  'days_asc',
  'price_asc',
  'price_desc',
  'year_desc',
  'year_asc',
  'views_desc',
  'favorites_desc',
] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];
export const INVENTORY_LIST_DEFAULT_LIMIT = 20;
export const INVENTORY_LIST_MAX_LIMIT = 100;
const MAX_DAYS = 100_000;

/**
 * GET /api/inventory: search over VIN, stock number, make and model; filters; sort; paging. Without
 * a state, every car but the archived ones; newest in stock first.
 */
export const inventoryListQuerySchema = v.pipe(
  v.object({
    ...pagingParams(INVENTORY_LIST_MAX_LIMIT),
    q: textParam('q', CAR_TEXT_MAX_LENGTH),
    state: choiceParam(CAR_LISTING_STATES, `state must be one of ${CAR_LISTING_STATES.join(', ')}`),
    condition: choiceParam(CAR_CONDITIONS, 'condition must be new or used'),
    brand: textParam('brand', CAR_TEXT_MAX_LENGTH),
    priceMin: wholeNumberParam(0, CAR_MAX_PRICE, 'priceMin must be a whole number of dollars'),
    priceMax: wholeNumberParam(0, CAR_MAX_PRICE, 'priceMax must be a whole number of dollars'),
    yearMin: wholeNumberParam(1900, CAR_MAX_YEAR, 'yearMin must be a year such as 2018'),
    yearMax: wholeNumberParam(1900, CAR_MAX_YEAR, 'yearMax must be a year such as 2024'),
    daysMin: wholeNumberParam(0, MAX_DAYS, 'daysMin must be a whole number of days'),
    daysMax: wholeNumberParam(0, MAX_DAYS, 'daysMax must be a whole number of days'),
    sort: choiceParam(INVENTORY_SORTS, `sort must be one of ${INVENTORY_SORTS.join(', ')}`),
  }),
  v.transform((q) => ({
    ...q,
    page: q.page ?? 1,
    limit: q.limit ?? INVENTORY_LIST_DEFAULT_LIMIT,
    sort: q.sort ?? 'days_asc',
  })),
);
export type InventoryListQuery = v.InferOutput<typeof inventoryListQuerySchema>;

/** The {uuid} of /api/inventory/{uuid}. */
export const inventoryCarParamsSchema = v.object({ uuid: carUuidSchema });
