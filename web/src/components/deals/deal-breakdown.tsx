import './deal.css';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import { dealDisclosures, stateName } from '../../../../domain/deals/deal-disclosures.ts';
import type { DealQuote } from '../../../../domain/deals/deal-quote.schema.ts';
import { toSupportedLanguage } from '../../../../domain/enums.ts';
import { formatCents, formatPercent } from '../../../../domain/format.ts';

/**
 * The figure that matters, labelled "Monthly payment" (finance, lease) or "Amount due" (cash), as a
 * status a screen reader announces (docs/product/deal-builder.md#the-breakdown). Its disclosures
 * go with it wherever it is shown (DealDisclosures).
 */
export function DealHeadline({ quote, idPrefix }: { quote: DealQuote; idPrefix: string }) {
  const { i18n } = useLingui();
  const labelId = `${idPrefix}-headline-label`;
  const headline = quote.type === 'cash' ? quote.amountDueCents : quote.paymentCents;
  return (
    <>
      <p id={labelId} className="deal__label">
        {quote.type === 'cash' ? i18n._('Amount due') : i18n._('Monthly payment')}
      </p>
      <output className="deal__headline" aria-labelledby={labelId}>
        {formatCents(headline, toSupportedLanguage(i18n.locale))}
      </output>
    </>
  );
}

/** What must be said with a payment or a total (domain/deals/deal-disclosures.ts), translated. */
export function DealDisclosures({ quote }: { quote: DealQuote }) {
  const { i18n } = useLingui();
  const texts = dealDisclosures(quote, i18n.locale);
  if (texts.length === 0) return null;
  return <p className="deal__disclosure">{texts.map((text) => i18n._(text.id, text.values)).join(' ')}</p>;
}

function Line({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'deal__line deal__line--strong' : 'deal__line'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Every line of the quote, in the order a person checks it (docs/product/deal-builder.md#the-breakdown):
 * what is bought, what lowers it, the tax, then what the kind of deal makes of it. Amounts that lower
 * the deal are written negative. Products and rebates are named from the dealer's settings; until
 * they are known (or once one is no longer offered) a line shows its id.
 */
export function DealBreakdown({ quote, settings }: { quote: DealQuote; settings: DealSettingsAnswer['settings'] | undefined }) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const money = (cents: number) => formatCents(cents, language);
  const percent = (value: number) => formatPercent(value, language);
  const notIncluded = i18n._('Not included: we confirm it for {state}.', { state: stateName(quote.tax) });
  const productName = (id: string) => settings?.products.find((product) => product.id === id)?.name[language] ?? id;
  const rebateName = (id: string) => settings?.rebates.find((rebate) => rebate.id === id)?.name[language] ?? id;

  return (
    <dl className="deal__breakdown">
      <Line label={i18n._('Price')}>{money(quote.priceCents)}</Line>
      {quote.type === 'lease' ? <Line label={i18n._('MSRP')}>{money(quote.msrpCents)}</Line> : null}
      <Line label={i18n._('Doc fee')}>{money(quote.docFeeCents)}</Line>
      <Line label={i18n._('Government fees (title, registration)')}>
        {quote.tax.included ? money(quote.governmentFeesCents) : notIncluded}
      </Line>
      {quote.type === 'lease' ? <Line label={i18n._('Acquisition fee')}>{money(quote.acquisitionFeeCents)}</Line> : null}
      {quote.products.map((product) => (
        <Line key={product.id} label={productName(product.id)}>
          {money(product.cents)}
        </Line>
      ))}
      {quote.rebates.map((rebate) => (
        <Line key={rebate.id} label={i18n._('Rebate: {name}', { name: rebateName(rebate.id) })}>
          {money(-rebate.cents)}
        </Line>
      ))}
      {quote.trade ? (
        <>
          <Line label={i18n._('Trade-in allowance')}>{money(quote.trade.allowanceCents)}</Line>
          <Line label={i18n._('Trade-in payoff')}>{money(quote.trade.payoffCents)}</Line>
          <Line label={i18n._('Trade-in equity')}>{money(quote.trade.equityCents)}</Line>
        </>
      ) : null}
      {quote.tax.included ? (
        <>
          <Line label={i18n._('Taxable amount')}>{money(quote.tax.taxableCents)}</Line>
          <Line label={i18n._('Tax ({rate})', { rate: percent(quote.tax.ratePercent) })}>{money(quote.tax.taxCents)}</Line>
        </>
      ) : (
        <Line label={i18n._('Tax')}>{notIncluded}</Line>
      )}
      {quote.type !== 'cash' ? <Line label={i18n._('Cash down')}>{money(quote.cashDownCents)}</Line> : null}
      {quote.type === 'cash' ? (
        <Line label={i18n._('Amount due')} strong>
          {money(quote.amountDueCents)}
        </Line>
      ) : null}
      {quote.type === 'finance' ? (
        <>
          <Line label={i18n._('Amount financed')} strong>
            {money(quote.amountFinancedCents)}
          </Line>
          <Line label={i18n._('APR')}>{percent(quote.aprPercent)}</Line>
          <Line label={i18n._('Number of payments')}>{quote.numberOfPayments}</Line>
          <Line label={i18n._('Monthly payment')} strong>
            {money(quote.paymentCents)}
          </Line>
          <Line label={i18n._('Total of payments')}>{money(quote.totalOfPaymentsCents)}</Line>
          <Line label={i18n._('Finance charge')}>{money(quote.financeChargeCents)}</Line>
        </>
      ) : null}
      {quote.type === 'lease' ? (
        <>
          <Line label={i18n._('Gross capitalized cost')}>{money(quote.grossCapCostCents)}</Line>
          <Line label={i18n._('Capitalized cost reduction')}>{money(-quote.capCostReductionCents)}</Line>
          <Line label={i18n._('Adjusted capitalized cost')} strong>
            {money(quote.adjustedCapCostCents)}
          </Line>
          <Line label={i18n._('Residual value ({percent} of MSRP)', { percent: percent(quote.residualPercent) })}>
            {money(quote.residualCents)}
          </Line>
          <Line label={i18n._('Depreciation a month')}>{money(quote.depreciationCents)}</Line>
          <Line label={i18n._('Rent charge a month')}>{money(quote.rentChargeCents)}</Line>
          <Line label={i18n._('Base monthly payment')}>{money(quote.basePaymentCents)}</Line>
          <Line label={i18n._('Monthly tax')}>{quote.tax.included ? money(quote.monthlyTaxCents) : notIncluded}</Line>
          <Line label={i18n._('Monthly payment')} strong>
            {money(quote.paymentCents)}
          </Line>
          <Line label={i18n._('Number of payments')}>{quote.numberOfPayments}</Line>
          {quote.tax.included ? <Line label={i18n._('Tax due at signing')}>{money(quote.upfrontTaxCents)}</Line> : null}
          <Line label={i18n._('Due at signing')} strong>
            {money(quote.dueAtSigningCents)}
          </Line>
          <Line label={i18n._('Total of payments')}>{money(quote.totalOfPaymentsCents)}</Line>
          <Line label={i18n._('Disposition fee at the end')}>{money(quote.dispositionFeeCents)}</Line>
          <Line label={i18n._('Excess mileage charge a mile')}>{money(quote.excessMileageCentsPerMile)}</Line>
        </>
      ) : null}
    </dl>
  );
}
