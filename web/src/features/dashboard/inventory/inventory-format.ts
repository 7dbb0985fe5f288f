import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { formatDollars, numberLocale } from '../../../../../domain/format.ts';

/** "2019 Honda Accord EX", as the staff list titles a car (and the API's ConflictingCar.title). */
export function carTitle(car: { year: number; brand: string; model: string; trim: string | null }): string {
  return [car.year, car.brand, car.model, car.trim].filter((part) => part !== null && part !== '').join(' ');
}

/** Dollars and miles whatever the interface language (a US dealer), grouped as the language writes numbers. */
export function useInventoryFormat() {
  const { i18n } = useLingui();
  const language = i18n.locale || 'en';
  return useMemo(() => {
    const locale = numberLocale(language);
    const miles = new Intl.NumberFormat(locale, { style: 'unit', unit: 'mile', unitDisplay: 'short', maximumFractionDigits: 0 });
    const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    return {
      price: (value: number) => formatDollars(value, language),
      mileage: (value: number) => miles.format(value),
      number: (value: number) => plain.format(value),
    };
  }, [language]);
}
