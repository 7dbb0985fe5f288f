import { timingSafeEqual } from 'node:crypto';

/**
 * Whether what a client sent equals the secret or signature we expected, in a time that does not
 * depend on where the two first differ, so no one learns a signature byte by byte. A value of
 * another length is simply not it (timingSafeEqual would throw): the lengths compared here,
 * digests and generated tokens, are no secret.
 */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === 'string' ? Buffer.from(given) : given;
  const b = typeof expected === 'string' ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
