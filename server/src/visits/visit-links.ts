import { createHmac } from 'node:crypto';
import type { Language } from '../../../domain/enums.ts';
import { sameSecret } from '../security/same-secret.ts';

/**
 * Signed links to a visit (docs/product/visits.md#my-visits-and-signed-links): every message about a
 * visit carries one, so the shopper can move or cancel it without signing in. The token binds the
 * visit and an expiry (the visit's end when the message was written) with HMAC over SESSION_SECRET;
 * what the link may still do is the visit's own state (a cancelled visit refuses it).
 */

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

const signature = (secret: string, visitId: number, expires: number) =>
  createHmac('sha256', secret).update(`visit\n${visitId}\n${expires}`).digest('hex');

/** "expires.signature", for the link's `token` parameter. */
export function visitLinkToken(secret: string, visitId: number, expires: Date): string {
  const seconds = unixSeconds(expires);
  return `${seconds}.${signature(secret, visitId, seconds)}`;
}

/**
 * The web page the link opens, under the app's public address. It names the visit's language, so a
 * browser new to the site opens it in the language of the message (docs/product/identity.md#languages).
 */
export const visitLinkPath = (visitId: number, token: string, language: Language) =>
  `/visits/${visitId}?token=${encodeURIComponent(token)}&lang=${language}`;

export type VisitLinkCheck = 'valid' | 'forged' | 'expired';

/** Forged: not signed by us for this visit. Expired: genuine, past its time. */
export function checkVisitLinkToken(secret: string, visitId: number, token: string, now = new Date()): VisitLinkCheck {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return 'forged';
  const expires = Number(match[1]);
  if (!sameSecret(match[2]!, signature(secret, visitId, expires))) return 'forged';
  return expires < unixSeconds(now) ? 'expired' : 'valid';
}
