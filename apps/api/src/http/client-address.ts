import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key under which a client address is counted by every per-address limit (the
 * request rate limits, the sign-in brakes, the anonymous upload budget). An IPv6
 * subscriber usually holds a whole /64 and can change address at will inside it, so
 * IPv6 addresses count per /64; an IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function addressKey(ip: string): string {
  // Most addresses are IPv4: Node's isIPv6 is a large regular expression, ≈ 3 % of a
  // public list request's CPU when it ran on every one (docs/PERFORMANCE.md).
  if (isIPv4(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lowercase hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const address = ip.split('%')[0]; // a zone id (fe80::1%eth0) names an interface, not a host
  const [head, tail] = address.includes('::') ? address.split('::') : [address, null];
  const parse = (part: string | null) => (part ? part.split(':').flatMap(groupsOf) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === null ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

/** One written group; a dotted IPv4 tail stands for two groups. */
function groupsOf(part: string): string[] {
  if (!part.includes('.')) return [Number.parseInt(part, 16).toString(16)];
  const [a, b, c, d] = part.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
