import { LENDER_CONSUMER } from '../../../domain/contracts/applications.ts';
import type { OutboxConsumer } from '../../../domain/contracts/outbox.ts';
import { cappedBackoff } from '../outbox/outbox.service.ts';
import { SIGNATURE_HEADER, signBody } from './lender-signature.ts';

const HOUR_MS = 3_600_000;

/** The lender's answer was not 2xx. */
class LenderRefused extends Error {
  constructor(
    readonly status: number,
    /** From Retry-After, when a 429 or 503 said when to come back. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(`the lender answered ${status}`);
    this.name = 'LenderRefused';
  }
}

/** The application is gone (deleted since it was submitted): there is nothing left to send. */
export class ApplicationGone extends Error {
  constructor(applicationId: number) {
    super(`application ${applicationId} no longer exists`);
    this.name = 'ApplicationGone';
  }
}

/** Retry-After in seconds or as an HTTP date; at most an hour, so a lender cannot park a delivery for days. */
function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), HOUR_MS) : undefined;
}

/** What went wrong, in one line without personal data: the status, or the network error's code. */
function describeLenderError(error: unknown): string {
  if (error instanceof LenderRefused || error instanceof ApplicationGone) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'the lender did not answer in time';
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return `could not reach the lender (${cause.code})`;
  if (typeof cause?.message === 'string') return `could not reach the lender (${cause.message})`;
  return error instanceof Error ? error.message : String(error);
}

export interface LenderWebhookSettings {
  webhookUrl: string;
  secret: string;
  /** How long one POST may take before it counts as failed and is retried. */
  timeoutMs: number;
}

/** One signed POST to the lender; X-Lender-Event tells a submission from a withdrawal (docs/operations/lender.md). */
async function post(
  settings: LenderWebhookSettings,
  eventName: string,
  eventId: number,
  body: string,
  stopping: AbortSignal | undefined,
): Promise<void> {
  const response = await fetch(settings.webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signBody(settings.secret, body),
      'idempotency-key': String(eventId),
      'x-lender-event': eventName,
    },
    body,
    redirect: 'error',
    signal: AbortSignal.any([AbortSignal.timeout(settings.timeoutMs), ...(stopping ? [stopping] : [])]),
  });
  // The answer's body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new LenderRefused(response.status, retryAfterMs(response.headers.get('retry-after')));
}

/** The bodies the lender is sent, built when each is delivered. */
export interface LenderPayloads {
  submission(applicationId: number): Promise<unknown>;
  acceptedOffer(applicationId: number, offerId: number): Promise<unknown>;
}

/**
 * The outbox consumer `lender` (docs/operations/lender.md): POSTs each submitted application to
 * LENDER_WEBHOOK_URL, each withdrawal by its applicant and each offer they accepted (the deal the
 * lender is to fund from then on), signed, with the event id as Idempotency-Key so a lender that saw it before
 * can tell. 2xx is delivered; 4xx other than 408 and 429 is given up at once (no retry changes
 * it); 429 waits as Retry-After says; anything else (5xx, a timeout, a refused connection, a bad
 * certificate) retries from 1 s doubling to an hour, given up 24 hours after the first attempt.
 */
export function lenderWebhookConsumer(settings: LenderWebhookSettings, payloads: LenderPayloads): OutboxConsumer {
  return {
    name: LENDER_CONSUMER,
    kinds: ['application.submitted', 'application.status_changed', 'application.offer_accepted'],
    async deliver(event, stopping) {
      // The lender hears of a submission, an accepted offer and the applicant's withdrawal; staff and lender decisions it already knows.
      if (event.kind === 'application.submitted') {
        const body = JSON.stringify(await payloads.submission(event.payload.applicationId));
        return post(settings, 'application.submitted', event.id, body, stopping);
      }
      if (event.kind === 'application.offer_accepted') {
        const body = JSON.stringify(await payloads.acceptedOffer(event.payload.applicationId, event.payload.offerId));
        return post(settings, 'application.offer_accepted', event.id, body, stopping);
      }
      if (event.kind === 'application.status_changed' && event.payload.to === 'withdrawn') {
        const body = JSON.stringify({ applicationId: event.payload.applicationId, status: 'withdrawn' });
        return post(settings, 'application.withdrawn', event.id, body, stopping);
      }
    },
    isPermanent: (error) =>
      error instanceof ApplicationGone ||
      (error instanceof LenderRefused && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429),
    describeError: describeLenderError,
    retryDelayMs: cappedBackoff({ firstMs: 1000, maxMs: HOUR_MS, giveUpAfterMs: 24 * HOUR_MS }),
    retryAfterMs: (error) => (error instanceof LenderRefused ? error.retryAfterMs : undefined),
  };
}

/** The lender feature's outbox consumers: the hand-off, none while LENDER_WEBHOOK_URL is unset. */
export function lenderConsumers<Lender extends Omit<LenderWebhookSettings, 'timeoutMs'>>(
  lender: Lender | undefined,
  timeoutMs: number,
  payloads: (lender: Lender) => LenderPayloads,
): OutboxConsumer[] {
  if (!lender) return [];
  return [lenderWebhookConsumer({ webhookUrl: lender.webhookUrl, secret: lender.secret, timeoutMs }, payloads(lender))];
}
