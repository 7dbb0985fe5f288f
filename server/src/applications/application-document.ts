import type { SsnReveal, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { LicenceSide } from '../../../domain/contracts/documents.ts';
import type { ConsentKind } from '../../../domain/consents.ts';
import { CONSENTS } from '../../../domain/consents.ts';
import { hasOtherIncome } from '../../../domain/application-mapping.ts';
import { formatDateFromApi } from '../../../domain/dates.ts';
import type { ApplicationDeal } from '../../../domain/deals/application-deal.schema.ts';
import { dealDisclosures, stateName } from '../../../domain/deals/deal-disclosures.ts';
import { dealNames } from '../../../domain/deals/deal-handoff.ts';
import type { DealQuote } from '../../../domain/deals/deal-quote.schema.ts';
import type { DealSettings, DealType } from '../../../domain/deals/deal-settings.ts';
import {
  applicationStatusLabels,
  carConditionLabels,
  employmentStatusLabels,
  housingStatusLabels,
  maritalStatusLabels,
  suffixLabels,
  toSupportedLanguage,
} from '../../../domain/enums.ts';
import { formatCents, formatMileage, formatMoney, formatPercent, formatPhoneDisplay, formatSsnDisplay } from '../../../domain/format.ts';
import type { LicenceImage } from './application-records.service.ts';
import type { PrintDocument } from '../pdf/pdf-renderer.service.ts';
import { CONFIDENTIAL_STYLE, FOOTER_STYLE, printStylesheet } from '../pdf/print-theme.service.ts';

/** The application as printed: staff's view with the full SSN (the PDF is one of its two audited ways out). */
export type PrintableApplication = StaffApplication & SsnReveal;

type Address = NonNullable<StaffApplication['address']>;
type Employment = NonNullable<StaffApplication['currentEmployment']>;

/** A message id (the English text) in the document's language; the English text when untranslated. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

export interface ApplicationDocumentInput {
  application: PrintableApplication;
  /** The settings the application's deal was priced under, which name its products, rebates and credit tier. */
  dealSettings: DealSettings | undefined;
  licence: readonly LicenceImage[];
  company: string;
  /** The staff member who asked for the PDF, by display name. */
  generatedBy: string;
  generatedAt: Date;
  /** Times are printed in this IANA zone, its abbreviation beside them. */
  timeZone: string;
  lang: string;
  t: Translate;
}

/** An empty value reads as an em dash (docs/product/pdf.md#pdf). */
const EMPTY = '—';

const consentLabels: Record<ConsentKind, string> = {
  credit_check: 'Credit check authorization',
  privacy_notice: 'Privacy notice',
  electronic_records: 'Electronic records (E-SIGN)',
  marketing_contact: 'Marketing contact',
};

const sideLabels: Record<LicenceSide, string> = { front: 'Front', back: 'Back' };

/** The car page's words for the kinds of deal (docs/product/deal-builder.md#the-form). */
const dealTypeLabels: Record<DealType, string> = { cash: 'Cash', finance: 'Finance', lease: 'Lease' };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const orEmpty = (value: string | null | undefined) => (value == null || value.trim() === '' ? EMPTY : value);

/** Applicants' text and the document's own words alike are escaped here; nothing else reaches the page raw. */
const field = (label: string, value: string | null | undefined) =>
  `<div class="field"><dt>${esc(label)}</dt><dd>${esc(orEmpty(value))}</dd></div>`;

const money = (amount: number | null | undefined) => (amount == null ? null : formatMoney(amount));

function usDateTime(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return (iso) => format.format(new Date(iso));
}

export function applicationDocument(input: ApplicationDocumentInput): PrintDocument {
  const { application: a, t } = input;
  const at = usDateTime(input.timeZone);
  const months = (count: number | null | undefined) =>
    count == null ? null : t('{months, plural, one {# month} other {# months}}', { months: count });

  const addressLines = (address: Address) =>
    `<dl class="lines">${[
      field(t('Street'), address.line1),
      field(t('Suite/Apt'), address.line2),
      field(t('City'), address.city),
      field(t('State'), address.state),
      field(t('ZIP Code'), address.postalCode),
    ].join('')}</dl>`;

  // docs/product/retention.md#data-retention: what the retention job erased reads "Erased", never blank or 0.
  const erased = a.erasedAt !== null;
  const kept = (value: string | null) => (erased ? t('Erased') : value);
  const erasedBlock = (heading: string) => `<div class="block"><h3>${esc(heading)}</h3><p>${esc(t('Erased'))}</p></div>`;

  const addressBlock = (heading: string, address: Address | null) =>
    address ? `<div class="block"><h3>${esc(heading)}</h3>${addressLines(address)}</div>` : erased ? erasedBlock(heading) : '';

  const employmentBlock = (heading: string, employment: Employment | null) =>
    employment === null
      ? erased
        ? erasedBlock(heading)
        : ''
      : `<div class="block"><h3>${esc(heading)}</h3><dl class="lines">${[
          field(t('Employer Name'), employment.employerName),
          field(t('Occupation'), employment.occupation),
          field(t('Work Phone'), employment.workPhone === null ? null : formatPhoneDisplay(employment.workPhone)),
          field(t('Employment Status'), t(employmentStatusLabels[employment.status])),
          field(t('Time Employed'), months(employment.totalMonthsEmployed)),
        ].join(
          '',
        )}</dl><h3>${esc(t('Employer Address'))}</h3>${employment.employerAddress ? addressLines(employment.employerAddress) : `<p class="muted">${EMPTY}</p>`}</div>`;

  const section = (heading: string, body: string, className = '') =>
    `<section${className ? ` class="${className}"` : ''}><h2>${esc(heading)}</h2>${body}</section>`;
  const grid = (...fields: string[]) => `<dl>${fields.join('')}</dl>`;
  const blocks = (...items: string[]) => `<div class="blocks">${items.join('')}</div>`;

  const personal = section(
    t('Personal Information'),
    grid(
      field(t('First Name'), a.firstName),
      field(t('Last Name'), a.lastName),
      field(t('Suffix'), a.suffix ?? t(suffixLabels.none)),
      field(t('Date of Birth'), kept(a.dateOfBirth === null ? null : formatDateFromApi(a.dateOfBirth))),
      field(t('Email'), a.email),
      field(t('Phone'), formatPhoneDisplay(a.phone)),
      field(t('SSN'), kept(a.ssn === null ? null : formatSsnDisplay(a.ssn))),
      field(t('Marital Status'), kept(a.maritalStatus && t(maritalStatusLabels[a.maritalStatus]))),
    ),
  );

  const housing = section(
    t('Housing Information'),
    grid(
      field(t('Housing Type'), kept(a.housingStatus && t(housingStatusLabels[a.housingStatus]))),
      field(t('Monthly Payment'), kept(money(a.mortgageOrRentAmount))),
      field(t('Time at Current Address'), kept(a.monthsAtCurrentAddress === null ? null : months(a.monthsAtCurrentAddress))),
    ) + blocks(addressBlock(t('Current Address'), a.address), addressBlock(t('Previous Address'), a.previousAddress)),
  );

  const income = section(
    t('Income Information'),
    grid(
      field(t('Monthly Income'), kept(money(a.income))),
      field(t('Income Frequency'), kept(a.incomeFrequency && t(a.incomeFrequency))),
      field(t('Additional Income Source'), kept(a.otherIncomeSource)),
      field(t('Additional Income Amount'), kept(hasOtherIncome(a) ? money(a.otherIncomeAmount) : null)),
    ) +
      blocks(
        employmentBlock(t('Current Employment'), a.currentEmployment),
        a.previousEmployment || erased
          ? employmentBlock(t('Previous Employment'), a.previousEmployment)
          : a.noPreviousEmployment
            ? `<div class="block"><h3>${esc(t('Previous Employment'))}</h3><p>${esc(t('None: the applicant declared no job before the current one.'))}</p></div>`
            : '',
      ),
  );

  const car = a.car;
  const vehicle = section(
    t('Vehicle'),
    car
      ? grid(
          field(t('Brand'), car.brand),
          field(t('Model'), car.model),
          field(t('Year'), String(car.year)),
          field(t('Trim'), car.trim),
          field(t('Condition'), t(carConditionLabels[car.condition])),
          field(t('Mileage'), formatMileage(car.mileage, input.lang)),
          field(t('Price'), formatMoney(car.price)),
        )
      : `<p class="muted">${esc(t('No car chosen'))}</p>`,
  );

  const deal = a.deal ? section(t('The deal'), dealBody(a.deal, input, months)) : '';

  const statusClass = `status status-${a.status}`;
  const history = section(
    t('Status'),
    grid(
      `<div class="field"><dt>${esc(t('Status'))}</dt><dd class="${statusClass}">${esc(t(applicationStatusLabels[a.status]))}</dd></div>`,
      field(t('Submitted'), at(a.submittedAt)),
      field(t('Decision due (Regulation B)'), at(a.regBDueAt)),
      field(t('Last updated'), at(a.updatedAt)),
    ) +
      `<h3>${esc(t('Status History'))}</h3><table><thead><tr><th>${esc(t('Date'))}</th><th>${esc(t('Status'))}</th><th>${esc(t('Changed By'))}</th></tr></thead><tbody>${a.history
        .map(
          (change) =>
            `<tr><td class="nowrap">${esc(at(change.at))}</td><td class="status status-${change.status}">${esc(t(applicationStatusLabels[change.status]))}</td><td>${esc(
              change.from === null ? t('Applicant') : orEmpty(change.by?.name),
            )}</td></tr>`,
        )
        .join('')}</tbody></table>`,
  );

  const consentText = (kind: ConsentKind) => {
    const terms = CONSENTS.find((consent) => consent.kind === kind);
    return terms ? `<div class="consent-text">${esc(t(terms.text, { company: input.company }))}</div>` : '';
  };
  // Every consent the applicant was asked for, given (with its version and when) or declined, as
  // the dashboard lists them: one "yes" for all would hide a declined marketing consent.
  const consents = section(
    t('Consents'),
    `<table><thead><tr><th>${esc(t('Consent'))}</th><th>${esc(t('Version'))}</th><th>${esc(t('Accepted'))}</th></tr></thead><tbody>${CONSENTS.map(
      ({ kind }) => {
        const given = a.consents.find((consent) => consent.kind === kind);
        const when = given
          ? `<td class="nowrap">${esc(given.version)}</td><td class="nowrap">${esc(at(given.acceptedAt))}</td>`
          : `<td class="nowrap">${EMPTY}</td><td class="nowrap">${esc(t('Declined'))}</td>`;
        return `<tr><td>${esc(t(consentLabels[kind]))}${given ? consentText(kind) : ''}</td>${when}</tr>`;
      },
    ).join('')}</tbody></table>`,
  );

  const photo = (side: LicenceSide) => {
    const image = input.licence.find((candidate) => candidate.side === side);
    const body = image
      ? `<img src="data:${esc(image.mime)};base64,${image.bytes.toString('base64')}" alt="${esc(t(sideLabels[side]))}">`
      : `<p class="muted">${esc(t(erased ? 'Erased' : 'No photo'))}</p>`;
    return `<figure><figcaption>${esc(t(sideLabels[side]))}</figcaption>${body}</figure>`;
  };
  const licence = section(t('Driver License'), photo('front') + photo('back'), 'licence');

  const erasedNotice =
    a.erasedAt === null
      ? ''
      : `<p class="erased-notice"><strong>${esc(
          t('Personal data erased on {date} under the retention policy.', { date: at(a.erasedAt) }),
        )}</strong></p>`;
  const applicant = `${a.firstName} ${a.lastName}${a.suffix ? ` ${a.suffix}` : ''}`;
  // The file's properties travel with it (mail previews, document lists, search indexes): they name the
  // application, never the applicant, and the dealer rather than the browser and its version.
  const title = t('Application #{id}', { id: a.id });
  const html = `<!doctype html><html lang="${esc(input.lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">
<title>${esc(title)}</title>
<style>${printStylesheet()}</style></head><body>
<header class="masthead"><div><div class="dealer">${esc(input.company)}</div><div class="title">${esc(t('Credit Application'))}</div></div>
<div class="reference"><strong>${esc(title)}</strong>${esc(applicant)}</div></header>
${erasedNotice}${personal}${housing}${income}${vehicle}${deal}${history}${consents}${licence}
</body></html>`;

  // Chromium fills the spans; the words around them are translated like the rest.
  const pageOf = esc(t('Page {page} of {pages}', { page: '{page}', pages: '{pages}' }))
    .replace('{page}', '<span class="pageNumber"></span>')
    .replace('{pages}', '<span class="totalPages"></span>');
  const footerHtml = `<div style="${FOOTER_STYLE}"><span style="${CONFIDENTIAL_STYLE}">${esc(t('Confidential'))}</span><span>${esc(
    t('Generated by {name} on {date}', { name: input.generatedBy, date: at(input.generatedAt.toISOString()) }),
  )}</span><span>${pageOf}</span></div>`;

  return { html, footerHtml, info: { title, creator: input.company, producer: input.company } };
}

/**
 * The deal the application is made with, as the applicant was shown it on the car page
 * (docs/product/deal-builder.md#the-breakdown): its terms, every line of the quote in the same order
 * and words, and the disclosures that go with a payment. Amounts in US dollars, as the rest of the document.
 */
function dealBody(
  { input: chosen, settingsVersion, quote }: ApplicationDeal,
  { dealSettings, lang, t }: ApplicationDocumentInput,
  months: (count: number) => string | null,
): string {
  const names = dealNames(dealSettings, toSupportedLanguage(lang));
  const notIncluded = t('Not included: we confirm it for {state}.', { state: stateName(quote.tax) });
  const line = (label: string, value: string, strong = false) =>
    `<tr${strong ? ' class="total"' : ''}><td>${esc(label)}</td><td class="amount">${esc(value)}</td></tr>`;

  const terms = `<dl>${[
    field(t('Type of deal'), t(dealTypeLabels[quote.type])),
    field(t('ZIP code'), chosen.zip),
    field(t('State'), stateName(quote.tax)),
    ...(quote.type === 'cash'
      ? []
      : [
          field(t('Credit tier chosen'), names.tier(quote.tierId)),
          field(t('Term'), months(quote.termMonths)),
          quote.type === 'finance'
            ? field(t('APR'), formatPercent(quote.aprPercent))
            : field(t('Money factor'), String(quote.moneyFactor)) + field(t('Miles a year'), formatMileage(quote.milesPerYear, lang)),
        ]),
    field(t('Priced under deal settings version'), String(settingsVersion)),
  ].join('')}</dl>`;

  const outcome = (priced: DealQuote): string[] => {
    switch (priced.type) {
      case 'cash':
        return [line(t('Amount due'), formatCents(priced.amountDueCents), true)];
      case 'finance':
        return [
          line(t('Amount financed'), formatCents(priced.amountFinancedCents), true),
          line(t('Number of payments'), String(priced.numberOfPayments)),
          line(t('Monthly payment'), formatCents(priced.paymentCents), true),
          line(t('Total of payments'), formatCents(priced.totalOfPaymentsCents)),
          line(t('Finance charge'), formatCents(priced.financeChargeCents)),
        ];
      case 'lease':
        return [
          line(t('Gross capitalized cost'), formatCents(priced.grossCapCostCents)),
          line(t('Capitalized cost reduction'), formatCents(-priced.capCostReductionCents)),
          line(t('Adjusted capitalized cost'), formatCents(priced.adjustedCapCostCents), true),
          line(
            t('Residual value ({percent} of MSRP)', { percent: formatPercent(priced.residualPercent) }),
            formatCents(priced.residualCents),
          ),
          line(t('Depreciation a month'), formatCents(priced.depreciationCents)),
          line(t('Rent charge a month'), formatCents(priced.rentChargeCents)),
          line(t('Base monthly payment'), formatCents(priced.basePaymentCents)),
          line(t('Monthly tax'), priced.tax.included ? formatCents(priced.monthlyTaxCents) : notIncluded),
          line(t('Monthly payment'), formatCents(priced.paymentCents), true),
          line(t('Number of payments'), String(priced.numberOfPayments)),
          ...(priced.tax.included ? [line(t('Tax due at signing'), formatCents(priced.upfrontTaxCents))] : []),
          line(t('Due at signing'), formatCents(priced.dueAtSigningCents), true),
          line(t('Total of payments'), formatCents(priced.totalOfPaymentsCents)),
          line(t('Disposition fee at the end'), formatCents(priced.dispositionFeeCents)),
          line(t('Excess mileage charge a mile'), formatCents(priced.excessMileageCentsPerMile)),
        ];
    }
  };

  const lines = [
    line(t('Price'), formatCents(quote.priceCents)),
    ...(quote.type === 'lease' ? [line(t('MSRP'), formatCents(quote.msrpCents))] : []),
    line(t('Doc fee'), formatCents(quote.docFeeCents)),
    line(t('Government fees (title, registration)'), quote.tax.included ? formatCents(quote.governmentFeesCents) : notIncluded),
    ...(quote.type === 'lease' ? [line(t('Acquisition fee'), formatCents(quote.acquisitionFeeCents))] : []),
    ...quote.products.map((product) => line(names.product(product.id), formatCents(product.cents))),
    ...quote.rebates.map((rebate) => line(t('Rebate: {name}', { name: names.rebate(rebate.id) }), formatCents(-rebate.cents))),
    ...(quote.trade
      ? [
          line(t('Trade-in allowance'), formatCents(quote.trade.allowanceCents)),
          line(t('Trade-in payoff'), formatCents(quote.trade.payoffCents)),
          line(t('Trade-in equity'), formatCents(quote.trade.equityCents)),
        ]
      : []),
    ...(quote.tax.included
      ? [
          line(t('Taxable amount'), formatCents(quote.tax.taxableCents)),
          line(t('Tax ({rate})', { rate: formatPercent(quote.tax.ratePercent) }), formatCents(quote.tax.taxCents)),
        ]
      : [line(t('Tax'), notIncluded)]),
    ...(quote.type === 'cash' ? [] : [line(t('Cash down'), formatCents(quote.cashDownCents))]),
    ...outcome(quote),
  ];

  // The disclosures in the words and number formats the car page uses in this language.
  const disclosures = dealDisclosures(quote, lang).map((text) => t(text.id, text.values));
  return (
    terms +
    `<table class="deal-lines"><tbody>${lines.join('')}</tbody></table>` +
    (disclosures.length > 0 ? `<p class="disclosure">${esc(disclosures.join(' '))}</p>` : '') +
    `<p class="muted">${esc(t('Estimate only. Your actual rate and payment depend on credit approval.'))}</p>`
  );
}
