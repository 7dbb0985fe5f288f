import { useLingui } from '@lingui/react';
import { Input, Select } from '@telegram-apps/telegram-ui';
import { useId, useState } from 'react';
import { DEFAULT_APR, DEFAULT_TERM, LOAN_TERMS, defaultDownPayment, estimateLoan, parseAmount } from '../payment.ts';
import { useCarFormat } from '../format.ts';
import { FilterField } from './filter-field.tsx';

/** Monthly payment calculator; recomputed on every keystroke from what is typed (payment.ts). */
export function PaymentEstimate({ price }: { price: number }) {
  const { i18n } = useLingui();
  const format = useCarFormat();
  const id = useId();
  const [priceText, setPriceText] = useState(String(price));
  const [downText, setDownText] = useState(String(defaultDownPayment(price)));
  const [aprText, setAprText] = useState(String(DEFAULT_APR));
  const [term, setTerm] = useState<number>(DEFAULT_TERM);

  const estimate = estimateLoan({
    price: parseAmount(priceText),
    downPayment: parseAmount(downText),
    aprPercent: parseAmount(aprText),
    termMonths: term,
  });

  return (
    <section className="estimate" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._('Payment estimate')}</h2>
      <div className="estimate__fields">
        <FilterField id={`${id}-price`} label={i18n._('Vehicle price, $')}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" value={priceText} onChange={(e) => setPriceText(e.target.value)} />
          )}
        </FilterField>
        <FilterField id={`${id}-down`} label={i18n._('Down payment, $')}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" value={downText} onChange={(e) => setDownText(e.target.value)} />
          )}
        </FilterField>
        <FilterField id={`${id}-apr`} label={i18n._('APR, %')}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" value={aprText} onChange={(e) => setAprText(e.target.value)} />
          )}
        </FilterField>
        <FilterField id={`${id}-term`} label={i18n._('Term')}>
          {(control) => (
            <Select {...control} value={String(term)} onChange={(e) => setTerm(Number(e.target.value))}>
              {LOAN_TERMS.map((months) => (
                <option key={months} value={months}>
                  {i18n._('{months, plural, one {# month} other {# months}}', { months })}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
      </div>
      <div className="estimate__result">
        <p id={`${id}-monthly-label`} className="estimate__label">
          {i18n._('Estimated monthly payment')}
        </p>
        <output
          className="estimate__monthly"
          aria-labelledby={`${id}-monthly-label`}
          htmlFor={`${id}-price ${id}-down ${id}-apr ${id}-term`}
        >
          {estimate ? format.money(estimate.monthlyPayment) : '—'}
        </output>
        {estimate ? (
          <dl className="estimate__breakdown">
            <div>
              <dt>{i18n._('Loan amount')}</dt>
              <dd>{format.money(estimate.principal)}</dd>
            </div>
            <div>
              <dt>{i18n._('Total interest')}</dt>
              <dd>{format.money(estimate.totalInterest)}</dd>
            </div>
          </dl>
        ) : (
          <p className="estimate__hint">{i18n._('Enter the price, down payment and APR to see an estimate.')}</p>
        )}
      </div>
      <p className="estimate__disclaimer">{i18n._('Estimate only. Your actual rate and payment depend on credit approval.')}</p>
    </section>
  );
}
