import { useLingui } from '@lingui/react';
import { formatDollars, formatDollarsAndCents, formatMileage, numberLocale } from '../../../../domain/format.ts';

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
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    price: (value) => formatDollars(value, language),
    money: (value) => formatDollarsAndCents(value, language),
    mileage: (value) => formatMileage(value, language),
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
