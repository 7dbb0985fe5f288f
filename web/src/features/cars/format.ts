import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../domain/contracts/cars.ts';
import { formatDollars, formatDollarsAndCents, numberLocale } from '../../../../domain/format.ts';

/**
 * Prices are US dollars and distances miles whatever the interface language (a US dealer);
 * digit grouping and word order follow the language's number locale (domain/format.ts).
 */
export interface CarFormat {
  price(value: number): string;
  /** With cents, for monthly payments. */
  money(value: number): string;
  mileage(value: number): string;
  number(value: number): string;
}

export function createCarFormat(language: string): CarFormat {
  const locale = numberLocale(language);
  const miles = new Intl.NumberFormat(locale, { style: 'unit', unit: 'mile', unitDisplay: 'short', maximumFractionDigits: 0 });
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    price: (value) => formatDollars(value, language),
    money: (value) => formatDollarsAndCents(value, language),
    mileage: (value) => miles.format(value),
    number: (value) => plain.format(value),
  };
}

/** Building Intl formatters is slow; one set per locale serves every card on the page. */
const formatsByLocale = new Map<string, CarFormat>();

export function useCarFormat(): CarFormat {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'en';
  let format = formatsByLocale.get(locale);
  if (!format) {
    format = createCarFormat(locale);
    formatsByLocale.set(locale, format);
  }
  return format;
}

/** "2021 Toyota Camry SE": how a car is named everywhere (cards, details, share text). */
export function carTitle(car: Pick<CarItem, 'year' | 'brand' | 'model' | 'trim'>): string {
  return [car.year, car.brand, car.model, car.trim].filter((part) => part !== null && part !== '').join(' ');
}
