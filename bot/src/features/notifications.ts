import { type Api, InputFile } from 'grammy';
import { applicationReceipt } from '../../../domain/application-receipt.ts';
import { formatMoment } from '../../../domain/date-time.ts';
import { applicationStatusLabels } from '../../../domain/enums.ts';
import type { OutboxEvent } from '../../../domain/contracts/outbox.ts';
import type { TradeInNotice } from '../../../domain/contracts/trade-ins.ts';
import { formatMoney } from '../../../domain/format.ts';
import { displayName } from '../applicant-card.ts';
import type { BotDeps } from '../bot-deps.ts';
import { appUrl, withAppButton, withLinkButton } from '../links.ts';
import { STAFF_LANGUAGE, textsIn, type Translate } from '../texts.ts';
import { TRADE_IN_PATH } from '../trade-in-texts.ts';
import type { Topics } from '../topics.ts';

/** Delivers one outbox event; throws when it should be tried again (or given up, for a permanent refusal). */
export type Deliver = (event: OutboxEvent) => Promise<void>;

/** An offer for the shopper's trade-in or a question about it, in their words; the same as their email says (server/src/mail). */
function tradeInNoticeText(notice: TradeInNotice, t: Translate, timeZone: string): string {
  if (notice.kind === 'question') return t('We have a question about your {car}: {text}', { car: notice.title, text: notice.text });
  const offer = t('We offer {amount} for your {car}, valid until {date}.', {
    amount: formatMoney(notice.amountCents / 100, notice.language),
    car: notice.title,
    date: formatMoment(notice.validUntil, notice.language, timeZone),
  });
  return notice.conditions === null ? offer : `${offer}\n${notice.conditions}`;
}

/**
 * What the outbox events say in Telegram (docs/product/submission.md#notifications). Staff hear of a new application in
 * the applicant's topic; the applicant hears of a status change and of the desk's offer on their deal in their language, and receives a
 * rejection's adverse-action notice as a PDF document. None ever carries financial or personal
 * detail beyond a name and a status in the message itself: they link to the app instead. A
 * shopper hears of an offer for their trade-in (its amount, which is theirs to weigh) and of staff's
 * questions about it, with a button into the trade-in screen (docs/product/bot.md#trade-ins).
 */
export function notifications(deps: BotDeps, api: Api, topics: Topics | undefined): Deliver {
  const staffT = textsIn(deps.catalogues, STAFF_LANGUAGE);

  return async (event) => {
    if (event.kind === 'trade_in.offer_sent' || event.kind === 'trade_in.question_asked') {
      const notice = await deps.tradeIns.tradeInNotice(event);
      // Gone since, or a shopper without Telegram, whose notice is an email (server/src/mail).
      if (!notice || notice.telegramId === null) return;
      const t = textsIn(deps.catalogues, notice.language);
      const reply = withAppButton(
        deps.config,
        tradeInNoticeText(notice, t, deps.config.server.timeZone),
        notice.kind === 'offer' ? t('See the offer') : t('Answer in the app'),
        TRADE_IN_PATH,
      );
      await api.sendMessage(notice.telegramId, reply.text, { reply_markup: reply.keyboard });
      return;
    }
    // Besides trade-ins, the bot subscribes to application events only (its consumer's kinds); the others are never handed to it.
    if (
      event.kind !== 'application.submitted' &&
      event.kind !== 'application.status_changed' &&
      event.kind !== 'application.adverse_action' &&
      event.kind !== 'application.offer_sent'
    )
      return;
    const user = await deps.users.findById(event.payload.userId);
    // The user was deleted since: there is no one to tell.
    if (!user) return;

    if (event.kind === 'application.submitted') {
      if (!topics) return;
      const { applicationId } = event.payload;
      const dashboard = appUrl(deps.config, `/dashboard/users/${user.id}`);
      const label = staffT('Open in dashboard');
      if (user.telegram_id !== null) {
        const note = withLinkButton(deps.config, staffT('📝 New application #{id} submitted.', { id: applicationId }), label, dashboard);
        await topics.inTopic(user.id, (thread) =>
          api.sendMessage(thread.staffChatId, note.text, { message_thread_id: thread.messageThreadId, reply_markup: note.keyboard }),
        );
      } else {
        // A web visitor has no Telegram chat, so no topic: the note goes to the group's General chat.
        const note = withLinkButton(
          deps.config,
          staffT('📝 New application #{id} from {name}, submitted on the web.', { id: applicationId, name: displayName(user) }),
          label,
          dashboard,
        );
        await api.sendMessage(deps.config.bot.staffChatId!, note.text, { reply_markup: note.keyboard });
      }
      return;
    }

    // A web applicant has no chat with the bot: email is their channel.
    if (user.telegram_id === null) return;
    const t = textsIn(deps.catalogues, user.language);
    if (event.kind === 'application.adverse_action') {
      const { noticeId } = event.payload;
      const { filename, bytes } = await deps.notices.noticePdf(noticeId);
      await api.sendDocument(user.telegram_id, new InputFile(bytes, filename), {
        caption: t('Your application was not approved. The attached notice gives the principal reasons and explains your rights.'),
      });
      await deps.notices.markDelivered(noticeId);
      return;
    }
    if (event.kind === 'application.offer_sent') {
      // The offer's figures stay in the app, beside what the applicant asked for.
      const offer = withAppButton(
        deps.config,
        t('We have sent you an offer on your deal. Open the app to compare it with what you asked for, and accept or decline it.'),
        t('See the offer'),
        '/application',
      );
      await api.sendMessage(user.telegram_id, offer.text, { reply_markup: offer.keyboard });
      return;
    }
    const text = t('Your application is now: {status}.', { status: t(applicationStatusLabels[event.payload.to]) });
    const reply = withAppButton(deps.config, text, t('Open the app'), '/application');
    await api.sendMessage(user.telegram_id, reply.text, { reply_markup: reply.keyboard });
  };
}

/**
 * The receipt a Telegram applicant gets in their chat with the bot on submitting, in their language:
 * what a web applicant's receipt email says (domain/application-receipt.ts). It is a consumer of its
 * own (`telegram-receipt`), so a retry of the staff group's note never sends it twice, nor it the note.
 */
export function receipts(deps: BotDeps, api: Api): Deliver {
  return async (event) => {
    // It takes submissions only (its consumer's kinds); the others are never handed to it.
    if (event.kind !== 'application.submitted') return;
    const user = await deps.users.findById(event.payload.userId);
    // Deleted since, or a web applicant, whose receipt is an email: nothing to send here.
    if (!user || user.telegram_id === null) return;
    const application = await deps.applicants.receiptOf(event.payload.applicationId);
    if (!application) return;
    const t = textsIn(deps.catalogues, user.language);
    const lines = applicationReceipt(
      {
        applicationId: event.payload.applicationId,
        ...application,
        dealer: deps.config.company.name,
        timeZone: deps.config.server.timeZone,
        language: user.language,
      },
      t,
    );
    const reply = withAppButton(deps.config, lines.join('\n\n'), t('Open the app'), '/application');
    await api.sendMessage(user.telegram_id, reply.text, { reply_markup: reply.keyboard });
  };
}
