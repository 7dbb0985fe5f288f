import './deal-section.css';
import { useLingui } from '@lingui/react';
import type { ApplicationDeal } from '../../../../domain/deals/application-deal.schema.ts';
import type { DealInput } from '../../../../domain/deals/deal-input.schema.ts';
import type { DealQuote } from '../../../../domain/deals/deal-quote.schema.ts';
import type { DealType } from '../../../../domain/deals/deal-settings.ts';
import { toSupportedLanguage } from '../../../../domain/enums.ts';
import { formatMileage } from '../../../../domain/format.ts';
import { usStateName } from '../../../../domain/us-states.ts';
import { DealBreakdown, DealDisclosures, DealHeadline } from '../../components/deals/deal-breakdown.tsx';
import { useDealSettings } from '../../lib/api/get-deal-settings.ts';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="detail-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface DealFiguresProps {
  input: DealInput;
  quote: DealQuote;
  settingsVersion: number;
  /** Unique on the page: the headline's label is tied to it by id. */
  idPrefix: string;
  /** The lines behind a disclosure that opens them, where several deals are listed. */
  collapsed?: boolean;
}

/**
 * A priced deal as staff read it: loan, lease or cash first, the payment with its disclosures, the
 * choices it was priced with, then every line. Names of tiers and products come from the settings
 * now; the figures are the stored quote's, whatever the settings say now.
 */
export function DealFigures({ input, quote, settingsVersion, idPrefix, collapsed = false }: DealFiguresProps) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const settings = useDealSettings().data?.settings;
  // What the applicant applies for, in the words staff and the lender use: a loan, a lease, or a cash sale.
  const kinds: Record<DealType, string> = { cash: i18n._('Cash'), finance: i18n._('Loan'), lease: i18n._('Lease') };
  const tierName = (id: string) => settings?.tiers.find((tier) => tier.id === id)?.name[language] ?? id;
  const breakdown = <DealBreakdown quote={quote} settings={settings} />;
  return (
    <>
      <p className="application-deal__kind">{kinds[quote.type]}</p>
      <DealHeadline quote={quote} idPrefix={idPrefix} />
      <DealDisclosures quote={quote} />
      <dl className="detail-grid">
        <Fact label={i18n._('ZIP code')}>{`${input.zip} · ${usStateName(quote.state) ?? quote.state}`}</Fact>
        {quote.type !== 'cash' ? <Fact label={i18n._('Credit tier')}>{tierName(quote.tierId)}</Fact> : null}
        {quote.type !== 'cash' ? (
          <Fact label={i18n._('Term')}>{i18n._('{months, plural, one {# month} other {# months}}', { months: quote.termMonths })}</Fact>
        ) : null}
        {quote.type === 'lease' ? <Fact label={i18n._('Miles a year')}>{formatMileage(quote.milesPerYear, language)}</Fact> : null}
        <Fact label={i18n._('Deal settings version')}>{String(settingsVersion)}</Fact>
      </dl>
      {collapsed ? (
        <details className="application-deal__lines">
          <summary>{i18n._('Every line of the deal')}</summary>
          {breakdown}
        </details>
      ) : (
        breakdown
      )}
    </>
  );
}

function StoredDeal({ deal }: { deal: ApplicationDeal }) {
  const { i18n } = useLingui();
  return (
    <section className="card detail-section application-deal" aria-labelledby="section-deal">
      <h3 id="section-deal">{i18n._('Deal')}</h3>
      <DealFigures input={deal.input} quote={deal.quote} settingsVersion={deal.settingsVersion} idPrefix="section-deal" />
    </section>
  );
}

/**
 * The deal the application was submitted with, as priced then (docs/product/deal-builder.md#the-deal-in-the-application):
 * loan, lease or cash at the top, the payment with its disclosures, then every line. Nothing without a deal.
 */
export function DealSection({ deal }: { deal: ApplicationDeal | null }) {
  return deal ? <StoredDeal deal={deal} /> : null;
}
