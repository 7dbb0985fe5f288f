import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { awaitsDecision } from '../../../../../domain/application-status.ts';
import type { DealOffer, MyApplication } from '../../../../../domain/contracts/applications.ts';
import { formatMoment } from '../../../../../domain/date-time.ts';
import type { ApplicationDeal } from '../../../../../domain/deals/application-deal.schema.ts';
import type { DealQuote } from '../../../../../domain/deals/deal-quote.schema.ts';
import type { DealType } from '../../../../../domain/deals/deal-settings.ts';
import { toSupportedLanguage } from '../../../../../domain/enums.ts';
import { formatCents } from '../../../../../domain/format.ts';
import { DealBreakdown, DealDisclosures, DealHeadline } from '../../../components/deals/deal-breakdown.tsx';
import { useDealSettings } from '../../../lib/api/get-deal-settings.ts';
import { useSite } from '../../../lib/api/get-site.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAnswerOffer, type OfferReply } from '../api/answer-offer.ts';
import { AppliedDeal } from './applied-deal.tsx';

function useTypeLabels(): Record<DealType, string> {
  const { i18n } = useLingui();
  return { cash: i18n._('Cash'), finance: i18n._('Finance'), lease: i18n._('Lease') };
}

/** Dates as the rest of the status page writes them: the month in words, in the dealer's zone. */
function useMoment() {
  const { i18n } = useLingui();
  const timeZone = useSite().data?.timeZone;
  return (iso: string) => formatMoment(iso, i18n.locale, timeZone);
}

/** A priced deal: its kind, the payment with its disclosures, and every line on demand. */
function DealFigures({ quote, idPrefix }: { quote: DealQuote; idPrefix: string }) {
  const { i18n } = useLingui();
  const settings = useDealSettings().data?.settings;
  return (
    <>
      <p className="application-offer__kind">{useTypeLabels()[quote.type]}</p>
      <DealHeadline quote={quote} idPrefix={idPrefix} />
      <DealDisclosures quote={quote} />
      <details className="application-offer__lines">
        <summary>{i18n._('Every line of the deal')}</summary>
        <DealBreakdown quote={quote} settings={settings} />
      </details>
    </>
  );
}

function DealColumn({ id, title, quote }: { id: string; title: string; quote: DealQuote }) {
  return (
    <section className="application-offer__deal" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <DealFigures quote={quote} idPrefix={id} />
    </section>
  );
}

interface OpenOfferProps {
  offer: DealOffer;
  deal: ApplicationDeal | null;
  busy: boolean;
  onAnswer: (reply: OfferReply) => void;
}

/**
 * The dealer's open offer beside what the applicant asked for (below it on a phone), with Accept and
 * Decline; declining asks first (docs/product/application-wizard.md#the-dealers-offer).
 */
function OpenOffer({ offer, deal, busy, onAnswer }: OpenOfferProps) {
  const { i18n } = useLingui();
  const moment = useMoment();
  const [confirming, setConfirming] = useState(false);
  const confirmBox = useRef<HTMLDivElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  // Focus follows the question, and comes back to Decline when it is put away.
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) {
      asked.current = true;
      confirmBox.current?.focus();
    } else if (asked.current) {
      declineButton.current?.focus();
    }
  }, [confirming]);
  const sent = moment(offer.sentAt);
  return (
    <section className="card application-offer" aria-labelledby="open-offer-title">
      <h2 id="open-offer-title">{i18n._('An offer on your deal')}</h2>
      <p>
        {deal
          ? i18n._('The dealer sent you this offer on {date}. Compare it with what you asked for, then accept or decline it.', {
              date: sent,
            })
          : i18n._('The dealer sent you this offer on {date}. Check its figures, then accept or decline it.', { date: sent })}
      </p>
      <div className="application-offer__columns">
        {deal ? <DealColumn id="offer-asked" title={i18n._('What you asked for')} quote={deal.quote} /> : null}
        <DealColumn id="offer-new" title={i18n._('The dealer’s offer')} quote={offer.quote} />
      </div>
      <p className="deal__disclaimer">{i18n._('Estimate only. Your actual rate and payment depend on credit approval.')}</p>
      {confirming ? (
        <div ref={confirmBox} className="application-offer__confirm" role="group" aria-labelledby="decline-offer-title" tabIndex={-1}>
          <h3 id="decline-offer-title">{i18n._('Decline the dealer’s offer?')}</h3>
          <p>{i18n._('Your application stays in review, and the dealer may send you another offer.')}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => onAnswer({ offerId: offer.id, answer: 'decline' })}
            >
              {i18n._('Yes, decline the offer')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {i18n._('Keep the offer')}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => onAnswer({ offerId: offer.id, answer: 'accept' })}
          >
            {i18n._('Accept the offer')}
          </button>
          <button ref={declineButton} type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {i18n._('Decline')}
          </button>
        </div>
      )}
    </section>
  );
}

/** The offer the applicant accepted: the deal that stands now, and the one the lender receives. */
function AcceptedOffer({ offer }: { offer: DealOffer }) {
  const { i18n } = useLingui();
  const moment = useMoment();
  return (
    <section className="card application-offer application-offer--accepted" aria-labelledby="accepted-offer-title">
      <h2 id="accepted-offer-title">{i18n._('The offer you accepted')}</h2>
      <p>
        {i18n._('You accepted it on {date}. It is the deal the dealer sends to the lender.', {
          date: moment(offer.respondedAt ?? offer.sentAt),
        })}
      </p>
      <DealFigures quote={offer.quote} idPrefix="accepted-offer" />
      <p className="deal__disclaimer">{i18n._('Estimate only. Your actual rate and payment depend on credit approval.')}</p>
    </section>
  );
}

/** The other offers, newest first: where each stands and its payment with its disclosures. */
function PastOffers({ offers }: { offers: DealOffer[] }) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const moment = useMoment();
  const typeLabels = useTypeLabels();
  const standing = (offer: DealOffer) => {
    const answered = moment(offer.respondedAt ?? offer.sentAt);
    switch (offer.status) {
      case 'accepted':
        return i18n._('Accepted on {date}', { date: answered });
      case 'declined':
        return i18n._('Declined on {date}', { date: answered });
      case 'superseded':
        return i18n._('Replaced by a newer offer on {date}', { date: answered });
      case 'sent':
        return i18n._('Sent on {date}, not answered', { date: moment(offer.sentAt) });
    }
  };
  return (
    <section className="card" aria-labelledby="past-offers-title">
      <h2 id="past-offers-title">{i18n._('Past offers')}</h2>
      <ol className="application-offer__past">
        {offers.map((offer) => (
          <li key={offer.id}>
            <p className="application-offer__standing">{standing(offer)}</p>
            <p>
              {`${typeLabels[offer.quote.type]} · `}
              {offer.quote.type === 'cash'
                ? i18n._('Amount due: {amount}', { amount: formatCents(offer.quote.amountDueCents, language) })
                : i18n._('Monthly payment: {amount}', { amount: formatCents(offer.quote.paymentCents, language) })}
            </p>
            <DealDisclosures quote={offer.quote} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The offer waiting for the applicant's answer; once decided, an offer can no longer be answered and is listed with the past ones. */
const openOffer = (application: MyApplication) =>
  awaitsDecision(application.status) ? application.offers.find((offer) => offer.status === 'sent') : undefined;

type Reply = ReturnType<typeof useAnswerOffer>;

/** What came of the applicant's answer, where the offer was; it takes focus, as the buttons pressed are gone. */
function ReplyOutcome({ reply }: { reply: Reply }) {
  const { i18n } = useLingui();
  const box = useRef<HTMLParagraphElement>(null);
  const shown = reply.isError || reply.isSuccess;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown, reply.submittedAt]);
  if (reply.isError) {
    const conflict = reply.error instanceof ApiError && reply.error.status === 409;
    return (
      <p ref={box} role="alert" className="field__error" tabIndex={-1}>
        {conflict
          ? i18n._(
              'That offer can no longer be answered: the dealer has sent a newer one, or your application has been decided. Your application as it is now is below.',
            )
          : i18n._('We could not send your answer. Try again.')}
      </p>
    );
  }
  if (reply.isSuccess) {
    return (
      <p ref={box} role="status" className="notice notice--success" tabIndex={-1}>
        {reply.variables.answer === 'accept' ? i18n._('You accepted the dealer’s offer.') : i18n._('You declined the dealer’s offer.')}
      </p>
    );
  }
  return null;
}

/**
 * The dealer's open offer, near the top of the applicant's status page
 * (docs/product/application-wizard.md#the-dealers-offer), and what came of their answer.
 */
export function OfferToAnswer({ application }: { application: MyApplication }) {
  const reply = useAnswerOffer();
  const open = openOffer(application);
  return (
    <>
      <ReplyOutcome reply={reply} />
      {open ? (
        <OpenOffer key={open.id} offer={open} deal={application.deal} busy={reply.isPending} onAnswer={(answer) => reply.mutate(answer)} />
      ) : null}
    </>
  );
}

/**
 * The rest of the deal on the status page: the offer the applicant accepted, what they applied with
 * (shown beside the open offer instead while there is one), and the other offers with where each stands.
 */
export function DealAndOffers({ application }: { application: MyApplication }) {
  const { deal, offers } = application;
  const open = openOffer(application);
  const newestFirst = [...offers].reverse();
  const accepted = newestFirst.find((offer) => offer.status === 'accepted');
  const past = newestFirst.filter((offer) => offer !== open && offer !== accepted);
  return (
    <>
      {accepted ? <AcceptedOffer offer={accepted} /> : null}
      {deal && !open ? <AppliedDeal deal={deal} superseded={accepted !== undefined} /> : null}
      {past.length > 0 ? <PastOffers offers={past} /> : null}
    </>
  );
}
