import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { formatDollars, formatMileage, numberLocale } from '../../../../domain/format.ts';

/** Dollars and miles whatever the interface language (a US dealer), grouped as the language writes numbers. */
export function useInventoryFormat() {
  const { i18n } = useLingui();
  const language = i18n.locale || 'en';
  return useMemo(() => {
    const locale = numberLocale(language);
    const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    return {
      price: (value: number) => formatDollars(value, language),
      mileage: (value: number) => formatMileage(value, language),
      number: (value: number) => plain.format(value),
    };
  }, [language]);
}
