import { clientAddressKey } from './client-address';

describe('clientAddressKey (per-IP limits cannot be escaped by rotating addresses)', () => {
  it.each([
    ['an IPv4 address as it is', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address as its IPv4 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['every address of one IPv6 /64 alike', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['a compressed IPv6 address', '2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['a different /64 apart', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['loopback', '::1', '0:0:0:0::/64'],
  ])('keys %s', (_what, ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
