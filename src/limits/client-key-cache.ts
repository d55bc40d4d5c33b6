// A bounded memo of client keys: a client asks several times a minute, and working its key out costs an HMAC each time.
import { clientKeys, type ClientHeaders, type ClientKeys } from './client-identity.js';
import type { TrustedProxies } from './trusted-proxies.js';
import { BoundedMemo } from '../domain/bounded-memo.js';

/** Identities held at most: past them the least recently seen go (BoundedMap). */
export const CLIENT_KEY_CACHE_ENTRIES = 4096;
/**
 * Identities longer than this (the four header values together, in characters) are worked out every time and never
 * held: with a 16 KB User-Agent allowed, the cap on entries alone would not bound the memory.
 */
export const CLIENT_KEY_CACHE_MAX_IDENTITY = 512;

/**
 * clientKeys for the given proxies and secret, remembering the answers. The keys are a pure function of the
 * peer address, X-Forwarded-For, User-Agent and client name, so remembered keys are always the keys that would be
 * worked out; only the time to get it differs (the HMAC is a large share of the limiter's time per request, as
 * bench/limits.ts measures).
 *
 * Memory stays bounded: at most CLIENT_KEY_CACHE_ENTRIES identities of at most CLIENT_KEY_CACHE_MAX_IDENTITY
 * characters, the least recently seen going first: a flood of distinct clients then costs one HMAC per request, as
 * without the memo, while the busy clients seen among it stay remembered. Raw addresses are held here in this process's memory only, as
 * the sockets hold them; stores and logs still see only the key.
 */
export class ClientKeyCache {
  readonly #keys = new BoundedMemo<ClientKeys>({
    entries: CLIENT_KEY_CACHE_ENTRIES,
    maxKeyLength: CLIENT_KEY_CACHE_MAX_IDENTITY,
  });

  constructor(
    private readonly trusted: TrustedProxies,
    private readonly secret: string | null,
  ) {}

  /** Identities held now (for tests and the bound). */
  get size(): number {
    return this.#keys.size;
  }

  keysOf(headers: ClientHeaders): ClientKeys {
    // JSON keeps "absent" (null) apart from any text, and the four values apart from each other
    const identity = JSON.stringify([headers.peer, headers.forwardedFor, headers.userAgent, headers.clientName]);
    return this.#keys.get(identity, () => clientKeys(headers, this.trusted, this.secret));
  }
}
