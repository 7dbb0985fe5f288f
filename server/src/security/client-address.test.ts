import { describe, expect, it } from 'vitest';
import { addressKey, addressNetwork } from './client-address.ts';

const SECRET = 'test-session-secret-that-is-long-enough-0123456789';

describe('the client address the per-address caps count', () => {
  it('is an IPv4 address as it is', () => {
    expect(addressNetwork('203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the IPv4 address inside an IPv4-mapped IPv6 address', () => {
    expect(addressNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(addressNetwork('2001:db8:0:7::1')).toBe('2001:db8:0:7::/64');
    expect(addressNetwork('2001:0DB8:0000:0007:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:7::/64');
    expect(addressNetwork('2001:db8::7:0:0:0:1')).toBe('2001:db8:0:7::/64');
    expect(addressNetwork('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
    expect(addressNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('is stored as a keyed HMAC: the same for one network, different for another or under another secret, never the address', () => {
    const key = addressKey(SECRET, '2001:db8:0:7::1');
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(addressKey(SECRET, '2001:db8:0:7::2')).toBe(key);
    expect(addressKey(SECRET, '2001:db8:0:8::1')).not.toBe(key);
    expect(addressKey(`${SECRET}-rotated`, '2001:db8:0:7::1')).not.toBe(key);
    expect(addressKey(SECRET, '203.0.113.7')).not.toContain('203');
  });
});
