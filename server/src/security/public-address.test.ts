import { describe, expect, it } from 'vitest';
import { nonPublicReason } from './public-address.ts';

describe('which addresses the server may be sent to', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s as %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each([
    ['::ffff:10.0.0.1', 'IPv4-mapped'],
    ['::ffff:a00:1', 'IPv4-mapped, in hex'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated'],
    ['64:ff9b::127.0.0.1', 'NAT64'],
    ['64:ff9b::a00:1', 'NAT64, in hex'],
    ['2002:7f00:1::1', '6to4'],
    ['2002:a00:1::', '6to4'],
    ['2001:0:7f00:1::f5ff:fffe', 'Teredo, by its server'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, by its client'],
  ])('refuses %s (%s) by the private IPv4 address inside it', (address) => {
    expect(nonPublicReason(address)).toMatch(/^(loopback|private) \((127\.0\.0\.1|10\.0\.0\.1) inside it\)$/);
  });

  it('refuses the local-use NAT64 prefix whole: it leads to the network’s own translator', () => {
    expect(nonPublicReason('64:ff9b:1::a00:1')).toBe('the local-use NAT64 prefix 64:ff9b:1::/48');
    expect(nonPublicReason('64:ff9b:1::5db8:d70e')).toBe('the local-use NAT64 prefix 64:ff9b:1::/48');
  });

  it('refuses what is not an IP address', () => {
    expect(nonPublicReason('photos.example.com')).toBe('not an IP address');
  });

  it.each([
    '93.184.215.14',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    '::ffff:5db8:d70e',
    '::ffff:93.184.215.14',
    '64:ff9b::5db8:d70e',
    '2002:5db8:d70e::1',
  ])('lets %s through: a public address, or one inside it', (address) => {
    expect(nonPublicReason(address)).toBeUndefined();
  });
});
