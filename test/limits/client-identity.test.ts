// Who a request comes from: the client's keys, from the address through trusted proxies, and their memo.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  clientHeaders,
  clientKey,
  clientKeys,
  type ClientHeaders,
  clientAddress,
  parseTrustedProxies,
  CLIENT_KEY_CACHE_ENTRIES,
  CLIENT_KEY_CACHE_MAX_IDENTITY,
  ClientKeyCache,
  type RequestSource,
  UNIDENTIFIED_CLIENT,
} from '../../src/limits/client-identity.js';

const NONE = parseTrustedProxies([]);
const UNIDENTIFIED = UNIDENTIFIED_CLIENT.address;
const PROXIES = parseTrustedProxies(['10.0.0.0/8', '2001:db8:ffff::/48', '192.0.2.1']);

test('X-Forwarded-For is read only from trusted proxies, walking from the right', () => {
  const cases: [string, string | undefined, string | null, string][] = [
    // peer, X-Forwarded-For, expected client, why
    ['198.51.100.9', '203.0.113.7', '198.51.100.9', 'spoofed header from an untrusted peer is ignored'],
    ['10.1.2.3', '203.0.113.7', '203.0.113.7', 'one trusted proxy'],
    ['10.1.2.3', '6.6.6.6, 203.0.113.7', '203.0.113.7', "what the client wrote left of the proxy's hop is not read"],
    ['10.1.2.3', '203.0.113.7, 10.9.9.9', '203.0.113.7', 'a chain of trusted proxies is walked past'],
    ['192.0.2.1', '203.0.113.7,10.0.0.5', '203.0.113.7', 'a single trusted host, hops without spaces'],
    ['::ffff:10.1.2.3', '203.0.113.7', '203.0.113.7', 'an IPv4-mapped proxy address is the IPv4 proxy'],
    ['2001:db8:ffff:1::1', '2001:db8:5:6::7', '2001:db8:5:6:0:0:0:7', 'IPv6 proxy and client'],
    ['10.1.2.3', '10.0.0.7, 10.0.0.8', '10.0.0.7', 'every hop trusted: the leftmost'],
    // issue 79: what is not an address is one unidentified client, never the proxy's own address
    ['10.1.2.3', 'garbage', UNIDENTIFIED, 'a hop that is not an address: an unidentified client'],
    ['10.1.2.3', 'unknown', UNIDENTIFIED, '`unknown`: an unidentified client'],
    ['10.1.2.3', 'x'.repeat(8192), UNIDENTIFIED, 'an 8 KB token: an unidentified client'],
    ['10.1.2.3', '203.0.113.7, unknown', UNIDENTIFIED, "the proxy's own hop not an address"],
    ['10.1.2.3', '', UNIDENTIFIED, 'an empty header: an unidentified client'],
    ['10.1.2.3', ' , ', UNIDENTIFIED, 'a header of separators: an unidentified client'],
    ['10.1.2.3', undefined, '10.1.2.3', "no header: the proxy's own request"],
    ['198.51.100.9', 'unknown', '198.51.100.9', 'an untrusted peer is itself, whatever it writes'],
  ];
  for (const [peer, xff, expected, why] of cases) {
    const address = clientAddress(peer, xff, PROXIES);
    assert.equal(address?.address ?? null, expected, why);
  }
  assert.equal(clientAddress('10.1.2.3', '203.0.113.7', NONE)?.address, '10.1.2.3', 'nothing is trusted by default');
});

test('KOHYO_TRUST_PROXY entries that are not CIDRs are refused with the setting named', () => {
  for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
    assert.throws(() => parseTrustedProxies([bad]), /KOHYO_TRUST_PROXY: ".*" is not an address or a CIDR/u, bad);
  }
});

const headers = (over: Partial<ClientHeaders> = {}): ClientHeaders => ({
  peer: '203.0.113.7',
  forwardedFor: undefined,
  userAgent: 'curl/8.5',
  clientName: undefined,
  ...over,
});
const key = (over: Partial<ClientHeaders> = {}, trusted = NONE) => clientKey(headers(over), trusted, null);
/** A request as Node makes it, of these identity headers: a new one each time, so that only the cache remembers. */
const request = (h: ClientHeaders) => ({
  socket: { remoteAddress: h.peer },
  headers: { 'x-forwarded-for': h.forwardedFor, 'user-agent': h.userAgent, 'x-kohyo-client': h.clientName },
});

test('a client is the group (address group, User-Agent, client name)', () => {
  assert.notEqual(key(), key({ userAgent: 'Mozilla/5.0' }), 'same IP, two User-Agents: two clients');
  assert.notEqual(key(), key({ clientName: 'my-app' }), 'a client name makes its own group');
  assert.notEqual(key(), key({ peer: '203.0.113.8' }), 'another address');
  assert.equal(
    key({ peer: '2001:db8:1:2::1' }),
    key({ peer: '2001:db8:1:2:ffff:1:2:3' }),
    'IPv6 in one /64: one client',
  );
  assert.notEqual(key({ peer: '2001:db8:1:2::1' }), key({ peer: '2001:db8:1:3::1' }), 'another /64');
  assert.equal(key({ peer: '::ffff:203.0.113.7' }), key(), 'an IPv4-mapped address is the IPv4 client');
  assert.equal(
    key({ forwardedFor: '6.6.6.6' }),
    key(),
    'a spoofed X-Forwarded-For without a trusted proxy changes nothing',
  );
  assert.equal(
    key({ peer: '10.0.0.1', forwardedFor: '203.0.113.7' }, PROXIES),
    key(),
    'behind a trusted proxy: the forwarded client',
  );
  assert.equal(
    key({ userAgent: undefined }),
    key({ userAgent: undefined }),
    'a missing User-Agent is a valid, shared group',
  );
  assert.notEqual(key({ userAgent: undefined }), key({ userAgent: '' }));
});

test('the key is an opaque hash: no address in it, and a secret changes it', () => {
  const k = key({ peer: '203.0.113.7' });
  assert.match(k, /^[A-Za-z0-9_-]{32}$/u);
  assert.ok(!k.includes('203'));
  assert.notEqual(clientKey(headers(), NONE, 'secret-a'), clientKey(headers(), NONE, 'secret-b'));
  assert.equal(clientKey(headers(), NONE, 'secret-a'), clientKey(headers(), NONE, 'secret-a'));
});

test('the address key is the address group alone, after trusted proxies, never a client key', () => {
  const address = (over: Partial<ClientHeaders> = {}, trusted = NONE, secret: string | null = null) =>
    clientKeys(headers(over), trusted, secret).address;
  const base = address();
  assert.match(base ?? '', /^[A-Za-z0-9_-]{32}$/u);
  assert.equal(
    address({ userAgent: 'Mozilla/5.0', clientName: 'another-app' }),
    base,
    'User-Agent and client name do not change it',
  );
  assert.notEqual(address({ peer: '203.0.113.8' }), base, 'another IPv4 address is another address');
  assert.equal(
    address({ peer: '2001:db8:1:2::1' }),
    address({ peer: '2001:db8:1:2:ffff:1:2:3', userAgent: 'x' }),
    'one IPv6 /64',
  );
  assert.notEqual(address({ peer: '2001:db8:1:2::1' }), address({ peer: '2001:db8:1:3::1' }), 'another /64');
  assert.equal(
    address({ peer: '10.0.0.1', forwardedFor: '203.0.113.7' }, PROXIES),
    base,
    'behind a trusted proxy: the forwarded address',
  );
  assert.notEqual(
    address({ peer: '10.0.0.1', forwardedFor: '203.0.113.7' }),
    base,
    'an untrusted proxy is the address itself',
  );
  assert.equal(address({ forwardedFor: '6.6.6.6' }), base, 'a spoofed X-Forwarded-For changes nothing');
  assert.equal(address({ peer: undefined }), null, 'no IP address (a Unix socket): no address ceiling');
  assert.notEqual(base, clientKeys(headers(), NONE, null).client);
  assert.notEqual(
    address({}, NONE, 'secret-a'),
    address({}, NONE, 'secret-b'),
    'keyed by the secret like the client key',
  );
  assert.ok(!(base ?? '').includes('203'));
});

test('identity headers: X-Service-Client is the alias of X-Kohyo-Client, which wins when both are sent', () => {
  assert.equal(clientHeaders('1.2.3.4', { 'x-service-client': 'app' }).clientName, 'app');
  assert.equal(
    clientHeaders('1.2.3.4', { 'x-kohyo-client': 'kohyo-app', 'x-service-client': 'app' }).clientName,
    'kohyo-app',
  );
  assert.equal(
    clientHeaders('1.2.3.4', { 'x-forwarded-for': ['1.1.1.1', '2.2.2.2'] }).forwardedFor,
    '1.1.1.1, 2.2.2.2',
  );
  assert.equal(clientHeaders(undefined, {}).userAgent, undefined);
});

const TEN = parseTrustedProxies(['10.0.0.0/8']);

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
    [TEN, null],
    [TEN, 'secret'],
  ] as const) {
    const cache = new ClientKeyCache(trusted, secret);
    for (let pass = 0; pass < 2; pass++) {
      for (const [over, why] of identities) {
        assert.deepEqual(
          cache.keysOf(request(headers(over))),
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
  const a = cache.keysOf(request(headers({ userAgent: 'a', clientName: 'b' }))).client;
  const b = cache.keysOf(request(headers({ userAgent: 'a","b', clientName: undefined }))).client;
  assert.equal(a, clientKey(headers({ userAgent: 'a', clientName: 'b' }), NONE, null));
  assert.equal(b, clientKey(headers({ userAgent: 'a","b', clientName: undefined }), NONE, null));
  assert.notEqual(a, b);
});

test('memory is bounded: at most the cap of identities, and long identities are never held', () => {
  const cache = new ClientKeyCache(NONE, 'secret');
  const busy = headers({ clientName: 'busy' });
  const busyKeys = cache.keysOf(request(busy));
  for (let i = 0; i < CLIENT_KEY_CACHE_ENTRIES * 2 + 10; i++) {
    cache.keysOf(request(headers({ clientName: `client-${i}` })));
    assert.ok(cache.size <= CLIENT_KEY_CACHE_ENTRIES);
    // a client seen among the flood stays held: the least recently seen go first
    if (i % 100 === 0) assert.equal(cache.keysOf(request(busy)), busyKeys);
  }

  const fresh = new ClientKeyCache(NONE, 'secret');
  const long = headers({ userAgent: 'x'.repeat(CLIENT_KEY_CACHE_MAX_IDENTITY) });
  assert.equal(fresh.keysOf(request(long)).client, clientKey(long, NONE, 'secret'));
  assert.equal(fresh.keysOf(request(long)).client, clientKey(long, NONE, 'secret'));
  assert.equal(fresh.size, 0);
});

test("a request's keys are worked out once, and kept on the request for the hooks that ask again", () => {
  const cache = new ClientKeyCache(NONE, 'secret');
  const asked: RequestSource = request(headers({ userAgent: 'asked-twice' }));
  const keys = cache.keysOf(asked);
  assert.equal(asked.kohyoClientKeys, keys);
  assert.deepEqual(keys, clientKeys(headers({ userAgent: 'asked-twice' }), NONE, 'secret'));
  assert.equal(cache.keysOf(asked), keys, 'asked again: the keys kept on the request');
});
