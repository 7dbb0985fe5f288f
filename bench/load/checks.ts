import { sql } from 'kysely';
import type { ApiCall } from '../../bot/test/fake-bot-api.ts';
import type { Cluster } from './cluster.ts';
import { STAFF_CHAT_ID } from './cluster.ts';
import type { Submitted } from './traffic.ts';
import { setTimeout as sleep } from 'node:timers/promises';

/** Senders of webhook updates: ids no shopper or admin has, so every reply to them is one /start's. */
const WEBHOOK_SENDER_BASE = 3_900_000_000;

export interface WebhookOutcome {
  /** Updates posted to each instance, by its index. */
  postedTo: number[];
  /** Updates answered 200 by the webhook route. */
  accepted: number;
  /** Updates whose /start got its reply through the fake Bot API, exactly once each. */
  repliedOnce: number;
  duplicates: number;
}

/**
 * Telegram's side of the webhook while the load runs: one /start every `everyMs`, posted straight
 * to each instance in turn (Telegram does not care which instance answers). Stop with the
 * returned function, which answers what was posted.
 */
export function postWebhookUpdates(
  cluster: Cluster,
  everyMs: number,
): () => Promise<{ senders: number[]; postedTo: number[]; accepted: number }> {
  const senders: number[] = [];
  const postedTo = cluster.servers.map(() => 0);
  let accepted = 0;
  const posts: Array<Promise<void>> = [];
  const post = async () => {
    const n = senders.length;
    const instance = n % cluster.servers.length;
    const from = { id: WEBHOOK_SENDER_BASE + n, is_bot: false, first_name: 'Webhook', language_code: 'en' };
    senders.push(from.id);
    postedTo[instance]! += 1;
    const update = {
      update_id: 1_000_000 + n,
      message: {
        message_id: n + 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from,
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    const res = await fetch(`http://127.0.0.1:${cluster.servers[instance]!.port}/api/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': cluster.webhookSecret },
      body: JSON.stringify(update),
    }).catch(() => undefined);
    if (res?.status === 200) accepted += 1;
    await res?.arrayBuffer();
  };
  const timer = setInterval(() => posts.push(post()), everyMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(posts);
    return { senders, postedTo, accepted };
  };
}

/** Waits (up to `timeoutMs`) for a reply to every sender, then counts them. */
export async function webhookOutcome(
  cluster: Cluster,
  posted: { senders: number[]; postedTo: number[]; accepted: number },
  timeoutMs = 30_000,
): Promise<WebhookOutcome> {
  const count = () => {
    const replies = new Map<number, number>();
    for (const call of cluster.fake.callsOf('sendMessage')) {
      const chat = call.payload.chat_id;
      if (chat !== undefined && chat >= WEBHOOK_SENDER_BASE && chat < WEBHOOK_SENDER_BASE + 1_000_000)
        replies.set(chat, (replies.get(chat) ?? 0) + 1);
    }
    return replies;
  };
  const deadline = Date.now() + timeoutMs;
  while (count().size < posted.senders.length && Date.now() < deadline) await sleep(200);
  const replies = count();
  return {
    postedTo: posted.postedTo,
    accepted: posted.accepted,
    repliedOnce: posted.senders.filter((id) => replies.get(id) === 1).length,
    duplicates: [...replies.values()].filter((n) => n > 1).length,
  };
}

export interface RateLimitOutcome {
  /** One address, sign-in attempts sent to the instances in turn: each answer's status and instance. */
  answers: Array<{ instance: number; status: number }>;
  strictMax: number;
}

/**
 * One client over the strict limit (sign-ins: RATE_LIMIT_STRICT_MAX a minute per address, 10 by
 * default), its attempts going to each instance in turn. With the counter in Redis the attempt
 * after the tenth is refused whichever instance takes it; counted per process, each would let ten through.
 */
export async function probeSharedRateLimit(cluster: Cluster, strictMax = 10): Promise<RateLimitOutcome> {
  const address = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const answers: RateLimitOutcome['answers'] = [];
  for (let i = 0; i < strictMax + 2 * cluster.servers.length; i++) {
    const instance = i % cluster.servers.length;
    const res = await fetch(`http://127.0.0.1:${cluster.servers[instance]!.port}/api/auth/telegram-widget`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ id: 1, auth_date: Math.floor(Date.now() / 1000), hash: 'f'.repeat(64) }),
    });
    await res.arrayBuffer();
    answers.push({ instance, status: res.status });
  }
  return { answers, strictMax };
}

export interface OutboxOutcome {
  events: number;
  submittedEvents: number;
  statusEvents: number;
  /** Still undelivered when the wait ended, and given up. */
  undelivered: number;
  failed: number;
  /** Events whose notification reached the fake Bot API exactly once, and those sent more than once or never. */
  deliveredOnce: number;
  duplicated: number;
  missing: number;
}

/** The application a staff note announces ("New application #12 …"); the topic's card also names one, and is no note. */
const announced = (call: ApiCall) => {
  const id = /New application #(\d+)\b/.exec(call.payload.text ?? '')?.[1];
  return id === undefined ? undefined : Number(id);
};

/**
 * Every outbox event written by the load's submissions and status changes, waited for (up to
 * `timeoutMs`) until delivered, then matched with what the fake Bot API received: each submission
 * one note in the staff group (and a Telegram applicant one receipt), each status change of a
 * Telegram applicant one message to them.
 */
export async function outboxOutcome(cluster: Cluster, submitted: Submitted[], timeoutMs = 60_000): Promise<OutboxOutcome> {
  const pending = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from outbox_deliveries where consumer in ('telegram', 'telegram-receipt') and delivered_at is null and failed_at is null`.execute(
          cluster.db,
        )
      ).rows[0]!.n,
    );
  const deadline = Date.now() + timeoutMs;
  while ((await pending()) > 0 && Date.now() < deadline) await sleep(250);

  const rows = await cluster.db
    .selectFrom('outbox_events')
    .innerJoin('outbox_deliveries', 'outbox_deliveries.event_id', 'outbox_events.id')
    .select(['kind', 'payload', 'delivered_at', 'failed_at'])
    .where('consumer', '=', 'telegram')
    .execute();
  const telegramIdOf = new Map(submitted.map((s) => [s.userId, s.telegramId]));
  const sent = cluster.fake.callsOf('sendMessage');
  const notesAbout = new Map<number, number>();
  for (const call of sent) {
    const id = call.payload.chat_id === STAFF_CHAT_ID ? announced(call) : undefined;
    if (id !== undefined) notesAbout.set(id, (notesAbout.get(id) ?? 0) + 1);
  }
  const messagesTo = new Map<number, number>();
  for (const call of sent)
    if (call.payload.chat_id !== undefined) messagesTo.set(call.payload.chat_id, (messagesTo.get(call.payload.chat_id) ?? 0) + 1);
  // Each Telegram applicant's submission also brings them one receipt, from the receipt consumer.
  for (const { telegramId } of submitted) if (telegramId !== null) messagesTo.set(telegramId, (messagesTo.get(telegramId) ?? 0) - 1);

  const documentsTo = new Map<number, number>();
  for (const call of cluster.fake.callsOf('sendDocument'))
    if (call.payload.chat_id !== undefined) documentsTo.set(call.payload.chat_id, (documentsTo.get(call.payload.chat_id) ?? 0) + 1);

  // Status messages and notices are counted per applicant: they carry no id, and an applicant may get several.
  const statusEventsOf = new Map<number, number>();
  const noticeEventsOf = new Map<number, number>();
  let submittedEvents = 0;
  let statusEvents = 0;
  let deliveredOnce = 0;
  let duplicated = 0;
  let missing = 0;
  const tally = (times: number, events = 1) => {
    if (times === events) deliveredOnce += events;
    else if (times > events) duplicated += events;
    else missing += events - times;
  };
  for (const row of rows) {
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { applicationId: number; userId: number };
    if (row.kind === 'application.submitted') {
      submittedEvents += 1;
      tally(notesAbout.get(payload.applicationId) ?? 0);
    } else if (row.kind === 'application.adverse_action') {
      noticeEventsOf.set(payload.userId, (noticeEventsOf.get(payload.userId) ?? 0) + 1);
    } else {
      statusEvents += 1;
      statusEventsOf.set(payload.userId, (statusEventsOf.get(payload.userId) ?? 0) + 1);
    }
  }
  for (const [userId, events] of statusEventsOf) {
    const telegramId = telegramIdOf.get(userId);
    // A web guest has no chat to tell: nothing is sent, and that is the delivery.
    if (telegramId === null) deliveredOnce += events;
    else if (telegramId === undefined) missing += events;
    else tally(messagesTo.get(telegramId) ?? 0, events);
  }
  // A rejection's notice reaches a Telegram applicant as a PDF document; a web guest's goes by email.
  for (const [userId, events] of noticeEventsOf) {
    const telegramId = telegramIdOf.get(userId);
    if (telegramId === null) deliveredOnce += events;
    else if (telegramId === undefined) missing += events;
    else tally(documentsTo.get(telegramId) ?? 0, events);
  }
  return {
    events: rows.length,
    submittedEvents,
    statusEvents,
    undelivered: rows.filter((row) => row.delivered_at === null && row.failed_at === null).length,
    failed: rows.filter((row) => row.failed_at !== null).length,
    deliveredOnce,
    duplicated,
    missing,
  };
}
