import { useLingui } from '@lingui/react';
import type { ApplicationDeal } from '../../../../../domain/deals/application-deal.schema.ts';
import type { DealType } from '../../../../../domain/deals/deal-settings.ts';
import { toSupportedLanguage } from '../../../../../domain/enums.ts';
import { formatCents } from '../../../../../domain/format.ts';
import { DealDisclosures } from '../../../components/deals/deal-breakdown.tsx';

/**
 * The deal the applicant applied with, as priced when they submitted
 * (docs/product/deal-builder.md#the-deal-in-the-application): its kind, the payment and term or the
 * amount due, and the disclosures that go with a payment. Once an offer of the dealer's was accepted,
 * it is titled as what the applicant asked for, beside the deal that now stands.
 */
export function AppliedDeal({ deal, superseded = false }: { deal: ApplicationDeal; superseded?: boolean }) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const { quote } = deal;
  const typeLabels: Record<DealType, string> = { cash: i18n._('Cash'), finance: i18n._('Finance'), lease: i18n._('Lease') };
  return (
    <section className="card application-status__deal" aria-labelledby="applied-deal-title">
      <h2 id="applied-deal-title">{superseded ? i18n._('What you asked for') : i18n._('Your deal')}</h2>
      <dl className="application-status__deal-lines">
        <div>
          <dt>{i18n._('Kind of deal')}</dt>
          <dd>{typeLabels[quote.type]}</dd>
        </div>
        {quote.type === 'cash' ? (
          <div>
            <dt>{i18n._('Amount due')}</dt>
            <dd>{formatCents(quote.amountDueCents, language)}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{i18n._('Monthly payment')}</dt>
              <dd>{formatCents(quote.paymentCents, language)}</dd>
            </div>
            <div>
              <dt>{i18n._('Term')}</dt>
              <dd>{i18n._('{months, plural, one {# month} other {# months}}', { months: quote.termMonths })}</dd>
            </div>
          </>
        )}
      </dl>
      <DealDisclosures quote={quote} />
      <p className="deal__disclaimer">{i18n._('Estimate only. Your actual rate and payment depend on credit approval.')}</p>
    </section>
  );
}
