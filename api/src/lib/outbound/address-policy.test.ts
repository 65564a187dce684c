import { describe, expect, it } from 'vitest';
import { refusedRangeOf } from './address-policy.js';

describe('refusedRangeOf: IPv4', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared-address-space'],
    ['100.127.255.254', 'shared-address-space'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'protocol-assignments'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.200', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is refused as %s', (address, range) => {
    expect(refusedRangeOf(address)).toBe(range);
  });

  it.each(['1.1.1.1', '8.8.8.8', '93.184.216.34', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.169.0.1', '198.20.0.1', '223.255.255.255', '11.0.0.1'])(
    '%s is a public address',
    (address) => {
      expect(refusedRangeOf(address)).toBeUndefined();
    },
  );
});

describe('refusedRangeOf: IPv6', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['ff0e::101', 'multicast'],
    ['fec0::1', 'not-global-unicast'],
    ['100::1', 'not-global-unicast'],
    ['64:ff9b:1::a00:1', 'not-global-unicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'protocol-assignments'],
    ['2001:2::1', 'protocol-assignments'],
  ])('%s is refused as %s', (address, range) => {
    expect(refusedRangeOf(address)).toBe(range);
  });

  it('refuses the IPv4-mapped forms of refused IPv4 addresses, in both spellings', () => {
    expect(refusedRangeOf('::ffff:127.0.0.1')).toBe('loopback');
    expect(refusedRangeOf('::ffff:7f00:1')).toBe('loopback');
    expect(refusedRangeOf('::ffff:169.254.169.254')).toBe('link-local');
    expect(refusedRangeOf('::ffff:a9fe:a9fe')).toBe('link-local');
    expect(refusedRangeOf('::ffff:10.1.2.3')).toBe('private');
    expect(refusedRangeOf('0:0:0:0:0:ffff:192.168.0.1')).toBe('private');
    expect(refusedRangeOf('::ffff:100.64.0.1')).toBe('shared-address-space');
  });

  it('refuses every IPv4-compatible form (deprecated), whatever it carries', () => {
    expect(refusedRangeOf('::127.0.0.1')).toBe('ipv4-compatible');
    expect(refusedRangeOf('::7f00:1')).toBe('ipv4-compatible');
    expect(refusedRangeOf('::8.8.8.8')).toBe('ipv4-compatible');
  });

  it('refuses the NAT64 and 6to4 forms of refused IPv4 addresses', () => {
    expect(refusedRangeOf('64:ff9b::127.0.0.1')).toBe('loopback');
    expect(refusedRangeOf('64:ff9b::a9fe:a9fe')).toBe('link-local');
    expect(refusedRangeOf('2002:7f00:1::1')).toBe('loopback');
    expect(refusedRangeOf('2002:c0a8:101::1')).toBe('private');
  });

  it('allows global unicast addresses, and the mapped, NAT64 and 6to4 forms of public IPv4 ones', () => {
    for (const address of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(refusedRangeOf(address), address).toBeUndefined();
    }
  });
});

describe('refusedRangeOf: not an address', () => {
  it.each(['localhost', '', '1.2.3', '1.2.3.256', '::ffff:1.2.3.999', 'fe80::1::2'])('%j is refused as invalid', (text) => {
    expect(refusedRangeOf(text)).toBe('invalid');
  });
});
