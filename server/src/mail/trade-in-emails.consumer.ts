import { appOrigin } from '../../../domain/app-origin.ts';
import type { OutboxConsumer, OutboxEvent } from '../../../domain/contracts/outbox.ts';
import type { TradeInNotice } from '../../../domain/contracts/trade-ins.ts';
import { formatMoment } from '../../../domain/date-time.ts';
import { formatMoney } from '../../../domain/format.ts';
import type { Config } from '../config.ts';
import type { Catalogues } from '../i18n/catalogues.ts';
import { composeEmail, dealerFooter, type EmailContent } from './email-layout.ts';
import { describeMailError, isPermanentMailError, type Mailer } from './mail.service.ts';

export const TRADE_IN_EMAIL_CONSUMER = 'trade-in-email';

export type TradeInEvent = Extract<OutboxEvent, { kind: 'trade_in.offer_sent' | 'trade_in.question_asked' }>;

export interface TradeInEmailDeps {
  mailer: Mailer;
  catalogues: Catalogues;
  config: Pick<Config, 'company'> & { server: Pick<Config['server'], 'publicUrl' | 'port' | 'timeZone'> };
  /** What the shopper is told of the event (the trade-ins feature's, handed in by the composition root); null once gone. */
  tradeInNotice: (event: TradeInEvent) => Promise<TradeInNotice | null>;
}

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The email of an offer or a question: the same words as the bot's message (bot/src/features/notifications.ts), with a link to the trade-in. */
function tradeInEmail(notice: TradeInNotice, t: Translate, deps: TradeInEmailDeps): EmailContent {
  const dealer = deps.config.company.name;
  const car = notice.title;
  const common = {
    greeting: t('Hello,'),
    link: { intro: t('See your trade-in at any time:'), url: `${appOrigin(deps.config.server)}/trade-in` },
    footer: [
      ...dealerFooter(deps.config.company),
      t('You receive this email because you asked {dealer} for an offer for your car.', { dealer }),
    ],
  };
  if (notice.kind === 'question')
    return {
      ...common,
      subject: t('A question about your {car}', { car }),
      paragraphs: [
        t('We have a question about your {car}: {text}', { car, text: notice.text }),
        t("Please answer it on your trade-in's page."),
      ],
    };
  const offer = t('We offer {amount} for your {car}, valid until {date}.', {
    amount: formatMoney(notice.amountCents / 100, notice.language),
    car,
    date: formatMoment(notice.validUntil, notice.language, deps.config.server.timeZone),
  });
  return {
    ...common,
    subject: t('An offer for your {car}', { car }),
    paragraphs: [
      offer,
      ...(notice.conditions === null ? [] : [notice.conditions]),
      t('Open your trade-in to accept or decline the offer.'),
    ],
  };
}

/**
 * The outbox's `trade-in-email` consumer (docs/operations/mail.md#trade-in-emails): tells a shopper
 * without Telegram, in their language, of an offer for their trade-in and of staff's questions about
 * it, with a link to the trade-in screen. A shopper with Telegram hears the same from the bot and
 * gets no email.
 */
export function tradeInEmailConsumer(deps: TradeInEmailDeps): OutboxConsumer {
  return {
    name: TRADE_IN_EMAIL_CONSUMER,
    kinds: ['trade_in.offer_sent', 'trade_in.question_asked'],
    async deliver(event) {
      // It takes these two kinds only; the others are never handed to it.
      if (event.kind !== 'trade_in.offer_sent' && event.kind !== 'trade_in.question_asked') return;
      const notice = await deps.tradeInNotice(event);
      // Gone since, reachable in Telegram, or with no address to write to.
      if (!notice || notice.telegramId !== null || notice.email === null) return;
      const t: Translate = (id, values) => deps.catalogues.translate(notice.language, id, values);
      await deps.mailer.send({ to: notice.email, ...composeEmail(tradeInEmail(notice, t, deps)) });
    },
    isPermanent: isPermanentMailError,
    describeError: describeMailError,
  };
}
