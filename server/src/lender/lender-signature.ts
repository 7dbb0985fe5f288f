import { createHmac } from 'node:crypto';
import type { LicenceSide } from '../../../domain/contracts/documents.ts';
import { sameSecret } from '../security/same-secret.ts';

/**
 * Both directions of the lender hand-off are signed alike (docs/operations/lender.md):
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with LENDER_WEBHOOK_SECRET>`.
 * The timestamp inside the signed text lets a receiver refuse an old request replayed.
 */
export const SIGNATURE_HEADER = 'x-signature';
/** How far a signed timestamp may be from our clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const hmacHex = (secret: string, text: string | Buffer) => createHmac('sha256', secret).update(text).digest('hex');

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The X-Signature value for a body sent at `at`. */
export function signBody(secret: string, body: string | Buffer, at = new Date()): string {
  const t = unixSeconds(at);
  return `t=${t},v1=${hmacHex(secret, Buffer.concat([Buffer.from(`${t}.`), Buffer.from(body)]))}`;
}

export type SignatureCheck = { ok: true; signature: string } | { ok: false; reason: string };

/** Checks an X-Signature header against the raw body as received: its format, its age and its HMAC. */
export function verifySignature(secret: string, header: unknown, rawBody: Buffer, now = new Date()): SignatureCheck {
  const match = typeof header === 'string' ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim()) : null;
  if (!match) return { ok: false, reason: 'Missing or malformed X-Signature header; expected t=<unix seconds>,v1=<hex HMAC-SHA256>.' };
  const [, t = '', signature = ''] = match;
  if (Math.abs(unixSeconds(now) - Number(t)) > SIGNATURE_TOLERANCE_SECONDS)
    return { ok: false, reason: 'The signature timestamp is more than five minutes away from our clock.' };
  const expected = hmacHex(secret, Buffer.concat([Buffer.from(`${t}.`), rawBody]));
  if (!sameSecret(signature, expected)) return { ok: false, reason: 'The signature does not match the body.' };
  return { ok: true, signature };
}

/**
 * The signature of a licence photo link: it names the application, the side and the expiry, and
 * only the holder of LENDER_WEBHOOK_SECRET can make one.
 */
const documentSignature = (secret: string, applicationId: number, side: LicenceSide, expires: number) =>
  hmacHex(secret, `lender-document\n${applicationId}\n${side}\n${expires}`);

/** A link to one licence photo that works until `expiresAt`, for the lender alone. */
export function signedDocumentUrl(publicUrl: string, secret: string, applicationId: number, side: LicenceSide, expiresAt: Date): string {
  const expires = unixSeconds(expiresAt);
  const signature = documentSignature(secret, applicationId, side, expires);
  return `${publicUrl}/api/lender/documents/${applicationId}/${side}?expires=${expires}&signature=${signature}`;
}

export function isValidDocumentLink(
  secret: string,
  link: { applicationId: number; side: LicenceSide; expires: number; signature: string },
  now = new Date(),
): boolean {
  if (link.expires < unixSeconds(now)) return false;
  return sameSecret(link.signature, documentSignature(secret, link.applicationId, link.side, link.expires));
}
