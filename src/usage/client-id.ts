// The usage log's client identifier: a keyed HMAC of the client's network (an IPv4 address, or an IPv6 /64), never the address.
import { createHmac } from 'node:crypto';
import { addressGroup, parseAddress } from '../lib/ip-address.js';

/** Hex characters kept of the HMAC-SHA256: 16 bytes, far beyond collisions among a service's clients. */
const ID_HEX_LENGTH = 32;

/**
 * The network a client address groups by, as the rate limiter groups it (src/lib/ip-address.ts), so that
 * one client in the usage report is one client to the limiter. Anything that is not an address is kept as given.
 */
export function clientNetwork(address: string): string {
  const parsed = parseAddress(address);
  return parsed === null ? address.trim().toLowerCase() : addressGroup(parsed);
}

/** The identifier written in the usage log for a client address: HMAC-SHA256(secret, network), hex, truncated. */
export function clientId(secret: string | Buffer, address: string): string {
  return createHmac('sha256', secret).update(clientNetwork(address)).digest('hex').slice(0, ID_HEX_LENGTH);
}
