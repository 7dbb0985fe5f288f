import { carTitle } from './cars.ts';
import { carSpecLabel, type CarBodyStyle, type CarConditionValue, type CarListingState } from './enums.ts';
import { formatMileage } from './format.ts';
import { LISTED_STATES } from './listing-states.ts';

/**
 * The vehicle ads feeds (docs/product/feeds.md): which cars each channel lists, the row it gets
 * in the channel's own columns and words, and why a car is left out. One rule for the feeds the
 * server writes and the Feeds screen that tells staff what to fix.
 *
 * Meta: the automotive inventory catalogue feed (CSV, nested fields flattened as `mileage.value`,
 * `image[0].url`, `address.city`; enumerations case-insensitive, written in capitals).
 * Google: the Merchant Center vehicle ads primary feed (CSV with its exact attribute headers).
 */

export const FEED_CHANNELS = ['meta', 'google'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];

export const feedChannelLabels: Record<FeedChannel, string> = { meta: 'Meta (Facebook and Instagram)', google: 'Google vehicle ads' };

/**
 * The listing states each channel shows. Meta has an availability for a sale pending; Google's vehicle
 * ads have none, so a pending car leaves it. A sold car leaves both: a car missing from a scheduled
 * feed is taken down by the channel at its next fetch, which is what a sold car's ad needs. Drafts
 * and archived cars are never public (docs/decisions/016-inventory-listing-states.md).
 */
export const FEED_LISTING_STATES = {
  meta: LISTED_STATES,
  google: ['available'],
} as const satisfies Record<FeedChannel, readonly CarListingState[]>;

export const isListedIn = (channel: FeedChannel, state: CarListingState): boolean =>
  (FEED_LISTING_STATES[channel] as readonly CarListingState[]).includes(state);

/** What a car lacks that a channel requires; the English label is a message id the Feeds screen translates. */
export const FEED_OMISSION_REASONS = ['no_vin', 'no_photo', 'no_body_style', 'no_exterior_color', 'no_price'] as const;
export type FeedOmissionReason = (typeof FEED_OMISSION_REASONS)[number];
export const feedOmissionLabels: Record<FeedOmissionReason, string> = {
  no_vin: 'No VIN',
  no_photo: 'No uploaded photo',
  no_body_style: 'No body style',
  no_exterior_color: 'No exterior color',
  no_price: 'No price',
};

/** What keeps a whole feed from being served; only Google's needs a setting. */
export const FEED_PROBLEMS = ['no_store_code'] as const;
export type FeedProblem = (typeof FEED_PROBLEMS)[number];
export const feedProblemLabels: Record<FeedProblem, string> = {
  no_store_code: 'Google needs the store code of the dealership.',
};
/** The setting (server/src/config.ts) that turns a feed on that a problem keeps off. */
export const feedProblemSettings: Record<FeedProblem, string> = {
  no_store_code: 'DEALER_STORE_CODE',
};

/** A car as the feeds read it: the stored fields, and the URL paths of its photos' largest JPEGs, cover first. */
export interface FeedCar {
  uuid: string;
  stockNumber: string;
  vin: string | null;
  year: number;
  brand: string;
  model: string;
  trim: string | null;
  bodyStyle: string | null;
  condition: CarConditionValue;
  certified: boolean;
  price: number;
  msrp: number | null;
  mileage: number;
  exteriorColor: string | null;
  interiorColor: string | null;
  transmission: string | null;
  drivetrain: string | null;
  fuelType: string | null;
  description: string | null;
  listingState: CarListingState;
  /** ISO 8601. */
  dateAdded: string;
  photos: readonly string[];
}

/** The dealership and where the site is: every link in a feed is absolute. */
export interface FeedSite {
  /** PUBLIC_URL, or the origin the feed was asked from; no trailing slash. */
  origin: string;
  dealerName: string;
  dealerPhone: string;
  location: { street: string; city: string; region: string; postalCode: string; country: string; storeCode?: string | undefined };
}

export type FeedRow = { row: string[]; omitted?: never } | { row?: never; omitted: FeedOmissionReason[] };

/** Image columns a feed carries: Meta's `image[n].url` columns, Google's additional links. */
export const FEED_MAX_IMAGES = 10;

export const META_COLUMNS = [
  'vehicle_id',
  'vin',
  'title',
  'description',
  'url',
  'make',
  'model',
  'trim',
  'year',
  'body_style',
  'exterior_color',
  'interior_color',
  'mileage.value',
  'mileage.unit',
  'price',
  'state_of_vehicle',
  'availability',
  'transmission',
  'drivetrain',
  'fuel_type',
  'date_first_on_lot',
  'dealer_name',
  'dealer_phone',
  'address.addr1',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
  'image[0].tag[0]',
  ...Array.from({ length: FEED_MAX_IMAGES }, (_, i) => `image[${i}].url` as const),
] as const;
type MetaColumn = (typeof META_COLUMNS)[number];

export const GOOGLE_COLUMNS = [
  'id',
  'vin',
  'store_code',
  'vehicle_fulfillment',
  'dealership_name',
  'dealership_address',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'price',
  'vehicle_msrp',
  'condition',
  'certified_pre-owned',
  'brand',
  'model',
  'trim',
  'year',
  'mileage',
  'color',
  'body_style',
] as const;

export const feedColumns = (channel: FeedChannel): readonly string[] => (channel === 'meta' ? META_COLUMNS : GOOGLE_COLUMNS);

/** Meta's body styles (its enumeration has TRUCK and WAGON among others) for ours. */
const META_BODY_STYLES: Record<CarBodyStyle, string> = {
  sedan: 'SEDAN',
  suv: 'SUV',
  pickup: 'TRUCK',
  hatchback: 'HATCHBACK',
  coupe: 'COUPE',
  minivan: 'MINIVAN',
  convertible: 'CONVERTIBLE',
  wagon: 'WAGON',
};

/** Google's body styles (lower case; a wagon is a station_wagon, a pickup a truck) for ours. */
const GOOGLE_BODY_STYLES: Record<CarBodyStyle, string> = {
  sedan: 'sedan',
  suv: 'suv',
  pickup: 'truck',
  hatchback: 'hatchback',
  coupe: 'coupe',
  minivan: 'minivan',
  convertible: 'convertible',
  wagon: 'station_wagon',
};

/**
 * Meta's words for the inventory's spec vocabulary (enums.ts carSpecLabels). A value outside the
 * vocabulary is the dealer's own text: OTHER rather than a guess.
 */
const META_TRANSMISSIONS: Record<string, string> = {
  automatic: 'AUTOMATIC',
  cvt: 'AUTOMATIC',
  ecvt: 'AUTOMATIC',
  'single-speed': 'AUTOMATIC',
  '7-speed dual-clutch': 'AUTOMATIC',
  '8-speed dual-clutch': 'AUTOMATIC',
  manual: 'MANUAL',
  '6-speed manual': 'MANUAL',
};
const META_DRIVETRAINS: Record<string, string> = { fwd: 'FWD', rwd: 'RWD', awd: 'AWD', '4wd': 'FOUR_WD' };
const META_FUEL_TYPES: Record<string, string> = {
  gasoline: 'GASOLINE',
  diesel: 'DIESEL',
  hybrid: 'HYBRID',
  'plug-in hybrid': 'PLUGIN_HYBRID',
  electric: 'ELECTRIC',
};

/** A spec value in Meta's words; blank when not given, OTHER when it is the dealer's own text. */
function metaSpec(field: 'transmission' | 'drivetrain' | 'fuelType', value: string | null, words: Record<string, string>): string {
  if (value === null || value.trim() === '') return '';
  return carSpecLabel(field, value) === null ? 'OTHER' : (words[value.trim().toLowerCase()] ?? 'OTHER');
}

const isBodyStyle = (value: string | null): value is CarBodyStyle => value !== null && value in META_BODY_STYLES;
const present = (text: string | null): text is string => text !== null && text.trim() !== '';

/** Both channels require a description; a car without the dealer's own gets one from its facts. */
function description(car: FeedCar): string {
  if (present(car.description)) return car.description;
  const kind = car.condition === 'new' ? 'New' : car.certified ? 'Certified pre-owned' : 'Used';
  const facts = [
    formatMileage(car.mileage, 'en', 'long'),
    car.exteriorColor,
    carSpecLabel('transmission', car.transmission) ?? car.transmission,
    carSpecLabel('drivetrain', car.drivetrain) ?? car.drivetrain,
    carSpecLabel('fuelType', car.fuelType) ?? car.fuelType,
  ].filter(present);
  return `${kind} ${carTitle(car)}: ${facts.join(', ')}.`;
}

/** "21995.00 USD": ISO 4217, as both channels take a price. */
const money = (dollars: number) => `${dollars.toFixed(2)} USD`;

/** The fields both channels require, in the order staff read the reasons. */
function commonOmissions(car: FeedCar): FeedOmissionReason[] {
  const reasons: FeedOmissionReason[] = [];
  if (!present(car.vin)) reasons.push('no_vin');
  if (car.photos.length === 0) reasons.push('no_photo');
  if (!(car.price > 0)) reasons.push('no_price');
  return reasons;
}

/** The reasons a car listed in this channel is left out of it; empty when its row is written. */
export function feedOmissions(channel: FeedChannel, car: FeedCar): FeedOmissionReason[] {
  const reasons = commonOmissions(car);
  if (channel === 'meta') {
    if (!isBodyStyle(car.bodyStyle)) reasons.push('no_body_style');
    if (!present(car.exteriorColor)) reasons.push('no_exterior_color');
  }
  return reasons;
}

/** Our paths begin with a slash and the origin has none at its end: joined, not parsed, as a feed has thousands. */
const absolute = (site: FeedSite, path: string) => `${site.origin}${path}`;
const carPage = (site: FeedSite, car: FeedCar) => absolute(site, `/cars/${car.uuid}`);

/** Meta requires a tag on the first image; the cover is the photo staff put first. */
const COVER_TAG = 'Cover photo';

function metaRow(car: FeedCar, site: FeedSite): string[] {
  const { location } = site;
  const cells: Partial<Record<MetaColumn, string>> = {
    vehicle_id: car.uuid,
    vin: car.vin ?? '',
    title: carTitle(car),
    description: description(car),
    url: carPage(site, car),
    make: car.brand,
    model: car.model,
    trim: car.trim ?? '',
    year: String(car.year),
    body_style: isBodyStyle(car.bodyStyle) ? META_BODY_STYLES[car.bodyStyle] : '',
    exterior_color: car.exteriorColor ?? '',
    interior_color: car.interiorColor ?? '',
    'mileage.value': String(car.mileage),
    'mileage.unit': 'MI',
    price: money(car.price),
    state_of_vehicle: car.condition === 'new' ? 'NEW' : car.certified ? 'CPO' : 'USED',
    availability: car.listingState === 'pending' ? 'PENDING' : 'AVAILABLE',
    transmission: metaSpec('transmission', car.transmission, META_TRANSMISSIONS),
    drivetrain: metaSpec('drivetrain', car.drivetrain, META_DRIVETRAINS),
    fuel_type: metaSpec('fuelType', car.fuelType, META_FUEL_TYPES),
    date_first_on_lot: car.dateAdded.slice(0, 10),
    dealer_name: site.dealerName,
    dealer_phone: site.dealerPhone,
    'address.addr1': location.street,
    'address.city': location.city,
    'address.region': location.region,
    'address.postal_code': location.postalCode,
    'address.country': location.country,
    'image[0].tag[0]': COVER_TAG,
  };
  car.photos.slice(0, FEED_MAX_IMAGES).forEach((path, i) => (cells[`image[${i}].url`] = absolute(site, path)));
  return META_COLUMNS.map((column) => cells[column] ?? '');
}

/** Google shows at most 150 characters of a title. */
const GOOGLE_TITLE_MAX = 150;

function googleRow(car: FeedCar, site: FeedSite): string[] {
  const images = car.photos.slice(0, FEED_MAX_IMAGES + 1).map((path) => absolute(site, path));
  const { location } = site;
  const storeCode = location.storeCode ?? '';
  const cells: Record<(typeof GOOGLE_COLUMNS)[number], string> = {
    id: car.uuid,
    vin: car.vin ?? '',
    store_code: storeCode,
    vehicle_fulfillment: `in_store:${storeCode}`,
    dealership_name: site.dealerName,
    dealership_address: `${location.street}, ${location.city}, ${location.region} ${location.postalCode}, ${location.country}`,
    title: [...carTitle(car)].slice(0, GOOGLE_TITLE_MAX).join(''),
    description: description(car),
    link: carPage(site, car),
    image_link: images[0] ?? '',
    additional_image_link: images.slice(1).join(','),
    price: money(car.price),
    // Google reads an MSRP for new cars only.
    vehicle_msrp: car.condition === 'new' && car.msrp !== null ? money(car.msrp) : '',
    condition: car.condition,
    'certified_pre-owned': car.certified ? 'yes' : 'no',
    brand: car.brand,
    model: car.model,
    trim: car.trim ?? '',
    year: String(car.year),
    mileage: `${car.mileage} miles`,
    color: car.exteriorColor ?? '',
    body_style: isBodyStyle(car.bodyStyle) ? GOOGLE_BODY_STYLES[car.bodyStyle] : '',
  };
  return GOOGLE_COLUMNS.map((column) => cells[column]);
}

/**
 * A car's line in a channel's feed, in feedColumns(channel) order, or why it is left out. Call it for
 * cars the channel lists (isListedIn); a car in another state is no row of it and no omission either.
 */
export function feedRow(channel: FeedChannel, car: FeedCar, site: FeedSite): FeedRow {
  const omitted = feedOmissions(channel, car);
  if (omitted.length > 0) return { omitted };
  return { row: channel === 'meta' ? metaRow(car, site) : googleRow(car, site) };
}
