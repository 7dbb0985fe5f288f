import type { I18n } from '@lingui/core';
import { dealSettingsMessages, MAX_FEE_CENTS, type DealType, type LeaseTaxMethod } from '../../../../domain/deals/deal-settings.ts';
import { languageNames, type Language } from '../../../../domain/enums.ts';
import { formatCents, formatMileage } from '../../../../domain/format.ts';
import { usStateName } from '../../../../domain/us-states.ts';
import { serverText } from '../../lib/i18n.ts';
import { RESIDUAL_CELLS, type DealSettingsForm } from './deal-settings-form.ts';

/** Each setting's label (a message id), by its key in the settings (docs/product/deals.md#settings). */
export const FIELD_LABELS = {
  docFeeCents: 'Documentation fee, $',
  acquisitionFeeCents: 'Lease acquisition fee, $',
  dispositionFeeCents: 'Lease disposition fee, $',
  excessMileageCentsPerMile: 'Excess mileage charge, cents a mile',
  state: 'State',
  taxRatePercent: 'Sales tax rate, %',
  tradeInCredit: 'A trade-in lowers the taxable amount',
  docFeeTaxable: 'The documentation fee is taxed',
  productsTaxable: 'Products marked taxable are taxed',
  leaseTaxMethod: 'Lease tax',
  governmentFeesCents: 'Title and registration estimate, $',
  id: 'Id',
  name: 'Name',
  description: 'Description',
  minScore: 'Lowest credit score',
  maxScore: 'Highest credit score',
  aprBands: 'APR by term',
  upToMonths: 'Terms up to, months',
  aprPercent: 'APR, %',
  moneyFactor: 'Lease money factor',
  offerDefault: 'Lease every make that has no program of its own',
  residuals: 'Residual, % of MSRP',
  make: 'Make',
  amountCents: 'Amount, $',
  makes: 'Makes it applies to',
  stockNumbers: 'Cars it applies to',
  dealTypes: 'Kinds of deal',
  priceCents: 'Price, $',
  taxable: 'Taxable',
  capitalisable: 'Added to the capitalised cost in a lease',
} as const;
export type FieldLabelKey = keyof typeof FIELD_LABELS;

export const LEASE_TAX_METHOD_LABELS: Record<LeaseTaxMethod, string> = {
  monthly: 'On each monthly payment',
  'upfront-payments': 'On the total of the payments, at signing',
  'upfront-cap-cost': 'On the capitalised cost, at signing',
};

export const DEAL_TYPE_LABELS: Record<DealType, string> = { cash: 'Cash', finance: 'Finance', lease: 'Lease' };

/** A text field's label in one language: "Name (Українська)", the language named in itself as the language picker names it. */
export const inLanguage = (i18n: I18n, label: string, language: Language) =>
  i18n._('{field} ({language})', { field: i18n._(label), language: languageNames[language] });

export const residualLabel = (i18n: I18n, termMonths: number, milesPerYear: number) =>
  i18n._('Residual at {months} months and {miles} a year, %', {
    months: termMonths,
    miles: formatMileage(milesPerYear, i18n.locale, 'long'),
  });

/** Amounts are typed in dollars: the schema's "whole number of cents" is said in dollars to whoever typed them. */
const isDollarField = (path: string) => /Cents$/.test(path);

/** An error as shown at its field and in the summary, in the active language. */
export function errorText(i18n: I18n, path: string, message: string): string {
  if (isDollarField(path) && message === dealSettingsMessages.centsInvalid) {
    return i18n._('Enter an amount from {min} to {max}, to the cent.', {
      min: formatCents(0, i18n.locale),
      max: formatCents(MAX_FEE_CENTS, i18n.locale),
    });
  }
  return serverText(i18n, message);
}

export type EntryList = 'states' | 'tiers' | 'rebates' | 'products' | 'byMake' | 'aprBands';

/**
 * What an entry of a list is called: its state, its English name or its make (`text`, as the form
 * holds it now), else its place in the list.
 */
export function entryTitle(i18n: I18n, list: EntryList, index: number, text = ''): string {
  const number = index + 1;
  switch (list) {
    case 'states':
      return usStateName(text) ?? text;
    case 'tiers':
      return text.trim() || i18n._('Credit tier {number}', { number });
    case 'rebates':
      return text.trim() || i18n._('Rebate {number}', { number });
    case 'products':
      return text.trim() || i18n._('Product {number}', { number });
    case 'byMake':
      return text.trim() || i18n._('Make program {number}', { number });
    case 'aprBands':
      return i18n._('APR band {number}', { number });
  }
}

/** The text an entry's title is made of, as the form holds it. */
function entryText(values: DealSettingsForm, list: EntryList, index: number): string | undefined {
  switch (list) {
    case 'states':
      return values.states[index]?.state;
    case 'tiers':
      return values.tiers[index]?.name.en;
    case 'rebates':
      return values.rebates[index]?.name.en;
    case 'products':
      return values.products[index]?.name.en;
    case 'byMake':
      return values.leasePrograms.byMake[index]?.make;
    case 'aprBands':
      return undefined;
  }
}

const isEntryList = (key: string): key is EntryList => ['states', 'tiers', 'rebates', 'products', 'byMake', 'aprBands'].includes(key);

const SECTION_TITLES: Record<string, string> = {
  states: 'Tax and fees by state',
  tiers: 'Credit tiers',
  leasePrograms: 'Lease programs',
  rebates: 'Rebates',
  products: 'Protection products',
};

const isLabelKey = (key: string): key is FieldLabelKey => Object.hasOwn(FIELD_LABELS, key);

/** Where an error is, in words, for the error summary: "Credit tiers, Good 660–719, APR band 1, APR, %". */
export function describePath(i18n: I18n, values: DealSettingsForm, path: string): string {
  if (path === '') return i18n._('Deal settings');
  const parts = path.split('.');
  const words: string[] = [];
  parts.forEach((part, index) => {
    const previous = parts[index - 1] ?? '';
    if (index === 0 && SECTION_TITLES[part]) words.push(i18n._(SECTION_TITLES[part]));
    else if (/^\d+$/.test(part) && isEntryList(previous))
      words.push(entryTitle(i18n, previous, Number(part), entryText(values, previous, Number(part))));
    else if (part === 'default' && previous === 'leasePrograms') words.push(i18n._('Default program'));
    else if (part === 'byMake' || part === 'program') return;
    else if ((previous === 'name' || previous === 'description') && part in languageNames) {
      words[words.length - 1] = inLanguage(i18n, FIELD_LABELS[previous], part as Language);
    } else if (previous === 'residuals') {
      const cell = RESIDUAL_CELLS.find((each) => each.cell === part);
      if (cell) words[words.length - 1] = residualLabel(i18n, cell.termMonths, cell.milesPerYear);
    } else if (isLabelKey(part)) words.push(i18n._(FIELD_LABELS[part]));
  });
  return words.join(', ');
}
