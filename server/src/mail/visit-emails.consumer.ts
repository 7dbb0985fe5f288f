import type { OutboxConsumer } from '../../../domain/contracts/outbox.ts';
import type { VisitEvent, VisitMessage } from '../../../domain/contracts/visit-messages.ts';
import type { Config } from '../config.ts';
import type { Catalogues } from '../i18n/catalogues.ts';
import { composeEmail, dealerFooter, type EmailContent } from './email-layout.ts';
import { describeMailError, isPermanentMailError, type Mailer, type MailMessage } from './mail.service.ts';

export const VISIT_EMAIL_CONSUMER = 'visit-email';

export interface VisitEmailDeps {
  mailer: Mailer;
  catalogues: Catalogues;
  config: Pick<Config, 'company'>;
  /**
   * Sends the message the event owes a shopper who booked on the web, once (the visits feature's
   * sendVisitMessage, handed in by the composition root): `send` is called at most once, and a throw
   * from it releases the message for the retry.
   */
  sendVisitMessage: (event: VisitEvent, send: (message: VisitMessage, to: { email: string }) => Promise<void>) => Promise<void>;
}

/** The message as an email: the same words as in Telegram, the calendar file attached. */
function visitEmail(message: VisitMessage, deps: VisitEmailDeps): Omit<MailMessage, 'to'> {
  const t = (id: string, values?: Record<string, unknown>) => deps.catalogues.translate(message.language, id, values);
  const dealer = deps.config.company.name;
  const content: EmailContent = {
    subject: message.subject,
    greeting: message.greeting,
    paragraphs: message.calendar ? [...message.paragraphs, message.calendar.caption] : message.paragraphs,
    link: { intro: message.link.intro, url: message.link.url },
    footer: [...dealerFooter(deps.config.company), t('You receive this email because you booked a visit at {dealer}.', { dealer })],
  };
  const { calendar } = message;
  return {
    ...composeEmail(content),
    ...(calendar && {
      attachments: [
        {
          filename: calendar.filename,
          content: Buffer.from(calendar.content, 'utf8'),
          contentType: `text/calendar; charset=utf-8; method=${calendar.method}`,
        },
      ],
    }),
  };
}

/**
 * The outbox's `visit-email` consumer (docs/operations/mail.md#visit-emails): a shopper who booked a
 * test drive or a hold on the web hears of it by email, in their language: the confirmation with the
 * visit's calendar file, the reminders 24 and 2 hours before, a move (with the updated file), a
 * cancellation, and the car leaving sale before the visit. A shopper who booked in Telegram hears
 * the same from the bot.
 */
export function visitEmailConsumer(deps: VisitEmailDeps): OutboxConsumer {
  return {
    name: VISIT_EMAIL_CONSUMER,
    kinds: ['visit.booked', 'visit.reminder', 'visit.changed', 'visit.car_gone'],
    async deliver(event) {
      // It takes visit events only (its kinds); the others are never handed to it.
      if (
        event.kind !== 'visit.booked' &&
        event.kind !== 'visit.reminder' &&
        event.kind !== 'visit.changed' &&
        event.kind !== 'visit.car_gone'
      )
        return;
      await deps.sendVisitMessage(event, (message, to) => deps.mailer.send({ to: to.email, ...visitEmail(message, deps) }));
    },
    isPermanent: isPermanentMailError,
    describeError: describeMailError,
  };
}
