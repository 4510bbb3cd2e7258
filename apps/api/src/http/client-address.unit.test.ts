import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keeps an IPv4 address, and unwraps an IPv4-mapped IPv6 one', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv6 addresses per /64, whatever their spelling', () => {
    const key = '2001:db8:ab:cd::/64';
    expect(addressKey('2001:db8:ab:cd::1')).toBe(key);
    expect(addressKey('2001:0DB8:00ab:00cd:1234:5678:9abc:def0')).toBe(key);
    expect(addressKey('2001:db8:ab:cd:ffff::10.0.0.1')).toBe(key);
    expect(addressKey('2001:db8:ab:ce::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
