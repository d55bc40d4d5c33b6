// Which address a request comes from: the socket peer, or X-Forwarded-For when the peer is a proxy we trust.
import { BlockList } from 'node:net';
import { ConfigError } from '../config.js';
import { parseAddress, type ParsedAddress } from '../domain/ip-address.js';
import { BoundedMemo } from '../domain/bounded-memo.js';

export interface TrustedProxies {
  has(address: ParsedAddress): boolean;
}

/** Reads a list of CIDRs (`10.0.0.0/8`, `::1/128`, or a bare address for one host): KOHYO_TRUST_PROXY, KOHYO_METRICS_ALLOW. */
export function parseTrustedProxies(entries: readonly string[], setting = 'KOHYO_TRUST_PROXY'): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [addressText, prefixText, extra] = entry.split('/');
    const address = parseAddress(addressText ?? '');
    const max = address?.family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (address === null || extra !== undefined || !/^\d+$/u.test(prefixText ?? String(max)) || prefix > max) {
      throw new ConfigError(`${setting}: "${entry}" is not an address or a CIDR such as 10.0.0.0/8`);
    }
    list.addSubnet(address.address, prefix, address.family === 4 ? 'ipv4' : 'ipv6');
  }
  return { has: (address) => list.check(address.address, address.family === 4 ? 'ipv4' : 'ipv6') };
}

/**
 * Socket peers as read: every request on a connection has the same peer, and behind a proxy every request does, so
 * its parse (three regular expressions and a check) is done once, not per request.
 */
const PEERS = new BoundedMemo<ParsedAddress | null>({ entries: 4096, maxKeyLength: 64 });

/**
 * The client's address. X-Forwarded-For is believed only when the socket peer is a trusted proxy; the chain is
 * walked from the right (the hop our proxy appended) past further trusted proxies, and the first address not
 * trusted is the client. Entries left of it were written by the client and may be forged, so they are never read.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): ParsedAddress | null {
  const peerText = peer ?? '';
  let current = PEERS.get(peerText, () => parseAddress(peerText));
  if (current === null || forwardedFor === undefined) return current;
  const hops = forwardedFor
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  while (trusted.has(current)) {
    const hop = hops.pop();
    if (hop === undefined) break;
    const next = parseAddress(hop);
    // a trusted proxy wrote something that is not an address: the proxy itself is the best we know
    if (next === null) return current;
    current = next;
  }
  return current;
}
