import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Why an address is not one the server may be sent to on someone else's word (a photo URL in a
 * stock file), or undefined when it is public. The ranges are ipaddr.js's table of IANA's
 * special-purpose registries: only its `unicast` (everything no registry sets aside) passes, so
 * loopback, private, link-local, carrier-grade NAT, unique-local, multicast, reserved and the
 * rest are refused without a list of our own to keep up to date.
 *
 * An IPv6 address that carries an IPv4 one reaches that IPv4 address through the network stack or
 * a translator, so it is judged by the IPv4 address inside: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64's well-known prefix
 * (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::) and Teredo (its server and its client). The local-use
 * NAT64 prefix (64:ff9b:1::/48) leads to the network's own translator and is refused whole.
 */
export function nonPublicReason(address: string): string | undefined {
  if (isIP(address) === 0) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return ipv4Reason(parsed as ipaddr.IPv4);
  const ipv6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIpv4(ipv6);
  if (embedded === 'local-use NAT64') return 'the local-use NAT64 prefix 64:ff9b:1::/48';
  if (!embedded) {
    const range = ipv6.range();
    return range === 'unicast' ? undefined : range;
  }
  for (const ipv4 of embedded) {
    const reason = ipv4Reason(ipv4);
    if (reason) return `${reason} (${ipv4.toString()} inside it)`;
  }
  return undefined;
}

function ipv4Reason(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  return range === 'unicast' ? undefined : range;
}

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses an IPv6 address leads to, for the forms that embed them. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | 'local-use NAT64' | undefined {
  const parts = address.parts as [number, number, number, number, number, number, number, number];
  const last32 = () => [ipv4Of(parts[6], parts[7])];
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return last32();
    case 'rfc6052':
      // 64:ff9b::/96 puts the IPv4 address in the last 32 bits; 64:ff9b:1::/48 is for local use.
      return parts.slice(2, 6).every((part) => part === 0) ? last32() : 'local-use NAT64';
    case '6to4':
      return [ipv4Of(parts[1], parts[2])];
    case 'teredo':
      // The server in bits 32-63; the client's address follows, every bit inverted.
      return [ipv4Of(parts[2], parts[3]), ipv4Of(parts[6] ^ 0xffff, parts[7] ^ 0xffff)];
    case 'unicast':
      // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291) has no name in the table; :: and ::1 do.
      return parts.slice(0, 6).every((part) => part === 0) ? last32() : undefined;
    default:
      return undefined;
  }
}
