import { carTitle } from '../../../domain/cars.ts';
import type { CarItem } from '../../../domain/contracts/cars.ts';
import { carSpecLabel, type PublicListingState } from '../../../domain/enums.ts';
import type { Config } from '../config.ts';

/**
 * schema.org JSON-LD for search engines (docs/product/search-engines.md): a car page describes the car and
 * its offer in the shape of Google's vehicle listing, the home page describes the dealer.
 */

export type Dealer = Pick<Config['company'], 'name' | 'location' | 'phone' | 'email'>;

/** What a page is about, for its JSON-LD. */
export type StructuredSubject = { kind: 'dealer'; dealer: Dealer } | { kind: 'car'; car: CarItem; dealer: Dealer };

/** Where the page and the site are, so that every URL in the JSON-LD is absolute. */
export interface SiteUrls {
  /** The page's canonical address. */
  page: string;
  /** The site's home page. */
  home: string;
  absolute(path: string): string;
}

type JsonLdValue = string | number | boolean | JsonLd | JsonLdValue[];
interface JsonLd {
  [key: string]: JsonLdValue;
}

const SCHEMA = 'https://schema.org/';

/** A sale pending is promised to a buyer but not gone: Reserved says "not available" without saying sold. */
const AVAILABILITY: Record<PublicListingState, string> = {
  available: 'InStock',
  pending: 'Reserved',
  sold: 'SoldOut',
};

/** schema.org's DriveWheelConfigurationValue members for the inventory's drivetrain vocabulary (domain/enums.ts). */
const DRIVE_WHEELS: Readonly<Record<string, string>> = {
  fwd: 'FrontWheelDriveConfiguration',
  rwd: 'RearWheelDriveConfiguration',
  awd: 'AllWheelDriveConfiguration',
  '4wd': 'FourWheelDriveConfiguration',
};

/** The property only when there is a value: schema.org readers take a missing property better than a null. */
const when = <T>(key: string, value: T | null, as: (value: T) => JsonLdValue = (v) => v as JsonLdValue) =>
  value === null || value === '' ? {} : { [key]: as(value) };

/** One id for the dealer wherever it appears, so a reader knows the car's seller is the home page's dealer. */
const dealerId = (urls: SiteUrls) => `${urls.home}#dealer`;

function dealerJsonLd(dealer: Dealer, urls: SiteUrls): JsonLd {
  return {
    '@type': 'AutoDealer',
    '@id': dealerId(urls),
    name: dealer.name,
    url: urls.home,
    telephone: dealer.phone,
    email: dealer.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: dealer.location.street,
      addressLocality: dealer.location.city,
      addressRegion: dealer.location.region,
      postalCode: dealer.location.postalCode,
      addressCountry: dealer.location.country,
    },
  };
}

/** Spec values in the inventory's vocabulary are given in its English words; the dealer's own text as written. */
const specText = (field: 'bodyStyle' | 'transmission' | 'fuelType', value: string) => carSpecLabel(field, value) ?? value;

function carJsonLd(car: CarItem, dealer: Dealer, urls: SiteUrls): JsonLd {
  return {
    '@type': 'Car',
    name: carTitle(car),
    url: urls.page,
    ...when('description', car.description),
    image: car.photos.map((photo) => urls.absolute(photo)),
    ...when('vehicleIdentificationNumber', car.vin),
    brand: { '@type': 'Brand', name: car.brand },
    model: car.model,
    ...when('vehicleConfiguration', car.trim),
    vehicleModelDate: String(car.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.mileage, unitCode: 'SMI' },
    ...when('bodyType', car.bodyStyle, (value) => specText('bodyStyle', value)),
    ...when('color', car.exteriorColor),
    ...when('vehicleInteriorColor', car.interiorColor),
    ...when('fuelType', car.fuelType, (value) => specText('fuelType', value)),
    ...when('vehicleTransmission', car.transmission, (value) => specText('transmission', value)),
    ...when('driveWheelConfiguration', car.drivetrain, (value) => {
      const member = DRIVE_WHEELS[value.trim().toLowerCase()];
      return member ? SCHEMA + member : value;
    }),
    itemCondition: SCHEMA + (car.condition === 'new' ? 'NewCondition' : 'UsedCondition'),
    // schema.org's OfferItemCondition has no certified member, and vehicleSpecialUsage (CarUsageType)
    // names what a car was used as (taxi, rental, driving school), not a certification; so a
    // certified car stays UsedCondition and says so in additionalProperty, the Product property
    // schema.org gives for a characteristic without a term of its own.
    ...(car.certified && {
      additionalProperty: { '@type': 'PropertyValue', name: 'Certified pre-owned', value: true },
    }),
    offers: {
      '@type': 'Offer',
      price: car.price,
      priceCurrency: 'USD',
      availability: SCHEMA + AVAILABILITY[car.listingState],
      url: urls.page,
      seller: dealerJsonLd(dealer, urls),
    },
  };
}

/** The page's JSON-LD document. */
export function structuredData(subject: StructuredSubject, urls: SiteUrls): JsonLd {
  const thing = subject.kind === 'car' ? carJsonLd(subject.car, subject.dealer, urls) : dealerJsonLd(subject.dealer, urls);
  return { '@context': 'https://schema.org', ...thing };
}

/**
 * The JSON-LD as a script element of the page's head. JSON may hold `</script>` or `<!--` in a car's
 * description; with every `<` written as \u003c (the same string to a JSON reader) no text can end
 * the element early. It is data, never run, so the content security policy need not allow it.
 */
export function jsonLdScript(data: JsonLd): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
