// Who a request comes from: its address (the socket peer, or X-Forwarded-For when the peer is a proxy we trust),
// and the client it belongs to (address group, User-Agent, client name) as opaque hashed keys, remembered per identity.
import { createHash, createHmac } from 'node:crypto';
import { addressGroup, parseAddress, type ParsedAddress } from '../lib/ip-address.js';
import { BlockList } from 'node:net';
import { ConfigError } from '../config-readers.js';
import { LRUCache } from 'lru-cache';

export interface ClientHeaders {
  readonly peer: string | undefined;
  readonly forwardedFor: string | undefined;
  readonly userAgent: string | undefined;
  /** X-Kohyo-Client, or its alias X-Service-Client. */
  readonly clientName: string | undefined;
}

/** Reads the identity headers; one given as an array (an injected request's may be) is joined as Node joins a header sent twice. */
export function clientHeaders(
  peer: string | undefined,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): ClientHeaders {
  const { 'x-forwarded-for': forwardedFor, 'user-agent': userAgent } = headers;
  const clientName = headers['x-kohyo-client'] ?? headers['x-service-client'];
  return {
    peer,
    forwardedFor: Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor,
    userAgent: Array.isArray(userAgent) ? userAgent.join(', ') : userAgent,
    clientName: Array.isArray(clientName) ? clientName.join(', ') : clientName,
  };
}

/**
 * The client's address of a request as it arrives, as the limiter reads it (X-Forwarded-For only from trusted proxies),
 * as text: the usage log and the request log read it so, and the usage log derives its identifier from it, so that
 * behind a proxy they and the limiter tell clients apart alike. Empty when the peer is not an IP address (a Unix
 * socket): all such requests are one client.
 */
export function addressReader(trusted: TrustedProxies): (request: RequestSource) => string {
  return (request) => {
    const { peer, forwardedFor } = clientHeaders(request.socket.remoteAddress, request.headers);
    return clientAddress(peer, forwardedFor, trusted)?.address ?? '';
  };
}

/** A request as Node made it: the socket's peer and the headers, and the client's keys once worked out. */
export interface RequestSource {
  readonly socket: { readonly remoteAddress?: string | undefined };
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  kohyoClientKeys?: ClientKeys;
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The keys of the request's client under this process's limiter (ClientKeyCache), once worked out. */
    kohyoClientKeys?: ClientKeys;
  }
}

/** The keys a request is counted under: its client's, and its address's (null when the peer is not an IP address). */
export interface ClientKeys {
  readonly client: string;
  readonly address: string | null;
}

/**
 * The client key and the address key. The raw address never leaves this function: stores and logs see only the
 * hashes. With a secret each hash is an HMAC, so a copy of the store cannot be turned back into addresses by
 * trying all 2^32 of them. A missing User-Agent or client name is a group of its own (null), not an error. The
 * address key hashes the address group (IPv4, or the IPv6 /64) under a label of its own, so it never equals a
 * client key. A request from a Unix socket has no address key: all such requests come through one local proxy
 * whose clients cannot be told apart, and one ceiling on them all would be a ceiling on the whole service.
 */
export function clientKeys(headers: ClientHeaders, trusted: TrustedProxies, secret: string | null): ClientKeys {
  const address = clientAddress(headers.peer, headers.forwardedFor, trusted);
  const group = address === null ? null : addressGroup(address);
  return {
    client: digest(JSON.stringify([group, headers.userAgent ?? null, headers.clientName ?? null]), secret),
    address: group === null ? null : digest(JSON.stringify(['address', group]), secret),
  };
}

/** The client key alone (clientKeys). */
export function clientKey(headers: ClientHeaders, trusted: TrustedProxies, secret: string | null): string {
  return clientKeys(headers, trusted, secret).client;
}

function digest(material: string, secret: string | null): string {
  const hash = secret === null ? createHash('sha256') : createHmac('sha256', secret);
  return hash.update(material).digest('base64url').slice(0, 32);
}

// Which address a request comes from: the socket peer, or X-Forwarded-For when the peer is a proxy we trust.
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
const PEERS = new LRUCache<string, { readonly address: ParsedAddress | null }>({ max: 4096 });

/**
 * The one address every client a trusted proxy forwarded without an address stands for (an empty X-Forwarded-For,
 * `unknown`, a token): IPv6's discard-only prefix 100::/64 (RFC 6666), which no client is ever given. Grouped as one
 * unidentified client, under every ceiling an address has, and never as the proxy itself: counted as the proxy's own
 * address, a flood of such values would drop the proxy's own /health.
 */
export const UNIDENTIFIED_CLIENT: ParsedAddress = {
  family: 6,
  address: '100:0:0:0:0:0:0:0',
  hextets: [256, 0, 0, 0, 0, 0, 0, 0],
};

/**
 * The client's address. X-Forwarded-For is believed only when the socket peer is a trusted proxy; the chain is
 * walked from the right (the hop our proxy appended) past further trusted proxies, and the first address not
 * trusted is the client. Entries left of it were written by the client and may be forged, so they are never read.
 * A trusted proxy that forwards a value that is not an address, or no value at all, forwards an unidentified client
 * (UNIDENTIFIED_CLIENT); one that sends no X-Forwarded-For speaks for itself.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): ParsedAddress | null {
  const peerText = peer ?? '';
  let current = PEERS.get(peerText)?.address;
  if (current === undefined) {
    current = parseAddress(peerText);
    // a socket's peer is an address, or a Unix socket's empty text: short, and as many as the connections
    PEERS.set(peerText, { address: current });
  }
  if (current === null || forwardedFor === undefined || !trusted.has(current)) return current;
  const hops = forwardedFor
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  if (hops.length === 0) return UNIDENTIFIED_CLIENT;
  while (trusted.has(current)) {
    const hop = hops.pop();
    if (hop === undefined) break;
    const next = parseAddress(hop);
    if (next === null) return UNIDENTIFIED_CLIENT;
    current = next;
  }
  return current;
}

// A bounded memo of client keys: a client asks several times a minute, and working its key out costs an HMAC each time.
/** Identities held at most: past them the least recently seen go (lru-cache). */
export const CLIENT_KEY_CACHE_ENTRIES = 4096;
/**
 * Identities longer than this (the four header values together, in characters) are worked out every time and never
 * held: with a 16 KB User-Agent allowed, the cap on entries alone would not bound the memory.
 */
export const CLIENT_KEY_CACHE_MAX_IDENTITY = 512;

/**
 * clientKeys for the given proxies and secret, remembering the answers. The keys are a pure function of the
 * peer address, X-Forwarded-For, User-Agent and client name, so remembered keys are always the keys that would be
 * worked out; only the time to get it differs (the HMAC is a large share of the limiter's time per request).
 *
 * Memory stays bounded: at most CLIENT_KEY_CACHE_ENTRIES identities of at most CLIENT_KEY_CACHE_MAX_IDENTITY
 * characters, the least recently seen going first: a flood of distinct clients then costs one HMAC per request, as
 * without the memo, while the busy clients seen among it stay remembered. Raw addresses are held here in this process's memory only, as
 * the sockets hold them; stores and logs still see only the key.
 */
export class ClientKeyCache {
  readonly #keys = new LRUCache<string, ClientKeys>({ max: CLIENT_KEY_CACHE_ENTRIES });

  constructor(
    private readonly trusted: TrustedProxies,
    private readonly secret: string | null,
  ) {}

  /** Identities held now (for tests and the bound). */
  get size(): number {
    return this.#keys.size;
  }

  /**
   * The keys of a request's client, worked out once a request (several hooks ask) and kept on the request as Node
   * made it (the one Fastify's request wraps).
   */
  keysOf(request: RequestSource): ClientKeys {
    const known = request.kohyoClientKeys;
    if (known !== undefined) return known;
    const headers = clientHeaders(request.socket.remoteAddress, request.headers);
    // JSON keeps "absent" (null) apart from any text, and the four values apart from each other
    const identity = JSON.stringify([headers.peer, headers.forwardedFor, headers.userAgent, headers.clientName]);
    let keys = this.#keys.get(identity);
    if (keys === undefined) {
      keys = clientKeys(headers, this.trusted, this.secret);
      if (identity.length <= CLIENT_KEY_CACHE_MAX_IDENTITY) this.#keys.set(identity, keys);
    }
    request.kohyoClientKeys = keys;
    return keys;
  }
}
