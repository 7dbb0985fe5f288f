import type { FastifyRequest } from 'fastify';
import type { WindowCount } from '../db/address-window.ts';
import { HttpError } from '../http/errors.ts';
import { requestAddressKey } from './client-address.ts';

/**
 * A cap on what anonymous web guests may create from one client address within a window
 * (docs/decisions/011-guest-costs-and-merges.md); the address is only ever its keyed HMAC
 * (security/client-address.ts).
 */
export interface AddressCap {
  addressKey: string;
  max: number;
  windowSeconds: number;
}

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 24 * HOUR_SECONDS;

/** "about 40 minutes", "about 3 hours": when to try again, as a person reads it. */
function waitText(seconds: number): string {
  if (seconds <= 90) return 'a minute';
  if (seconds < 90 * 60) return `about ${Math.ceil(seconds / 60)} minutes`;
  return `about ${Math.round(seconds / 3600)} hours`;
}

/**
 * 429 rate_limited with Retry-After when the address has used its cap; `message` gets the wait in
 * words and says what to do instead.
 */
export function refuseWhenFull(count: WindowCount, cap: AddressCap, message: (wait: string) => string): void {
  if (count.used < cap.max) return;
  const error = new HttpError('rate_limited', message(waitText(count.retryAfterSeconds)));
  error.retryAfterSeconds = Math.max(1, count.retryAfterSeconds);
  throw error;
}

/**
 * The cap for this request when its visitor is anonymous or a web guest. Telegram users and staff
 * are capped per person only: a Telegram account cannot be minted per request, and many real
 * Telegram users share a mobile carrier's address.
 */
export function guestAddressCap(request: FastifyRequest, max: number, windowSeconds: number): AddressCap | undefined {
  if (request.viewer && request.viewer.via !== 'guest') return undefined;
  return { addressKey: requestAddressKey(request), max, windowSeconds };
}
