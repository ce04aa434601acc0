// Whether an address is on the public internet: the one rule for every connection the server makes
// to an address someone else gave it (push endpoints, photos fetched for partner apps, responsible
// bodies' Open311 endpoints), checked on the address it is about to connect to.
import net from 'node:net';

// Addresses that are not on the public internet: IANA's special-purpose registries, less the few
// blocks that are globally reachable and still no place for a push service.
const notPublicIpv4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // this network, and the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  notPublicIpv4.addSubnet(network, prefix, 'ipv4');
}

/** IPv6 on the internet is global unicast (2000::/3), less its special blocks. */
const globalIpv6 = new net.BlockList();
globalIpv6.addSubnet('2000::', 3, 'ipv6');
const notPublicIpv6 = new net.BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the IPv4 address inside could be any
  ['3fff::', 20], // documentation
] as const) {
  notPublicIpv6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed, a zone dropped). */
export function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((group) => parseInt(group, 16)) : []);
  const start = part(head);
  const end = part(tail);
  const groups = tail === undefined ? start : [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d) or behind the NAT64
 * prefix (64:ff9b::a.b.c.d, as DNS64 answers on an IPv6-only network), or null for any other.
 */
function embeddedIpv4(groups: number[]): string | null {
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  return isIpv4Mapped(groups) || nat64 ? ipv4Tail(groups) : null;
}

/** Whether the groups are an IPv4-mapped address (::ffff:a.b.c.d). */
export const isIpv4Mapped = (groups: number[]) => groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;

/** The IPv4 address in the last two groups. */
export function ipv4Tail(groups: number[]): string {
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True only for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !notPublicIpv4.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const ipv4 = embeddedIpv4(groups);
  // ::ffff:127.0.0.1 is 127.0.0.1. The unspecified ::, loopback ::1, unique-local fc00::/7, link-local
  // fe80::/10 and multicast ff00::/8 all lie outside global unicast.
  if (ipv4 !== null) return isPublicAddress(ipv4);
  const plain = address.split('%')[0]!;
  return globalIpv6.check(plain, 'ipv6') && !notPublicIpv6.check(plain, 'ipv6');
}
