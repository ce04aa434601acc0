// Every per-client limit counts a client by the key its address gives: one IPv4 address, or one IPv6
// /64 (the block a single home, phone or server is given, which it may spread its requests across).
import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-key.ts';

describe('the key a client is counted by', () => {
  it('an IPv4 address is its own key', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('an IPv4 address written as IPv6 (mapped) counts as that IPv4 address', () => {
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKeyOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('every address of one IPv6 /64 shares one key, however it is written', () => {
    const key = clientKeyOf('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2::ffff',
      '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd',
      '2001:DB8:1:2:0:0:0:9',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:1:2:192.0.2.1',
    ]) {
      expect(clientKeyOf(address), address).toBe(key);
    }
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('addresses of different /64 blocks are different clients', () => {
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
    expect(clientKeyOf('2001:db8:ffff:2::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
  });

  it('something that is no address is kept as it is', () => {
    expect(clientKeyOf('')).toBe('');
    expect(clientKeyOf('not an address')).toBe('not an address');
  });
});
