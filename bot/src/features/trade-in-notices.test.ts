import { sql } from 'kysely';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoment } from '../../../domain/date-time.ts';
import { formatMoney } from '../../../domain/format.ts';
import { tradeInDraftSchema } from '../../../domain/trade-ins/trade-in.schema.ts';
import type { Viewer } from '../../../server/src/http/viewer.ts';
import { deleteTradeInsDue } from '../../../server/src/retention/retention.service.ts';
import { askTradeInQuestion, sendTradeInOffer } from '../../../server/src/trade-ins/trade-in-appraisals.service.ts';
import { startTradeIn, submitTradeIn } from '../../../server/src/trade-ins/trade-ins.service.ts';
import { addressKey } from '../../../server/src/security/client-address.ts';
import { insertGuest } from '../../../server/src/users/guests.repository.ts';
import { rememberTelegramUser } from '../../../server/src/users/telegram-users.service.ts';
import { completeGuestProfile } from '../../../server/src/users/users.repository.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { createAdmin } from '../../../server/test/identity.ts';
import { keyboardOf } from '../../test/fake-bot-api.ts';
import { PUBLIC_URL, useBotRuntime, type BotRuntimeHarness } from '../../test/bot-harness.ts';

const ADMIN_TELEGRAM_ID = 7_500_000;
let nextShopper = 7_500_001;

/** The answers of a car described whole in the app, ready to submit. */
const described = (car: string) => {
  const [year, make, model, trim] = car.split(' ');
  return v.parse(tradeInDraftSchema, {
    year: Number(year),
    make,
    model,
    trim,
    mileage: 84_000,
    condition: {
      accidents: 'none',
      warningLights: false,
      smokedIn: false,
      keys: 'two_or_more',
      tyres: 'good',
      bodyDamage: 'none',
      mechanicalIssues: false,
      modifications: false,
    },
    ownership: 'owned',
  });
};

describe.each(DATABASE_KINDS)("a shopper told of their trade-in's offer and questions in Telegram on %s", (kind) => {
  const h = useBotRuntime(kind);
  let staff: Viewer;

  beforeAll(async () => {
    const admin = await createAdmin(h.runtime.db, ADMIN_TELEGRAM_ID);
    staff = { userId: admin.id, telegramId: ADMIN_TELEGRAM_ID, isAdmin: true, via: 'session' };
  });

  const deps = (r: BotRuntimeHarness['runtime']) => ({ db: r.db, pii: r.pii });

  /** The user's car, described and submitted for an appraisal in the app; answers the trade-in's id. */
  async function submitted(userId: number, car: string): Promise<number> {
    const { tradeIn } = await startTradeIn(deps(h.runtime), userId, described(car));
    await submitTradeIn(deps(h.runtime), userId);
    return tradeIn.id;
  }

  /** A Telegram shopper the bot knows, in this language, with their car submitted; answers the trade-in's id. */
  async function telegramShopper(language_code: string, car: string) {
    const who = { id: nextShopper++, is_bot: false, first_name: 'Olena', language_code };
    const user = await rememberTelegramUser(h.runtime.db, who);
    return { who, tradeInId: await submitted(user.id, car) };
  }

  const offer = (tradeInId: number, amountCents: number, conditions: string) =>
    sendTradeInOffer({ db: h.runtime.db, offerValidDays: h.runtime.config.tradeIns.offerValidDays }, staff, tradeInId, {
      amountCents,
      conditions,
    });

  it('tells them of an offer in their language, with its amount, validity and conditions, and a button into the trade-in screen', async () => {
    const { who, tradeInId } = await telegramShopper('es', '2015 Honda Civic EX');
    const sent = await offer(tradeInId, 1_250_000, 'Subject to a test drive.');

    await h.runtime.outbox.tick();

    const [message] = h.fake.callsOf('sendMessage');
    const t = (id: string, values?: Record<string, unknown>) => h.runtime.catalogues.translate('es', id, values);
    const date = formatMoment(sent.validUntil, 'es', h.runtime.config.server.timeZone);
    expect(message!.payload.chat_id).toBe(who.id);
    expect(message!.payload.text).toBe(
      `${t('We offer {amount} for your {car}, valid until {date}.', { amount: formatMoney(12_500, 'es'), car: '2015 Honda Civic EX', date })}\nSubject to a test drive.`,
    );
    expect(keyboardOf(message!)).toEqual([[{ text: t('See the offer'), web_app: { url: `${PUBLIC_URL}/trade-in` } }]]);
  });

  it("tells them of staff's question, with a button to answer in the app", async () => {
    const { who, tradeInId } = await telegramShopper('en', '2018 Toyota Camry');
    await askTradeInQuestion(h.runtime.db, staff, tradeInId, { text: 'Does it have both keys?' });

    await h.runtime.outbox.tick();

    const [message] = h.fake.callsOf('sendMessage');
    expect(message!.payload).toMatchObject({
      chat_id: who.id,
      text: 'We have a question about your 2018 Toyota Camry: Does it have both keys?',
    });
    expect(keyboardOf(message!)).toEqual([[{ text: 'Answer in the app', web_app: { url: `${PUBLIC_URL}/trade-in` } }]]);
  });

  it('leaves a shopper without Telegram to their email', async () => {
    const guest = await insertGuest(h.runtime.db, addressKey(h.runtime.config.security.sessionSecret, '203.0.113.7'));
    await completeGuestProfile(h.runtime.db, guest.id, {
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'shopper@example.test',
      phone: '+12145550123',
    });
    const tradeInId = await submitted(guest.id, '2018 Toyota Camry');
    await askTradeInQuestion(h.runtime.db, staff, tradeInId, { text: 'Any rust?' });

    await h.runtime.outbox.tick();

    expect(h.fake.callsOf('sendMessage')).toEqual([]);
    expect(await telegramDelivery(h, tradeInId)).toMatchObject({ delivered: true });
  });

  it('tells nobody of an offer on a trade-in deleted before it was delivered', async () => {
    const { tradeInId } = await telegramShopper('en', '2016 Ford Focus');
    await offer(tradeInId, 900_000, 'Subject to inspection.');
    // Time passes: the trade-in was left unanswered past retention (docs/product/trade-ins.md#data-that-leaves).
    await sql`update trade_ins set updated_at = now() - interval '91 days' where id = ${tradeInId}`.execute(h.runtime.db);
    expect((await deleteTradeInsDue(h.runtime.db)).deleted).toBe(1);

    await h.runtime.outbox.tick();

    expect(h.fake.callsOf('sendMessage')).toEqual([]);
    expect(await telegramDelivery(h, tradeInId)).toMatchObject({ delivered: true });
  });
});

/** The bot's delivery of the trade-in's event: done (nothing left to retry) or not. */
async function telegramDelivery(h: BotRuntimeHarness, tradeInId: number) {
  const row = await h.runtime.db
    .selectFrom('outbox_deliveries')
    .innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
    .select(['delivered_at', 'failed_at'])
    .where('consumer', '=', 'telegram')
    .where(sql<boolean>`outbox_events.payload->>'tradeInId' = ${String(tradeInId)}`)
    .executeTakeFirstOrThrow();
  return { delivered: row.delivered_at !== null && row.failed_at === null };
}
