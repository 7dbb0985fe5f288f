import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The network a request came from, as the per-address caps count it: an IPv4 address, or the /64
 * an IPv6 address belongs to (one subscriber's line is a /64 and picks new addresses inside it at
 * will, so counting whole IPv6 addresses would cap nobody). An IPv4 address written as IPv6
 * (::ffff:a.b.c.d) is that IPv4 address.
 */
export function addressNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as a lower-case number without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap(fromPiece));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right];
}

/** A group stays a group; a dotted IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups. */
function fromPiece(piece: string): string[] {
  if (!piece.includes('.')) return [Number.parseInt(piece, 16).toString(16)];
  const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/**
 * What the database stores instead of a client address: an HMAC of its network under the
 * server's secret, 128 bits in base64url. Equal for every request from one network, meaningless
 * without the secret, and it cannot be turned back into the address.
 */
export function addressKey(secret: string, ip: string): string {
  return createHmac('sha256', secret)
    .update(`client-address\n${addressNetwork(ip)}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The request's address key; request.ip already follows TRUST_PROXY. */
export const requestAddressKey = (request: FastifyRequest) => addressKey(request.server.requestSettings.security.sessionSecret, request.ip);
