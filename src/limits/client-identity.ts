// The client a request belongs to: the group (address group, User-Agent, client name), and its address group, as opaque hashed keys.
import { createHash, createHmac } from 'node:crypto';
import { addressGroup } from '../domain/ip-address.js';
import { clientAddress, type TrustedProxies } from './trusted-proxies.js';

export interface ClientHeaders {
  readonly peer: string | undefined;
  readonly forwardedFor: string | undefined;
  readonly userAgent: string | undefined;
  /** X-Kohyo-Client, or its alias X-Service-Client. */
  readonly clientName: string | undefined;
}

/** Reads the identity headers; a header sent twice arrives as an array and is joined as Node joins it. */
export function clientHeaders(
  peer: string | undefined,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): ClientHeaders {
  const one = (name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    peer,
    forwardedFor: one('x-forwarded-for'),
    userAgent: one('user-agent'),
    clientName: one('x-kohyo-client') ?? one('x-service-client'),
  };
}

/**
 * The client's address as the limiter reads it (X-Forwarded-For only from trusted proxies), as text. The usage
 * log derives its identifier from this too, so that behind a proxy both tell clients apart alike. Empty when
 * the peer is not an IP address (a Unix socket): all such requests are one client.
 */
export function clientAddressText(headers: ClientHeaders, trusted: TrustedProxies): string {
  return clientAddress(headers.peer, headers.forwardedFor, trusted)?.address ?? '';
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
