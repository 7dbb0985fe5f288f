import { createHmac, timingSafeEqual } from 'node:crypto';
import { Composer, type Api, type Context, InlineKeyboard } from 'grammy';
import type { AlertTarget, PendingAlert } from '../../../domain/contracts/alerts.ts';
import { formatMoney } from '../../../domain/format.ts';
import type { BotConfig, BotDeps } from '../bot-deps.ts';
import { appUrl, buttonsAllowed } from '../links.ts';
import type { CarEvent } from '../ports.ts';
import { describeError, isPermanent, isRecipientUnreachable } from '../telegram-errors.ts';
import { textsIn, senderLanguage, type Translate } from '../texts.ts';

/*
 * Alerts that bring shoppers back (docs/decisions/019-telegram-alerts.md): the `alerts` outbox
 * consumer's sending side, and the unsubscribe button every alert carries. The server decides who
 * is owed what (the AlertsPort); the bot writes it in Telegram.
 */

const SIGNATURE_LENGTH = 22;
const UNSUBSCRIBE = /^unsub:(f|s(\d{1,10})):([A-Za-z0-9_-]{22})$/;

/**
 * The unsubscribe button's key, derived from SESSION_SECRET like the webhook secret
 * (telegram-bot.ts): the same on every instance, and useless for anything else.
 */
const unsubscribeKey = (config: BotConfig) =>
  createHmac('sha256', config.security.sessionSecret).update('telegram-alerts-unsubscribe').digest();

const targetCode = (target: AlertTarget) => (target.kind === 'favorites' ? 'f' : `s${target.id}`);

const signatureOf = (config: BotConfig, telegramId: number, code: string) =>
  createHmac('sha256', unsubscribeKey(config)).update(`${telegramId}:${code}`).digest('base64url').slice(0, SIGNATURE_LENGTH);

/**
 * The button's callback data: what to stop, signed for the one shopper it was sent to, so a button
 * forwarded or made up stops nothing. At most 41 bytes, within Telegram's 64.
 */
export function unsubscribeData(config: BotConfig, telegramId: number, target: AlertTarget): string {
  const code = targetCode(target);
  return `unsub:${code}:${signatureOf(config, telegramId, code)}`;
}

/** The target of a button this shopper was sent, or null for one that was not signed for them. */
export function verifyUnsubscribe(config: BotConfig, telegramId: number, data: string): AlertTarget | null {
  const match = UNSUBSCRIBE.exec(data);
  if (!match) return null;
  const [, code, searchId, signature] = match;
  const expected = Buffer.from(signatureOf(config, telegramId, code!));
  if (!timingSafeEqual(expected, Buffer.from(signature!))) return null;
  return searchId === undefined ? { kind: 'favorites' } : { kind: 'saved_search', id: Number(searchId) };
}

function alertText(alert: PendingAlert, t: Translate): string {
  const money = (amount: number) => formatMoney(amount, alert.language);
  const car = alert.car.title;
  switch (alert.reason) {
    case 'price_dropped':
      return t('Price drop: {car} is now {price} (was {oldPrice}).', {
        car,
        price: money(alert.price),
        oldPrice: money(alert.oldPrice ?? alert.price),
      });
    case 'sold':
      return t('{car} from your favourites has been sold. It was listed at {price}.', { car, price: money(alert.price) });
    case 'available_again':
      return t('{car} from your favourites is available again, at {price}.', { car, price: money(alert.price) });
    case 'new_match':
      return t('New in stock for your saved search: {car}, {price}.', { car, price: money(alert.price) });
  }
}

/** One alert as a photo with a caption, or as text when the car has no photo or Telegram cannot fetch it. */
async function sendAlert(deps: BotDeps, api: Api, alert: PendingAlert): Promise<void> {
  const { config } = deps;
  const t = textsIn(deps.catalogues, alert.language);
  const target: AlertTarget =
    alert.reason === 'new_match' && alert.savedSearchId !== null
      ? { kind: 'saved_search', id: alert.savedSearchId }
      : { kind: 'favorites' };
  const stop = alert.reason === 'new_match' ? t('Stop alerts for this search') : t('Stop alerts for favourites');
  const carUrl = appUrl(config, `/cars/${alert.car.uuid}`);
  const online = buttonsAllowed(config);
  const keyboard = online ? new InlineKeyboard().webApp(t('Open the car'), carUrl).row() : new InlineKeyboard();
  keyboard.text(stop, unsubscribeData(config, alert.telegramId, target));
  // Without https Telegram can open no web-app button and fetch no photo: the link goes into the text.
  const text = online ? alertText(alert, t) : `${alertText(alert, t)}\n\n${carUrl}`;
  if (online && alert.car.photoPath) {
    try {
      await api.sendPhoto(alert.telegramId, appUrl(config, alert.car.photoPath), { caption: text, reply_markup: keyboard });
      return;
    } catch (error) {
      // A photo Telegram could not fetch is no reason to lose the news: it goes as text.
      if (!isPermanent(error) || isRecipientUnreachable(error)) throw error;
      deps.log.warn({ alertId: alert.id, error: describeError(error) }, 'alert photo refused; sending text');
    }
  }
  await api.sendMessage(alert.telegramId, text, { reply_markup: keyboard });
}

/**
 * Delivers one car event's alerts: each owed message once, marked sent as it goes, so a retry or a
 * restart sends only what is left. A shopper who blocked the bot is remembered and skipped; a
 * message Telegram refuses for good is dropped, and the others still go. Anything worth retrying
 * (Telegram down, a 5xx) is thrown for the outbox to try the rest again later.
 */
export function alertsDelivery(deps: BotDeps, api: Api): (event: CarEvent) => Promise<void> {
  return async (event) => {
    for (const alert of await deps.alerts.prepare(event)) {
      try {
        await sendAlert(deps, api, alert);
      } catch (error) {
        if (isRecipientUnreachable(error)) await deps.alerts.markBlocked(alert.userId, alert.id);
        else if (isPermanent(error)) await deps.alerts.drop(alert.id, describeError(error));
        else throw error;
        continue;
      }
      await deps.alerts.markSent(alert.id);
    }
  };
}

/** The unsubscribe button: a verified one stops what it names; any other is answered politely and changes nothing. */
export function alertsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  composer.callbackQuery(/^unsub:/, async (ctx) => {
    const t = textsIn(deps.catalogues, senderLanguage(ctx.from));
    const target = verifyUnsubscribe(deps.config, ctx.from.id, ctx.callbackQuery.data);
    if (!target) {
      await ctx.answerCallbackQuery({
        text: t('Sorry, this button does not work here. You can manage alerts on the Favourites screen of the app.'),
        show_alert: true,
      });
      return;
    }
    await deps.alerts.unsubscribe(ctx.from.id, target);
    // The message keeps its car button and loses the stop button, which has done its work.
    const rows = ctx.callbackQuery.message?.reply_markup?.inline_keyboard ?? [];
    const kept = rows.map((row) => row.filter((button) => !('callback_data' in button))).filter((row) => row.length > 0);
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: kept } }).catch((error: unknown) =>
      // Telegram refuses edits of old messages; the answer below still tells the shopper it worked.
      deps.log.info({ error: describeError(error) }, 'could not remove the stop button'),
    );
    await ctx.answerCallbackQuery({
      text:
        target.kind === 'favorites'
          ? t('Done: no more alerts for your favourites. You can switch them on again on the Favourites screen.')
          : t('Done: no more alerts for this saved search.'),
    });
  });
  return composer;
}
