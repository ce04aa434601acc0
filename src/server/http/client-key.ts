// Whom a per-client limit counts. An IPv4 address is one client. An IPv6 client is given a whole /64
// (a home, a phone, a rented server), and may send each request from another address of it, so the
// /64 is the client. An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, as a dual-stack socket
// reports it) is that IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

/** The key every per-client limit counts `address` (request.ip) by. */
export function clientKeyOf(address: string): string {
  const bare = address.split('%')[0]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const [head, rest] = text.split('::');
  const left = parse(head);
  const right = [...parse(rest), ...tail];
  const missing = text.includes('::') ? 8 - left.length - right.length : 0;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}
