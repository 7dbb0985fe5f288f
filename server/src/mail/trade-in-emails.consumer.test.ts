import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeInNotice } from '../../../domain/contracts/trade-ins.ts';
import { formatMoment } from '../../../domain/date-time.ts';
import { formatMoney } from '../../../domain/format.ts';
import { testConfig } from '../../test/app.ts';
import { LocalSmtp } from '../../test/local-smtp.ts';
import { loadCatalogues, type Catalogues } from '../i18n/catalogues.ts';
import { createMailer, type Mailer } from './mail.service.ts';
import { tradeInEmailConsumer, type TradeInEvent } from './trade-in-emails.consumer.ts';

const PUBLIC_URL = 'https://cars.example.test';
const VALID_UNTIL = '2026-12-04T23:00:00.000Z';

let nextEvent = 1;
const offerSent = (): TradeInEvent => ({
  id: nextEvent++,
  kind: 'trade_in.offer_sent',
  payload: { tradeInId: 1, userId: 1, offerId: 1 },
  attempts: 1,
});
const questionAsked = (): TradeInEvent => ({
  id: nextEvent++,
  kind: 'trade_in.question_asked',
  payload: { tradeInId: 1, userId: 1, messageId: 1 },
  attempts: 1,
});

describe('trade-in emails to a shopper without Telegram', () => {
  const config = testConfig({ PUBLIC_URL, COMPANY_NAME: 'Prairie Motors' });
  const notices = new Map<number, TradeInNotice>();
  const asked: number[] = [];
  let smtp: LocalSmtp;
  let mailer: Mailer;
  let catalogues: Catalogues;
  const consumer = () =>
    tradeInEmailConsumer({
      mailer,
      catalogues,
      config,
      tradeInNotice: async (event) => {
        asked.push(event.id);
        return notices.get(event.id) ?? null;
      },
    });

  beforeAll(async () => {
    smtp = await LocalSmtp.start();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'Prairie Motors <trade@prairie.example>' });
    catalogues = await loadCatalogues();
  });
  afterAll(async () => {
    mailer.close();
    await smtp.stop();
  });

  it('emails an offer in their language, its amount, validity and conditions, in plain text and HTML with a link to the trade-in', async () => {
    const event = offerSent();
    notices.set(event.id, {
      tradeInId: 1,
      title: '2015 Honda Civic EX',
      language: 'es',
      telegramId: null,
      email: 'offer@shopper.example',
      kind: 'offer',
      amountCents: 1_250_000,
      validUntil: VALID_UNTIL,
      conditions: 'Subject to a test drive.',
    });

    await consumer().deliver(event);

    const [mail] = smtp.to('offer@shopper.example');
    const t = (id: string, values?: Record<string, unknown>) => catalogues.translate('es', id, values);
    const offer = t('We offer {amount} for your {car}, valid until {date}.', {
      amount: formatMoney(12_500, 'es'),
      car: '2015 Honda Civic EX',
      date: formatMoment(VALID_UNTIL, 'es', config.server.timeZone),
    });
    expect(mail!.parsed.subject).toBe(t('An offer for your {car}', { car: '2015 Honda Civic EX' }));
    expect(mail!.parsed.text).toContain(offer);
    expect(mail!.parsed.text).toContain('Subject to a test drive.');
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}/trade-in`);
    expect(mail!.parsed.html).toContain(`<a href="${PUBLIC_URL}/trade-in">`);
  });

  it("emails staff's question with a link to answer it", async () => {
    const event = questionAsked();
    notices.set(event.id, {
      tradeInId: 2,
      title: '2018 Toyota Camry',
      language: 'en',
      telegramId: null,
      email: 'question@shopper.example',
      kind: 'question',
      text: 'Does it have both keys?',
    });

    await consumer().deliver(event);

    const [mail] = smtp.to('question@shopper.example');
    expect(mail!.parsed.subject).toBe('A question about your 2018 Toyota Camry');
    expect(mail!.parsed.text).toContain('We have a question about your 2018 Toyota Camry: Does it have both keys?');
    expect(mail!.parsed.text).toContain(`See your trade-in at any time:\n${PUBLIC_URL}/trade-in`);
  });

  it('sends nothing to a shopper the bot tells, nor of a trade-in gone since', async () => {
    const inTelegram = questionAsked();
    notices.set(inTelegram.id, {
      tradeInId: 3,
      title: '2018 Toyota Camry',
      language: 'en',
      telegramId: 7_600_001,
      email: 'telegram@shopper.example',
      kind: 'question',
      text: 'Any rust?',
    });
    const gone = offerSent();

    await consumer().deliver(inTelegram);
    await consumer().deliver(gone);

    expect(asked).toEqual(expect.arrayContaining([inTelegram.id, gone.id]));
    expect(smtp.to('telegram@shopper.example')).toEqual([]);
  });
});
