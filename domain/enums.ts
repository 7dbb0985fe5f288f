/**
 * Wire values and English display names. A display name is also its Lingui message id: screens, bot and PDF
 * translate it; the wire value never changes with the language.
 */

export interface Option<T extends string> {
  value: T;
  label: string;
}

/** Options for a select, in the order of `values`. */
export function toOptions<T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>): Option<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** 'none' is the form's choice; on the wire and in the database it is null. */
export const SUFFIXES = ['none', 'Jr.', 'Sr.', 'II', 'III', 'IV'] as const;
export type Suffix = (typeof SUFFIXES)[number];
export type WireSuffix = Exclude<Suffix, 'none'>;
export const WIRE_SUFFIXES = ['Jr.', 'Sr.', 'II', 'III', 'IV'] as const satisfies readonly WireSuffix[];
export const suffixLabels: Record<Suffix, string> = { none: 'None', 'Jr.': 'Jr.', 'Sr.': 'Sr.', II: 'II', III: 'III', IV: 'IV' };

export const MARITAL_STATUSES = ['Unmarried', 'Married'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export const maritalStatusLabels: Record<MaritalStatus, string> = { Unmarried: 'Unmarried', Married: 'Married' };

export const HOUSING_STATUSES = ['Rent', 'OwnOutright', 'Mortgage', 'Family', 'Military', 'Other'] as const;
export type HousingStatus = (typeof HOUSING_STATUSES)[number];
export const housingStatusLabels: Record<HousingStatus, string> = {
  Rent: 'Rent',
  OwnOutright: 'Own Outright',
  Mortgage: 'Mortgage',
  Family: 'Family',
  Military: 'Military',
  Other: 'Other',
};

export const EMPLOYMENT_STATUSES = [
  'Employed',
  'Self-Employed',
  'Unemployed',
  'Retired',
  'Retired Military',
  'Active Military',
  'Student',
  'Other',
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const employmentStatusLabels: Record<EmploymentStatus, string> = {
  Employed: 'Employed',
  'Self-Employed': 'Self-Employed',
  Unemployed: 'Unemployed',
  Retired: 'Retired',
  'Retired Military': 'Retired Military',
  'Active Military': 'Active Military',
  Student: 'Student',
  Other: 'Other',
};

export const INCOME_FREQUENCIES = ['Monthly'] as const;
export type IncomeFrequency = (typeof INCOME_FREQUENCIES)[number];

/** docs/product/submission.md#submission-and-statuses: only the applicant withdraws, and only while in review. */
export const APPLICATION_STATUSES = ['in_review', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  in_review: 'In Review',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
/** The statuses staff may set (PATCH /api/applications/{id}/status); withdrawn is the applicant's alone. */
export const STAFF_APPLICATION_STATUSES = ['in_review', 'approved', 'rejected'] as const satisfies readonly ApplicationStatus[];
/** The statuses that end an application's review: the retention clock runs from the last change to one. */
export const DECIDED_APPLICATION_STATUSES = ['approved', 'rejected', 'withdrawn'] as const satisfies readonly ApplicationStatus[];

/** The car wire values (docs/product/catalogue.md#catalogue), beside the words that show them. */
export const CAR_CONDITIONS = ['new', 'used'] as const;
export type CarConditionValue = (typeof CAR_CONDITIONS)[number];

export const CAR_STATUSES = ['available', 'unavailable'] as const;
export type CarStatusValue = (typeof CAR_STATUSES)[number];

export const CAR_BODY_STYLES = ['sedan', 'suv', 'pickup', 'hatchback', 'coupe', 'minivan', 'convertible', 'wagon'] as const;
export type CarBodyStyle = (typeof CAR_BODY_STYLES)[number];

export const carConditionLabels: Record<CarConditionValue, string> = { new: 'New', used: 'Used' };

/**
 * The catalogue's condition filter: a certified pre-owned car is a used car the dealer certified
 * (`certified` beside `condition: 'used'`), so `used` lists it too and `certified` lists only those.
 */
export const CAR_CONDITION_FILTERS = ['new', 'used', 'certified'] as const;
export type CarConditionFilter = (typeof CAR_CONDITION_FILTERS)[number];
export const carConditionFilterLabels: Record<CarConditionFilter, string> = { ...carConditionLabels, certified: 'Certified pre-owned' };

/** What a car's badge and specs call its condition: certified pre-owned where the dealer certified it. */
export const carConditionLabel = (car: { condition: CarConditionValue; certified: boolean }): string =>
  car.condition === 'used' && car.certified ? carConditionFilterLabels.certified : carConditionLabels[car.condition];

/**
 * Where a car stands in the dealer's stock (docs/product/catalogue.md#catalogue): a draft is seen by staff only,
 * pending and sold cars stay on the site with a badge, an archived car (one that something still
 * refers to, so it could not be deleted) is kept for history and shown to nobody but staff.
 */
export const CAR_LISTING_STATES = ['draft', 'available', 'pending', 'sold', 'archived'] as const;
export type CarListingState = (typeof CAR_LISTING_STATES)[number];
/** The states a visitor can see a car in; the public `status` is available only for the first. */
export const PUBLIC_LISTING_STATES = ['available', 'pending', 'sold'] as const satisfies readonly CarListingState[];
export type PublicListingState = (typeof PUBLIC_LISTING_STATES)[number];
export const listingStateLabels: Record<CarListingState, string> = {
  draft: 'Draft',
  available: 'Available',
  pending: 'Sale pending',
  sold: 'Sold',
  archived: 'Archived',
};

/**
 * Spec values the inventory writes from a fixed vocabulary, as stored (English), with the English
 * words a reader sees; those words are message ids, so every language translates them. A value
 * outside the vocabulary is the dealer's own text and is shown as written. Paint and trim colour
 * names are the manufacturers' own (decision 015) and are not translated.
 */
export const carSpecLabels = {
  bodyStyle: {
    sedan: 'Sedan',
    suv: 'SUV',
    pickup: 'Pickup truck',
    hatchback: 'Hatchback',
    coupe: 'Coupe',
    minivan: 'Minivan',
    convertible: 'Convertible',
    wagon: 'Wagon',
  } satisfies Record<CarBodyStyle, string>,
  transmission: {
    automatic: 'Automatic',
    manual: 'Manual',
    cvt: 'Continuously variable (CVT)',
    ecvt: 'Electronic CVT (eCVT)',
    'single-speed': 'Single-speed',
    '6-speed manual': '6-speed manual',
    '7-speed dual-clutch': '7-speed dual-clutch',
    '8-speed dual-clutch': '8-speed dual-clutch',
  },
  drivetrain: {
    fwd: 'Front-wheel drive (FWD)',
    rwd: 'Rear-wheel drive (RWD)',
    awd: 'All-wheel drive (AWD)',
    '4wd': 'Four-wheel drive (4WD)',
  },
  fuelType: {
    gasoline: 'Gasoline',
    diesel: 'Diesel',
    hybrid: 'Hybrid',
    'plug-in hybrid': 'Plug-in hybrid',
    electric: 'Electric',
  },
} as const satisfies Record<string, Record<string, string>>;

export type CarSpecField = keyof typeof carSpecLabels;

/** The English label (a message id) of a stored spec value, or null when it is the dealer's own text. */
export function carSpecLabel(field: CarSpecField, value: string | null): string | null {
  if (value === null) return null;
  const labels: Readonly<Record<string, string>> = carSpecLabels[field];
  return labels[value.trim().toLowerCase()] ?? null;
}

export const LANGUAGES = ['en', 'uk', 'es', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language named in itself, as a language picker shows it. */
export const languageNames: Record<Language, string> = { en: 'English', uk: 'Українська', es: 'Español', ru: 'Русский' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** docs/product/identity.md#languages: a known language code (also a tag such as 'uk-UA' from Telegram) is used, anything else falls back to en. */
export function toSupportedLanguage(code: string | null | undefined): Language {
  const primary = code?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/**
 * The first supported language of an Accept-Language header, by the weights it gives (the order
 * breaks ties); null when it names none of ours or refuses them with q=0.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { primary: tag.trim().toLowerCase().split(/[-_]/)[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && isLanguage(entry.primary))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const first = ranked[0]?.primary;
  return isLanguage(first) ? first : null;
}

/** docs/product/identity.md#languages: without a stored or Telegram language, Ukraine gets uk and every other country en. */
export function languageForCountry(countryCode: string | null | undefined): Language {
  return countryCode?.trim().toUpperCase() === 'UA' ? 'uk' : DEFAULT_LANGUAGE;
}
