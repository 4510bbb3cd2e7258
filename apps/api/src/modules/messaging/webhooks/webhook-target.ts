import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a company may not make the server call: loopback, private, link-local, shared
 * (carrier NAT), multicast and reserved ranges. IPv4-mapped IPv6 addresses
 * (`::ffff:127.0.0.1`) are checked against the IPv4 ranges by `BlockList` itself.
 */
const internal = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a gateway
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(prefix, bits, 'ipv6');
}

export function isInternalAddress(ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && internal.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

const PRIVATE = 'Cette adresse désigne un réseau privé.';

/** The URL's host without IPv6 brackets nor the trailing dot of a fully qualified name. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

/**
 * Why this address may not receive webhooks, or null, from its text alone (at
 * registration): https only, no local name, no internal literal address. Names are
 * resolved and checked again at every delivery (`resolveWebhookTarget`).
 * `allowInsecure` (`WEBHOOK_ALLOW_INSECURE`, tests and local development) lifts both.
 */
export function refuseWebhookUrl(raw: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'L’adresse n’est pas une URL valide.';
  }
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'L’adresse doit commencer par https://.';
  if (url.protocol !== 'https:') return 'L’adresse doit commencer par https://.';
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return 'Cette adresse désigne une machine locale.';
  if (isInternalAddress(host)) return PRIVATE;
  return null;
}

export type WebhookTarget = { refusal: string } | { url: URL; lookup: LookupFunction };

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/**
 * At delivery time: the URL's checks, then every address its name resolves to, none
 * internal; the request connects through `lookup`, which answers those checked
 * addresses only, so the name cannot be pointed elsewhere between check and call (DNS
 * rebinding). A name that does not resolve throws (retried like a network error).
 */
export async function resolveWebhookTarget(raw: string, allowInsecure: boolean): Promise<WebhookTarget> {
  const refusal = refuseWebhookUrl(raw, allowInsecure);
  if (refusal) return { refusal };
  const url = new URL(raw);
  const host = hostOf(url);
  const addresses: LookupAddress[] = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookupAll(host);
  if (addresses.length === 0) throw new Error(`Aucune adresse pour ${host}`);
  if (!allowInsecure && addresses.some((a) => isInternalAddress(a.address))) return { refusal: PRIVATE };
  const lookup = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as LookupFunction;
  return { url, lookup };
}
