import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../../domain/date-time.ts';
import { formatMoney } from '../../../domain/format.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { keyboardOf } from '../../test/fake-bot-api.ts';
import { PUBLIC_URL, useBot } from '../../test/bot-harness.ts';
import { MemoryTradeIns } from '../../test/trade-ins-memory.ts';
import type { TradeInEvent } from '../ports.ts';

let nextEvent = 1;
const offerSent = (tradeInId: number): TradeInEvent => ({
  id: nextEvent++,
  kind: 'trade_in.offer_sent',
  payload: { tradeInId, userId: 1, offerId: 1 },
  attempts: 1,
});
const questionAsked = (tradeInId: number): TradeInEvent => ({
  id: nextEvent++,
  kind: 'trade_in.question_asked',
  payload: { tradeInId, userId: 1, messageId: 1 },
  attempts: 1,
});

const VALID_UNTIL = '2026-12-04T23:00:00.000Z';

describe.each(DATABASE_KINDS)("a shopper told of their trade-in's offer and questions in Telegram on %s", (kind) => {
  const tradeIns = new MemoryTradeIns();
  const h = useBot(kind, {}, { tradeIns });

  it('tells them of an offer in their language, with its amount, validity and conditions, and a button into the trade-in screen', async () => {
    const event = offerSent(11);
    tradeIns.notices.set(event.id, {
      tradeInId: 11,
      title: '2015 Honda Civic EX',
      language: 'es',
      telegramId: 7_500_001,
      email: null,
      kind: 'offer',
      amountCents: 1_250_000,
      validUntil: VALID_UNTIL,
      conditions: 'Subject to a test drive.',
    });

    await h.bot.deliver(event);

    const [message] = h.fake.callsOf('sendMessage');
    const t = (id: string, values?: Record<string, unknown>) => h.catalogues.translate('es', id, values);
    const date = formatMoment(VALID_UNTIL, 'es', h.config.server.timeZone);
    expect(message!.payload.chat_id).toBe(7_500_001);
    expect(message!.payload.text).toBe(
      `${t('We offer {amount} for your {car}, valid until {date}.', { amount: formatMoney(12_500, 'es'), car: '2015 Honda Civic EX', date })}\nSubject to a test drive.`,
    );
    expect(keyboardOf(message!)).toEqual([[{ text: t('See the offer'), web_app: { url: `${PUBLIC_URL}/trade-in` } }]]);
  });

  it("tells them of staff's question, with a button to answer in the app", async () => {
    const event = questionAsked(12);
    tradeIns.notices.set(event.id, {
      tradeInId: 12,
      title: '2018 Toyota Camry',
      language: 'en',
      telegramId: 7_500_002,
      email: null,
      kind: 'question',
      text: 'Does it have both keys?',
    });

    await h.bot.deliver(event);

    const [message] = h.fake.callsOf('sendMessage');
    expect(message!.payload).toMatchObject({
      chat_id: 7_500_002,
      text: 'We have a question about your 2018 Toyota Camry: Does it have both keys?',
    });
    expect(keyboardOf(message!)).toEqual([[{ text: 'Answer in the app', web_app: { url: `${PUBLIC_URL}/trade-in` } }]]);
  });

  it('leaves a shopper without Telegram to their email, and a trade-in gone since to nobody', async () => {
    const byEmail = questionAsked(13);
    tradeIns.notices.set(byEmail.id, {
      tradeInId: 13,
      title: '2018 Toyota Camry',
      language: 'en',
      telegramId: null,
      email: 'shopper@example.test',
      kind: 'question',
      text: 'Any rust?',
    });

    await h.bot.deliver(byEmail);
    await h.bot.deliver(offerSent(14));

    expect(h.fake.callsOf('sendMessage')).toEqual([]);
  });
});
