import { useLingui } from '@lingui/react';
import type { StaffTradeIn } from '../../../../domain/contracts/trade-ins.ts';
import { toSupportedLanguage } from '../../../../domain/enums.ts';
import { formatCents, formatDollars, formatMileage, numberLocale } from '../../../../domain/format.ts';
import { TRADE_IN_CONDITION_QUESTIONS } from '../../../../domain/trade-ins/trade-in.schema.ts';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { displayOrDash, EMPTY } from '../../lib/staff/format.ts';
import { CONDITION_QUESTION_LABELS, conditionAnswerLabel, OWNERSHIP_LABELS } from './labels.ts';
import { DetailItem } from '../../components/staff/detail-item.tsx';

/** What the owner said of the car: the VIN with what it decodes to, the car, its condition, what is owed, the notes. */
export function TradeInAnswers({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const { draft, decoded } = tradeIn;
  const notAnswered = i18n._('Not answered');
  const owes = draft.ownership === 'financed' || draft.ownership === 'leased';
  return (
    <section className="card detail-section" aria-labelledby="trade-in-answers">
      <h3 id="trade-in-answers">{i18n._('The owner’s answers')}</h3>
      <dl className="detail-grid">
        <DetailItem label={i18n._('VIN')}>
          {displayOrDash(draft.vin)}
          {decoded ? (
            <span className="cell-line edit-field__hint">
              {decoded.make === null
                ? i18n._('The VIN says: a {year} model', { year: decoded.year })
                : i18n._('The VIN says: a {year} {make}', { year: decoded.year, make: decoded.make })}
            </span>
          ) : null}
        </DetailItem>
        <DetailItem label={i18n._('Year')}>{displayOrDash(draft.year)}</DetailItem>
        <DetailItem label={i18n._('Make')}>{displayOrDash(draft.make)}</DetailItem>
        <DetailItem label={i18n._('Model')}>{displayOrDash(draft.model)}</DetailItem>
        <DetailItem label={i18n._('Trim')}>{displayOrDash(draft.trim)}</DetailItem>
        <DetailItem label={i18n._('Mileage')}>{draft.mileage === null ? EMPTY : formatMileage(draft.mileage, language)}</DetailItem>
        {TRADE_IN_CONDITION_QUESTIONS.map((question) => {
          const answer = conditionAnswerLabel(draft.condition, question);
          return (
            <DetailItem key={question} label={i18n._(CONDITION_QUESTION_LABELS[question])}>
              {answer === null ? notAnswered : i18n._(answer)}
            </DetailItem>
          );
        })}
        <DetailItem label={i18n._('Ownership')}>
          {draft.ownership === null ? notAnswered : i18n._(OWNERSHIP_LABELS[draft.ownership])}
        </DetailItem>
        {owes ? <DetailItem label={i18n._('Payoff lender')}>{displayOrDash(draft.payoffLender)}</DetailItem> : null}
        {owes ? (
          <DetailItem label={i18n._('Payoff amount')}>
            {draft.payoffCents === null ? EMPTY : formatCents(draft.payoffCents, language)}
          </DetailItem>
        ) : null}
      </dl>
      <h4>{i18n._('Notes')}</h4>
      <p className="trade-in__text">{draft.notes ?? EMPTY}</p>
    </section>
  );
}

/** Who the car belongs to, as the owner's account gives it. */
export function TradeInOwner({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const { owner } = tradeIn;
  return (
    <section className="card detail-section" aria-labelledby="trade-in-owner">
      <h3 id="trade-in-owner">{i18n._('Owner')}</h3>
      <dl className="detail-grid">
        <DetailItem label={i18n._('Name')}>{displayOrDash(owner.name)}</DetailItem>
        <DetailItem label={i18n._('Telegram username')}>
          {owner.telegramUsername === null ? (
            EMPTY
          ) : (
            <a href={`https://t.me/${owner.telegramUsername}`} target="_blank" rel="noreferrer">
              @{owner.telegramUsername}
            </a>
          )}
        </DetailItem>
        <DetailItem label={i18n._('Email')}>
          {owner.email === null ? EMPTY : <a href={`mailto:${owner.email}`}>{owner.email}</a>}
        </DetailItem>
      </dl>
    </section>
  );
}

/** The dealer's own cars like the trade, listed or sold: what they were priced at and how long they took. */
export function TradeInComparables({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const plain = new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 0 });
  return (
    <section className="card detail-section" aria-labelledby="trade-in-comparables">
      <h3 id="trade-in-comparables">{i18n._('Comparable cars')}</h3>
      {tradeIn.comparables.length === 0 ? (
        <p className="edit-field__hint">{i18n._('No cars of the same make and model within two model years.')}</p>
      ) : (
        <TableScroll label={i18n._('Comparable cars')}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{i18n._('Car')}</th>
                <th scope="col">{i18n._('Year')}</th>
                <th scope="col">{i18n._('Mileage')}</th>
                <th scope="col">{i18n._('Price')}</th>
                <th scope="col">{i18n._('Days in stock')}</th>
                <th scope="col">{i18n._('Sold or listed')}</th>
              </tr>
            </thead>
            <tbody>
              {tradeIn.comparables.map((car) => (
                <tr key={car.uuid}>
                  <th scope="row">{car.title}</th>
                  <td>{car.year}</td>
                  <td className="nowrap">{formatMileage(car.mileage, language)}</td>
                  <td className="nowrap">{formatDollars(car.price, language)}</td>
                  <td>{plain.format(car.daysInStock)}</td>
                  <td>{car.sold ? i18n._('Sold') : i18n._('Listed')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
