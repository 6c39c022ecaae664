import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key that per-IP limits count under. One IPv6 customer usually holds a whole /64 (2^64 addresses), so an
 * IPv6 address counts as its /64; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded, zone id dropped. */
function expandIPv6(ip: string): string[] {
  const [address = ''] = ip.split('%');
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) =>
    (parseInt(group, 16) || 0).toString(16),
  );
}
