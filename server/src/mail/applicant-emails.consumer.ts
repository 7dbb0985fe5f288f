import { appOrigin } from '../../../domain/app-origin.ts';
import { applicationReceipt, type ReceiptFacts } from '../../../domain/application-receipt.ts';
import type { OutboxConsumer, OutboxEvent } from '../../../domain/contracts/outbox.ts';
import { applicationStatusLabels, type ApplicationStatus, type Language } from '../../../domain/enums.ts';
import { findApplicationById, findApplicationCar } from '../applications/applications.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Catalogues } from '../i18n/catalogues.ts';
import { adverseActionNoticePdf, recordNoticeDelivered, type NoticeDeps } from '../adverse-action/adverse-action.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { composeEmail, dealerFooter, type EmailContent } from './email-layout.ts';
import { describeMailError, isPermanentMailError, type Mailer } from './mail.service.ts';
import { tradeInEmailConsumer, type TradeInEmailDeps } from './trade-in-emails.consumer.ts';
import { visitEmailConsumer, type VisitEmailDeps } from './visit-emails.consumer.ts';

export const APPLICANT_EMAIL_CONSUMER = 'email';

export interface ApplicantEmailDeps {
  db: Db;
  mailer: Mailer;
  catalogues: Catalogues;
  config: Pick<Config, 'company'> & { server: Pick<Config['server'], 'publicUrl' | 'port' | 'timeZone'> };
  /** Renders a rejection's adverse-action notice, which goes to a web applicant attached to its email. */
  notices: NoticeDeps;
}

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** What the applicant's status page says next for each status (docs/product/application-wizard.md#application-status-for-the-applicant). */
const NEXT_STEPS: Partial<Record<ApplicationStatus, readonly string[]>> = {
  in_review: ['Our team is reviewing your application. We may contact you if we need anything else.'],
  approved: ['Your loan is approved. Our team will contact you to finish the paperwork and arrange your car.'],
  rejected: [
    'We are sorry: we cannot approve your application this time.',
    'We will send you a written notice with the main reasons for our decision.',
  ],
};

type ApplicationEvent = Extract<
  OutboxEvent,
  { kind: 'application.submitted' | 'application.status_changed' | 'application.adverse_action' | 'application.offer_sent' }
>;

/**
 * The email a web applicant gets for an event: a receipt, or the new status. It names the
 * application by number and links to its page; the SSN, birth date, income and addresses never
 * appear (docs/product/submission.md#notifications), so a forwarded or misdelivered email reveals nothing.
 */
function applicantEmail(
  event: ApplicationEvent,
  t: Translate,
  name: string,
  receipt: ReceiptFacts,
  deps: ApplicantEmailDeps,
): EmailContent {
  const id = event.payload.applicationId;
  const dealer = deps.config.company.name;
  const footer = [
    ...dealerFooter(deps.config.company),
    t('You receive this email because you applied for credit at {dealer}.', { dealer }),
  ];
  const link = { intro: t('See your application at any time:'), url: `${appOrigin(deps.config.server)}/application` };
  const greeting = t('Hello {name},', { name });
  const privacy = t('For your security, our emails never contain your Social Security number or financial details.');
  if (event.kind === 'application.adverse_action') {
    return {
      subject: t('Notice of action taken on your credit application #{id}', { id }),
      greeting,
      paragraphs: [
        t(
          'The attached notice is our written decision on your credit application #{id}: the principal reasons for it and your rights under federal law. Please keep it for your records.',
          { id },
        ),
        privacy,
      ],
      link,
      footer,
    };
  }
  if (event.kind === 'application.offer_sent') {
    return {
      subject: t('An offer on your credit application #{id}', { id }),
      greeting,
      paragraphs: [
        t(
          'We have sent you an offer on the deal of your credit application #{id}. Open your application to compare it with what you asked for, and accept or decline it.',
          { id },
        ),
        privacy,
      ],
      link,
      footer,
    };
  }
  if (event.kind === 'application.submitted') {
    return {
      subject: t('We received your credit application #{id}', { id }),
      greeting,
      paragraphs: [...applicationReceipt(receipt, t), t('We will write to you at this address when its status changes.'), privacy],
      link,
      footer,
    };
  }
  const status = t(applicationStatusLabels[event.payload.to]);
  return {
    subject: t('Your credit application #{id}: {status}', { id, status }),
    greeting,
    paragraphs: [
      t('The status of your credit application #{id} is now: {status}.', { id, status }),
      ...(NEXT_STEPS[event.payload.to] ?? []).map((line) => t(line)),
      privacy,
    ],
    link,
    footer,
  };
}

/**
 * The outbox's `email` consumer: tells a web applicant (no Telegram chat) by email, in their
 * language, that their application arrived, each time its status changes, when the desk sends an
 * offer on their deal, and a rejection's
 * adverse-action notice as an attached PDF. A Telegram
 * applicant hears the same from the bot (bot/src/features/notifications.ts) and gets no email.
 */
export function applicantEmailConsumer(deps: ApplicantEmailDeps): OutboxConsumer {
  return {
    name: APPLICANT_EMAIL_CONSUMER,
    kinds: ['application.submitted', 'application.status_changed', 'application.adverse_action', 'application.offer_sent'],
    async deliver(event) {
      // It takes application events only (its kinds); the others are never handed to it.
      if (
        event.kind !== 'application.submitted' &&
        event.kind !== 'application.status_changed' &&
        event.kind !== 'application.adverse_action' &&
        event.kind !== 'application.offer_sent'
      )
        return;
      const user = await findUserById(deps.db, event.payload.userId);
      // Deleted since, or reachable in Telegram: nothing to send by email.
      if (!user || user.telegram_id !== null) return;
      const application = await findApplicationById(deps.db, event.payload.applicationId);
      if (!application) return;
      const lang: Language = user.language;
      const t: Translate = (id, values) => deps.catalogues.translate(lang, id, values);
      const receipt: ReceiptFacts = {
        applicationId: application.id,
        submittedAt: application.submitted_at,
        car: await findApplicationCar(deps.db, application.car_uuid),
        dealer: deps.config.company.name,
        timeZone: deps.config.server.timeZone,
        language: lang,
      };
      const email = composeEmail(applicantEmail(event, t, application.first_name, receipt, deps));
      if (event.kind !== 'application.adverse_action') return deps.mailer.send({ to: application.email, ...email });
      // The notice itself is the attached PDF (docs/product/notices.md#adverse-action-notices): the body carries none of its reasons.
      const notice = await adverseActionNoticePdf(deps.notices, event.payload.noticeId);
      await deps.mailer.send({
        to: application.email,
        ...email,
        attachments: [{ filename: notice.filename, content: notice.bytes, contentType: 'application/pdf' }],
      });
      await recordNoticeDelivered(deps.notices, event.payload.noticeId, 'email');
    },
    isPermanent: isPermanentMailError,
    describeError: describeMailError,
  };
}

/** The mail feature's outbox consumers: the applicant, trade-in and visit emails, none while email is off (no SMTP_URL). */
export function mailConsumers(
  deps: Omit<ApplicantEmailDeps, 'mailer'> &
    Pick<TradeInEmailDeps, 'tradeInNotice'> &
    Pick<VisitEmailDeps, 'sendVisitMessage'> & { mailer: Mailer | undefined },
): OutboxConsumer[] {
  const { mailer } = deps;
  return mailer
    ? [applicantEmailConsumer({ ...deps, mailer }), tradeInEmailConsumer({ ...deps, mailer }), visitEmailConsumer({ ...deps, mailer })]
    : [];
}
