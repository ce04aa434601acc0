// Whom a per-client limit counts. An IPv4 address is one client. An IPv6 client is given a whole /64
// (a home, a phone, a rented server), and may send each request from another address of it, so the
// /64 is the client. An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, as a dual-stack socket
// reports it) is that IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';
import { ipv4Tail, ipv6Groups, isIpv4Mapped } from './public-address.ts';

/** The key every per-client limit counts `address` (request.ip) by. */
export function clientKeyOf(address: string): string {
  const bare = address.split('%')[0]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare)!;
  if (isIpv4Mapped(groups)) return ipv4Tail(groups);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
