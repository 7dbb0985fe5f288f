import { type Api, InputFile } from 'grammy';
import type { VisitEvent, VisitStaffNote } from '../../../domain/contracts/visit-messages.ts';
import { formatMoment } from '../../../domain/date-time.ts';
import type { BotDeps } from '../bot-deps.ts';
import { withAppButton } from '../links.ts';
import type { VisitChangedEvent } from '../ports.ts';
import { STAFF_LANGUAGE, textsIn, type Translate } from '../texts.ts';

/**
 * A shopper who booked a test drive or a hold in Telegram hears of it here
 * (docs/product/bot.md#visits): the same message a web shopper gets by email, with a button that
 * opens the visit in the mini app to move or cancel it (or keep it for another car). A message with
 * a calendar file (the confirmation, a move, a cancellation) is that file as a document with the
 * message as its caption: one Bot API call, so it is sent whole or not at all, and never twice.
 */
export function visitNotices(deps: BotDeps, api: Api): (event: VisitEvent) => Promise<void> {
  return (event) =>
    deps.visits.sendOnce(event, async (message, telegramId) => {
      const reply = withAppButton(
        deps.config,
        [message.subject, ...message.paragraphs].join('\n\n'),
        message.link.label,
        message.link.path,
      );
      const { calendar } = message;
      if (!calendar) {
        await api.sendMessage(telegramId, reply.text, { reply_markup: reply.keyboard });
        return;
      }
      await api.sendDocument(telegramId, new InputFile(Buffer.from(calendar.content, 'utf8'), calendar.filename), {
        caption: `${reply.text}\n\n${calendar.caption}`,
        reply_markup: reply.keyboard,
      });
    });
}

function staffNoteText(note: VisitStaffNote, staffT: Translate, timeZone: string): string {
  const values = { name: note.name, car: note.car, date: formatMoment(note.startsAt, STAFF_LANGUAGE, timeZone) };
  if (note.change === 'moved')
    return note.type === 'test_drive'
      ? staffT('📅 {name} moved their test drive of the {car} to {date}.', values)
      : staffT('📅 {name} moved their visit for the {car} they hold to {date}.', values);
  return note.type === 'test_drive'
    ? staffT('📅 {name} cancelled their test drive of the {car} on {date}.', values)
    : staffT('📅 {name} cancelled their hold of the {car} (visit on {date}); the car is free again.', values);
}

/**
 * One line in the staff group (STAFF_CHAT_ID) when a shopper moves or cancels their own visit, so
 * whoever expected them knows; staff's own changes, and a bot without a staff group, say nothing.
 */
export function visitStaffNotes(deps: BotDeps, api: Api): (event: VisitChangedEvent) => Promise<void> {
  const staffT = textsIn(deps.catalogues, STAFF_LANGUAGE);
  return async (event) => {
    const staffChatId = deps.config.bot.staffChatId;
    if (staffChatId === undefined) return;
    const note = await deps.visits.staffNote(event);
    if (!note) return;
    await api.sendMessage(staffChatId, staffNoteText(note, staffT, deps.config.server.timeZone));
  };
}
