import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyTradeIn, TradeInOffer } from '../../../../../domain/contracts/trade-ins.ts';
import { formatMoment } from '../../../../../domain/date-time.ts';
import { toSupportedLanguage } from '../../../../../domain/enums.ts';
import { formatCents } from '../../../../../domain/format.ts';
import { tradeInTitle } from '../../../../../domain/trade-ins/trade-in-rules.ts';
import { TRADE_IN_MESSAGE_MAX_LENGTH } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSite } from '../../../lib/api/get-site.ts';
import {
  answerTradeInOffer,
  askForReappraisal,
  sendTradeInMessage,
  startTradeIn,
  useTradeInAction,
  withdrawTradeIn,
} from '../../../lib/api/trade-ins.ts';
import { serverText } from '../../../lib/i18n.ts';

function useWhen() {
  const { i18n } = useLingui();
  const timeZone = useSite().data?.timeZone;
  return (at: string) => formatMoment(at, i18n.locale, timeZone);
}

/** A failed action's words: the server's own where it gave a fixed one, else a general one. */
function useFailureText() {
  const { i18n } = useLingui();
  return (error: unknown) => {
    // 409: the offer ran out (offer_expired) or staff moved on meanwhile; the trade-in is fetched again.
    if (error instanceof ApiError && error.status === 409) return i18n._('This offer is no longer open.');
    if (error instanceof ApiError && error.status < 500) return serverText(i18n, error.message);
    return i18n._('Something went wrong. Please try again.');
  };
}

function OpenOffer({ offer }: { offer: TradeInOffer }) {
  const { i18n } = useLingui();
  const when = useWhen();
  const failureText = useFailureText();
  const reply = useTradeInAction(answerTradeInOffer);
  const money = formatCents(offer.amountCents, toSupportedLanguage(i18n.locale));
  return (
    <section className="notice tradein-offer" aria-labelledby="tradein-offer-title">
      <h2 id="tradein-offer-title">{i18n._('Our offer: {amount}', { amount: money })}</h2>
      <p>{i18n._('Valid until {date}.', { date: when(offer.validUntil) })}</p>
      {offer.conditions ? <p className="tradein-offer__conditions">{offer.conditions}</p> : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={reply.isPending}
          onClick={() => reply.mutate({ offerId: offer.id, answer: 'accept' })}
        >
          {i18n._('Accept offer')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={reply.isPending}
          onClick={() => reply.mutate({ offerId: offer.id, answer: 'decline' })}
        >
          {i18n._('Decline offer')}
        </button>
      </div>
      {reply.isError ? <p role="alert">{failureText(reply.error)}</p> : null}
    </section>
  );
}

/** The thread with staff; while a question waits for the shopper, the answer box under it. */
function Thread({ tradeIn }: { tradeIn: MyTradeIn }) {
  const { i18n } = useLingui();
  const when = useWhen();
  const failureText = useFailureText();
  const send = useTradeInAction(sendTradeInMessage);
  const [text, setText] = useState('');
  if (tradeIn.messages.length === 0) return null;
  return (
    <section className="tradein-thread" aria-labelledby="tradein-thread-title">
      <h2 id="tradein-thread-title">{i18n._('Messages')}</h2>
      <ol className="tradein-thread__list">
        {tradeIn.messages.map((message) => (
          <li key={message.id} className={`tradein-thread__message tradein-thread__message--${message.from}`}>
            <p className="tradein-thread__from">
              {message.from === 'staff' ? i18n._('Our appraiser') : i18n._('You')} · {when(message.at)}
            </p>
            <p className="tradein-thread__text">{message.text}</p>
          </li>
        ))}
      </ol>
      {tradeIn.questionOpen ? (
        <form
          className="tradein-thread__answer"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() === '') return;
            send.mutate(text, { onSuccess: () => setText('') });
          }}
        >
          <label htmlFor="tradein-answer" className="field__label">
            {i18n._('Your answer')}
          </label>
          <textarea
            id="tradein-answer"
            className="field__input"
            rows={3}
            maxLength={TRADE_IN_MESSAGE_MAX_LENGTH}
            value={text}
            aria-describedby={send.isError ? 'tradein-answer-error' : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {send.isError ? (
            <p id="tradein-answer-error" className="field__error">
              {failureText(send.error)}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={send.isPending || text.trim() === ''}>
            {i18n._('Send answer')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/**
 * Where a submitted trade-in stands (docs/product/trade-ins.md#offers): waiting for an offer, a
 * question to answer, an offer to accept or decline, or the outcome, with what can be done next.
 */
export function TradeInStatusView({ tradeIn }: { tradeIn: MyTradeIn }) {
  const { i18n } = useLingui();
  const failureText = useFailureText();
  const withdraw = useTradeInAction(withdrawTradeIn);
  const reappraise = useTradeInAction(askForReappraisal);
  const restart = useTradeInAction(() => startTradeIn());
  const language = toSupportedLanguage(i18n.locale);
  const openOffer = tradeIn.status === 'offered' ? tradeIn.offers.find((offer) => offer.status === 'open') : undefined;
  const accepted = tradeIn.accepted;
  const latest = tradeIn.offers.at(-1);
  const action = [withdraw, reappraise, restart].find((each) => each.isError);

  return (
    <div className="tradein-status">
      <p className="lead">{tradeInTitle(tradeIn.draft)}</p>
      {tradeIn.status === 'new' ? (
        <p role="status">
          {tradeIn.questionOpen
            ? i18n._('Our appraiser has a question for you.')
            : i18n._('We are looking at your car. You will hear from us with an offer soon.')}
        </p>
      ) : null}
      {openOffer ? <OpenOffer offer={openOffer} /> : null}
      {tradeIn.status === 'accepted' && accepted ? (
        <div className="notice notice--success" role="status">
          <p>{i18n._('You accepted our offer of {amount}.', { amount: formatCents(accepted.allowanceCents, language) })}</p>
          <p>{i18n._('Choose a car: its deal takes your trade-in.')}</p>
          <Link to="/cars" className="button button--primary">
            {i18n._('Browse cars')}
          </Link>
        </div>
      ) : null}
      {tradeIn.status === 'declined' ? <p role="status">{i18n._('You declined our offer.')}</p> : null}
      {tradeIn.status === 'expired' ? (
        <div className="notice" role="status">
          <p>
            {latest
              ? i18n._('Our offer of {amount} has expired.', { amount: formatCents(latest.amountCents, language) })
              : i18n._('This offer has expired.')}
          </p>
          <button type="button" className="button button--primary" disabled={reappraise.isPending} onClick={() => reappraise.mutate()}>
            {i18n._('Ask for a new offer')}
          </button>
        </div>
      ) : null}
      {tradeIn.status === 'withdrawn' ? <p role="status">{i18n._('You withdrew this trade-in.')}</p> : null}
      {tradeIn.status === 'declined' || tradeIn.status === 'withdrawn' ? (
        <button type="button" className="button button--secondary" disabled={restart.isPending} onClick={() => restart.mutate()}>
          {i18n._('Value another car')}
        </button>
      ) : null}

      <Thread tradeIn={tradeIn} />

      {tradeIn.status === 'new' || tradeIn.status === 'offered' ? (
        <button type="button" className="button button--ghost" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
          {i18n._('Withdraw my trade-in')}
        </button>
      ) : null}
      {action ? <p role="alert">{failureText(action.error)}</p> : null}
    </div>
  );
}
