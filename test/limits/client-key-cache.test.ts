import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientKey, clientKeys, type ClientHeaders } from '../../src/limits/client-identity.js';
import {
  CLIENT_KEY_CACHE_ENTRIES,
  CLIENT_KEY_CACHE_MAX_IDENTITY,
  ClientKeyCache,
} from '../../src/limits/client-key-cache.js';
import { parseTrustedProxies } from '../../src/limits/trusted-proxies.js';

const NONE = parseTrustedProxies([]);
const PROXIES = parseTrustedProxies(['10.0.0.0/8']);

const headers = (over: Partial<ClientHeaders> = {}): ClientHeaders => ({
  peer: '203.0.113.7',
  forwardedFor: undefined,
  userAgent: 'curl/8.5',
  clientName: undefined,
  ...over,
});

test('a remembered key is the key clientKey works out, for every kind of identity, asked once or again', () => {
  const identities: [Partial<ClientHeaders>, string][] = [
    [{}, 'plain'],
    [{ userAgent: 'Mozilla/5.0' }, 'another User-Agent'],
    [{ userAgent: undefined }, 'no User-Agent'],
    [{ userAgent: '' }, 'an empty User-Agent is not a missing one'],
    [{ userAgent: 'null' }, 'the text "null" is not a missing User-Agent'],
    [{ clientName: 'my-app' }, 'a client name'],
    [{ peer: '2001:db8:1:2::1' }, 'IPv6'],
    [{ peer: '2001:db8:1:2:ffff::9' }, 'IPv6, same /64'],
    [{ peer: undefined }, 'no peer address'],
    [{ forwardedFor: '6.6.6.6' }, 'spoofed X-Forwarded-For'],
    [{ peer: '10.0.0.1', forwardedFor: '203.0.113.7' }, 'behind a proxy'],
    [{ peer: '10.0.0.1', forwardedFor: '198.51.100.1' }, 'behind a proxy, another client'],
  ];
  for (const [trusted, secret] of [
    [NONE, null],
    [PROXIES, null],
    [PROXIES, 'secret'],
  ] as const) {
    const cache = new ClientKeyCache(trusted, secret);
    for (let pass = 0; pass < 2; pass++) {
      for (const [over, why] of identities) {
        assert.deepEqual(
          cache.keysOf(headers(over)),
          clientKeys(headers(over), trusted, secret),
          `${why} (pass ${pass + 1})`,
        );
      }
    }
    assert.equal(cache.size, identities.length, 'each identity held once');
  }
});

test('fields are kept apart: moving text from one header to the next is another identity', () => {
  const cache = new ClientKeyCache(NONE, null);
  const a = cache.keysOf(headers({ userAgent: 'a', clientName: 'b' })).client;
  const b = cache.keysOf(headers({ userAgent: 'a","b', clientName: undefined })).client;
  assert.equal(a, clientKey(headers({ userAgent: 'a', clientName: 'b' }), NONE, null));
  assert.equal(b, clientKey(headers({ userAgent: 'a","b', clientName: undefined }), NONE, null));
  assert.notEqual(a, b);
});

test('memory is bounded: at most the cap of identities, and long identities are never held', () => {
  const cache = new ClientKeyCache(NONE, 'secret');
  const busy = headers({ clientName: 'busy' });
  const busyKeys = cache.keysOf(busy);
  for (let i = 0; i < CLIENT_KEY_CACHE_ENTRIES * 2 + 10; i++) {
    cache.keysOf(headers({ clientName: `client-${i}` }));
    assert.ok(cache.size <= CLIENT_KEY_CACHE_ENTRIES);
    // a client seen among the flood stays held: the least recently seen go first
    if (i % 100 === 0) assert.equal(cache.keysOf(busy), busyKeys);
  }

  const fresh = new ClientKeyCache(NONE, 'secret');
  const long = headers({ userAgent: 'x'.repeat(CLIENT_KEY_CACHE_MAX_IDENTITY) });
  assert.equal(fresh.keysOf(long).client, clientKey(long, NONE, 'secret'));
  assert.equal(fresh.keysOf(long).client, clientKey(long, NONE, 'secret'));
  assert.equal(fresh.size, 0);
});
