// No address takes more than its share of the server: connections, uncounted answers, refusals, revalidations, MCP
// reads, and the headers of the pages, each against a real listening server, the attacker and the victim on addresses
// of their own (127.0.0.x).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { answered, getRequest, holdConnection, type HeldConnection } from '../helpers/raw-connection.js';
import { errorOfAnswer } from '../helpers/answers.js';
import { MemoryStore } from '../../src/limits/memory-store.js';
import type { LimitCheck, LimiterStore } from '../../src/limits/limiter-store.js';
import type { LimitPolicy } from '../../src/limits/policy.js';
import { RedisStore } from '../../src/limits/redis-store.js';
import { Redis } from 'ioredis';
import { startRedisServer } from '../helpers/redis-server.js';
import { serveMcp, postMcp, type McpServed, type RpcMessage } from '../helpers/mcp-served.js';
import { GUIDE_URI } from '../../src/mcp/mcp-server.js';
import { isRecord, propertyOf } from '../../src/lib/is-object.js';

/** A request whose head is read and whose body never comes: its connection has a request under way. */
const UNFINISHED_POST =
  'POST /nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{';

describe('connections of one address', () => {
  let s: LimitedServer;
  const held: HeldConnection[] = [];
  before(async () => {
    s = await limitedServer({ KOHYO_MAX_CONNECTIONS_PER_ADDRESS: '4', KOHYO_KEEP_ALIVE_S: '60' });
  });
  after(async () => {
    for (const connection of held) connection.socket.destroy();
    await s.close();
  });

  test('past its cap, an address waits for a connection of its own to close, never taking another address its own', async () => {
    // four connections each with a request under way: its head read, its body still to come
    for (let i = 0; i < 4; i++) {
      const connection = await holdConnection(s.server.url, '127.0.0.2');
      connection.socket.write(UNFINISHED_POST);
      held.push(connection);
    }
    const newest = await holdConnection(s.server.url, '127.0.0.2');
    newest.socket.write(getRequest('/health'));
    assert.equal(await answered(newest, 1_500), false, 'the fifth connection waits, unanswered');
    assert.equal(newest.closed, false, 'and is not closed, so that its client does not open another at once');
    assert.ok(
      held.every((connection) => !connection.closed),
      'the four held connections stay open',
    );
    // another address is served as before
    assert.equal((await s.getFrom('127.0.0.3', '/health')).status, 200);
    // a connection given up makes room for the one waiting, which is served its request as it sent it
    held.shift()?.socket.destroy();
    assert.ok(await answered(newest), 'the waiting connection is served once one of its own closed');
    held.push(newest);
  });

  test("issue 92: at its cap, an address's idle connections make room for another of its clients", async () => {
    const idle: HeldConnection[] = [];
    for (let i = 0; i < 4; i++) {
      const connection = await holdConnection(s.server.url, '127.0.0.19');
      connection.socket.write(getRequest('/health'));
      assert.ok(await answered(connection), `connection ${i + 1} answered, then kept alive idle`);
      idle.push(connection);
      held.push(connection);
    }
    const neighbour = await holdConnection(s.server.url, '127.0.0.19');
    held.push(neighbour);
    neighbour.socket.write(getRequest('/health'));
    // KOHYO_KEEP_ALIVE_S is 60 here: the neighbour is served once an idle connection has sat a second, not a minute
    assert.ok(await answered(neighbour, 10_000), 'the neighbour is served');
    assert.equal(idle.filter((connection) => connection.closed).length, 1, 'one idle connection made room');
  });
});

describe('connections that sit idle or do not take their answer', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer({ KOHYO_KEEP_ALIVE_S: '1', KOHYO_SEND_TIMEOUT_S: '1' });
  });
  after(() => s.close());

  test('an idle keep-alive connection is closed after KOHYO_KEEP_ALIVE_S', async () => {
    const connection = await holdConnection(s.server.url, '127.0.0.4');
    connection.socket.write(getRequest('/health'));
    assert.ok(await answered(connection));
    assert.equal(await connection.closedWithin(5_000), true, 'closed well before the old 72 s');
  });

  test('a client that does not read its answers is cut off after KOHYO_SEND_TIMEOUT_S, its answers unsent', async () => {
    const asset = '/docs/static/swagger-ui-bundle.js';
    const size = (await (await fetch(new URL(asset, s.server.url))).arrayBuffer()).byteLength;
    const connection = await holdConnection(s.server.url, '127.0.0.5');
    connection.socket.pause();
    const pipelined = 30;
    connection.socket.write(getRequest(asset).repeat(pipelined));
    // more than the send timeout without reading: the server gives up on the connection and frees what it held
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    connection.socket.resume();
    assert.equal(await connection.closedWithin(10_000), true, 'the connection is closed');
    assert.ok(
      connection.received() < (size * pipelined) / 2,
      `${connection.received()} bytes of ${size * pipelined} were sent before the server gave up`,
    );
  });
});

/** The limits' stores the refusals are tried on: the process's memory, and a real Redis. */
const STORES: readonly (readonly [name: string, open: () => Promise<OpenStore>])[] = [
  ['memory', async () => ({ storeFor: (policy) => new MemoryStore(policy), stop: async () => undefined })],
  [
    'Redis',
    async () => {
      const redis = await startRedisServer();
      const clients: Redis[] = [];
      return {
        storeFor: (policy) => {
          const client = new Redis(redis.url);
          clients.push(client);
          return new RedisStore(client, policy, 'fair-share:');
        },
        stop: async () => {
          for (const client of clients) client.disconnect();
          await redis.stop();
        },
      };
    },
  ],
];

interface OpenStore {
  readonly storeFor: (policy: LimitPolicy) => LimiterStore;
  stop(): Promise<void>;
}

for (const [storeName, openStore] of STORES)
  describe(`answers that do not count, and refusals, on the ${storeName} store`, () => {
    let s: LimitedServer;
    let checks = 0;
    let lastChecked: LimitCheck | null = null;
    let opened: OpenStore;
    before(async () => {
      opened = await openStore();
      s = await limitedServer({ KOHYO_UNCOUNTED_PER_MINUTE: '20' }, (policy) => {
        const store = opened.storeFor(policy);
        return {
          check: (request: LimitCheck) => {
            checks++;
            lastChecked = request;
            return store.check(request);
          },
          readAddress: (address: string, now: number) => store.readAddress(address, now),
          ready: () => store.ready?.() ?? Promise.resolve(),
          close: () => store.close(),
        };
      });
    });
    after(async () => {
      await s.close();
      await opened.stop();
    });

    test("issue 92: one client past its share of uncounted answers is refused alone, not its neighbour's 304; several refuse the address", async () => {
      // KOHYO_UNCOUNTED_PER_MINUTE 20 an address, a third of it (KOHYO_ADDRESS_LIMIT_FACTOR 3) each client: 6
      const flood = { 'user-agent': 'health-flood' };
      for (let i = 0; i < 6; i++)
        assert.equal((await s.getFrom('127.0.0.6', '/health', flood)).status, 200, `probe ${i}`);
      const refused = await s.getFrom('127.0.0.6', '/health', flood);
      assert.equal(refused.status, 429);
      const error = errorOfAnswer(refused);
      assert.deepEqual([error.code, error.details?.scope], ['rate_limited', 'client']);
      assert.match(error.message, /Too many answers to this client/u);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      // a feed reader of the same address revalidates: its 304 is its own share's
      const reader = { 'user-agent': 'feed-reader' };
      const path = '/api/v1/companies?q=hokushin';
      const etag = (await s.getFrom('127.0.0.6', path, reader)).headers.get('etag') ?? '';
      assert.equal((await s.getFrom('127.0.0.6', path, { ...reader, 'if-none-match': etag })).status, 304);
      assert.equal((await s.getFrom('127.0.0.6', '/llms.txt', reader)).status, 200);
      // the address holds 8 of its 20: two more clients take their 6 each, and then it is full, whatever the name
      for (const agent of ['second', 'third'])
        for (let i = 0; i < 6; i++)
          assert.equal((await s.getFrom('127.0.0.6', '/health', { 'user-agent': agent })).status, 200, agent);
      const full = await s.getFrom('127.0.0.6', '/health', { 'user-agent': 'fourth' });
      assert.deepEqual([full.status, errorOfAnswer(full).details?.scope], [429, 'address']);
      assert.match(errorOfAnswer(full).message, /to several of its clients/u);
      assert.equal((await s.getFrom('127.0.0.6', '/llms.txt', { 'user-agent': 'another' })).status, 429);
      assert.equal((await s.getFrom('127.0.0.7', '/health')).status, 200, 'the victim is answered');
      s.advance(120_000);
      assert.equal(
        (await s.getFrom('127.0.0.6', '/health', flood)).status,
        200,
        'two minutes on, the ceiling has room',
      );
    });

    test("a revalidation answered 304 uncounted falls under the client's share too", async () => {
      const path = '/api/v1/companies?q=hokushin';
      const first = await s.getFrom('127.0.0.8', path);
      assert.equal(first.status, 200);
      const etag = first.headers.get('etag') ?? '';
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await s.getFrom('127.0.0.8', path, { 'if-none-match': etag })).status);
      assert.deepEqual(statuses, [...Array<number>(6).fill(304), 429]);
    });

    test('a path that fails before routing (a malformed %-escape) counts under /api/v1, and elsewhere is an uncounted answer, bounded', async () => {
      const api: string[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await s.getFrom('127.0.0.16', `/api/v1/%zz${i}`);
        api.push(`${answer.status} ${answer.headers.get('ratelimit')}`);
      }
      assert.deepEqual(api.slice(0, 2), ['400 "minute";r=9;t=60', '400 "minute";r=8;t=60'], 'counted, as told');
      assert.equal(api[10], '429 "minute";r=0;t=60', 'the eleventh in a minute is refused by the limits');
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await s.getFrom('127.0.0.18', `/%zz${i}`)).status);
      assert.deepEqual(
        statuses,
        [...Array<number>(6).fill(400), 429],
        "outside /api/v1: the client's share of the ceiling on uncounted answers",
      );
      assert.equal((await s.getFrom('127.0.0.17', '/%zz')).status, 400, 'another address is apart');
    });

    test('a parameter given more than 10 times is refused before its query is read, counted as asking nothing', async () => {
      const before = checks;
      const many = `/api/v1/companies?${Array.from({ length: 1_800 }, (_, i) => `q=${i}`).join('&')}`;
      const refused = await s.getFrom('127.0.0.9', many);
      assert.equal(refused.status, 400);
      assert.equal(errorOfAnswer(refused).code, 'invalid_parameter');
      assert.equal(errorOfAnswer(refused).details?.parameter, 'q');
      assert.equal(refused.headers.get('ratelimit'), '"minute";r=9;t=60', 'counted, and told so');
      assert.equal(checks, before + 1, 'one check of the limits');
      assert.deepEqual(lastChecked && { terms: lastChecked.terms, bases: lastChecked.bases }, { terms: [], bases: [] });
      // ten times is the query rules' to refuse, after the limits read and counted it
      const ten = await s.getFrom('127.0.0.9', `/api/v1/companies?${'q=a&'.repeat(10)}`);
      assert.equal(ten.status, 400);
      assert.match(ten.headers.get('ratelimit') ?? '', /r=8;/u);
      assert.equal(lastChecked?.terms.length, 1, 'its query read: one term');
    });

    test('a client refused is refused again without the store being asked', async () => {
      const ua = { 'user-agent': 'refused-again' };
      for (let i = 0; i < 10; i++)
        assert.equal((await s.getFrom('127.0.0.10', '/api/v1/companies?q=a', ua)).status, 200);
      assert.equal((await s.getFrom('127.0.0.10', '/api/v1/companies?q=b', ua)).status, 429);
      const before = checks;
      for (let i = 0; i < 5; i++) {
        const again = await s.getFrom('127.0.0.10', `/api/v1/companies?q=${'x'.repeat(90)}${i}`, ua);
        assert.equal(again.status, 429);
        assert.ok(again.headers.get('ratelimit'), 'with its RateLimit headers');
      }
      assert.equal(checks, before, 'answered from the refusals standing');
      s.advance(61_000);
      assert.equal((await s.getFrom('127.0.0.10', '/api/v1/companies?q=a', ua)).status, 200, 'until the window frees');
    });

    test('a 304 depends only on the ETag: a long query, asked first by another client, revalidates uncounted', async () => {
      const name = encodeURIComponent('北'.repeat(90));
      const path = `/api/v1/companies?q=${name}&limit=5`;
      assert.ok(path.length > 512, 'longer than any memo key');
      const first = await s.getFrom('127.0.0.11', path, { 'user-agent': 'first-asker' });
      assert.equal(first.status, 200, first.text);
      const etag = first.headers.get('etag') ?? '';
      const later = await s.getFrom('127.0.0.12', path, { 'user-agent': 'feed-reader', 'if-none-match': etag });
      assert.equal(later.status, 304);
      assert.equal(later.headers.get('ratelimit'), null, 'not counted');
      // `*` tells nothing of who asked before: checked and counted like any request
      const star = await s.getFrom('127.0.0.13', '/api/v1/companies?q=never-asked', { 'if-none-match': '*' });
      assert.equal(star.status, 304);
      assert.match(star.headers.get('ratelimit') ?? '', /r=9;/u, 'counted');
    });
  });

describe('the bytes of answers that do not count', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer({ KOHYO_UNCOUNTED_BYTES_PER_MINUTE: '1000000' });
  });
  after(() => s.close());

  test('issue 54: an answer past the bytes of a minute is sent whole, and the next refused until they leave', async () => {
    const asset = '/docs/static/swagger-ui-bundle.js';
    const plain = { 'accept-encoding': 'identity' };
    const first = await s.getFrom('127.0.0.14', asset, plain);
    assert.equal(first.status, 200);
    assert.ok(first.text.length > 1_000_000, `${first.text.length} characters, whole`);
    const refused = await s.getFrom('127.0.0.14', '/health');
    assert.equal(refused.status, 429, 'even a small answer, past the bytes');
    assert.deepEqual([errorOfAnswer(refused).code, errorOfAnswer(refused).details?.scope], ['rate_limited', 'client']);
    // one client cannot spend its neighbours' bytes: its address counted its share of the bytes (a third of
    // 1,000,000), not the whole answer
    assert.equal((await s.getFrom('127.0.0.14', '/health', { 'user-agent': 'neighbour' })).status, 200);
    assert.equal((await s.getFrom('127.0.0.15', '/health')).status, 200, 'another address is apart');
    s.advance(71_000);
    assert.equal((await s.getFrom('127.0.0.14', '/health')).status, 200, 'once they have left the window');
  });
});

describe('MCP', () => {
  let m: McpServed;
  before(async () => {
    m = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '4' });
  });
  after(() => m.close());

  const read = (id: number): RpcMessage => ({
    jsonrpc: '2.0',
    id,
    method: 'resources/read',
    params: { uri: GUIDE_URI },
  });

  test('each resource read in a batch counts as a request; past the limit the rest are refused', async () => {
    const answer = await postMcp(
      m.server.url,
      Array.from({ length: 10 }, (_, i) => read(i + 1)),
      'guide-reader',
    );
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.body));
    const messages: unknown[] = answer.body;
    const served = messages.filter((message) => isRecord(propertyOf(message, 'result')));
    const refused = messages.filter((message) => propertyOf(propertyOf(message, 'error'), 'code') === -32029);
    assert.equal(served.length, 4);
    assert.equal(refused.length, 6);
    assert.equal(
      propertyOf(propertyOf(propertyOf(propertyOf(refused[0], 'error'), 'data'), 'error'), 'code'),
      'rate_limited',
    );
    assert.match(answer.headers.get('ratelimit') ?? '', /r=0;/u, 'the answer says where the client stands');
    assert.ok(answer.bytes < 4 * 80_000, `${answer.bytes} bytes: four guides at most`);
  });

  test('listings are uncounted; a foreign Origin is refused 403; a body over 64 KB is 413, as JSON-RPC errors', async () => {
    const list = await postMcp(m.server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'guide-reader');
    assert.equal(list.status, 200, 'a listing answers even when every request of the minute is used');
    const foreign = await postMcp(m.server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'browser', {
      headers: { origin: 'http://evil.example' },
    });
    assert.equal(foreign.status, 403);
    assert.equal(propertyOf(foreign.body, 'jsonrpc'), '2.0');
    const local = await postMcp(m.server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'browser', {
      headers: { origin: 'http://localhost:3000' },
    });
    assert.equal(local.status, 200);
    const large = await postMcp(m.server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'big', {
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(70_000) } }),
    });
    assert.equal(large.status, 413);
    assert.equal(propertyOf(propertyOf(large.body, 'error'), 'code'), -32600);
  });
});

describe('pages', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer();
  });
  after(() => s.close());

  test('a page carries a policy without script, not framed, no Referer, nosniff', async () => {
    for (const path of ['/', '/search?q=hokushin', '/companies/1234']) {
      const page = await s.get(path, { accept: 'text/html' });
      const policy = page.headers.get('content-security-policy') ?? '';
      assert.match(policy, /default-src 'none'/u, path);
      assert.match(policy, /frame-ancestors 'none'/u, path);
      assert.doesNotMatch(policy, /unsafe-inline|script-src/u, path);
      assert.equal(page.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(page.headers.get('referrer-policy'), 'no-referrer', path);
      assert.doesNotMatch(page.text, /<script/iu, path);
    }
    const json = await s.get('/api/v1/companies?q=hokushin');
    assert.equal(json.headers.get('x-content-type-options'), 'nosniff');
  });
});
