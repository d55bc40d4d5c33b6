// What a refused client or address costs, against a real listening server: its requests refused before any other
// work (its query unread), its refusals bounded per client and per address, past which its connections are closed and
// new ones dropped (held unanswered), never another client's or address's; behind a trusted proxy, its requests
// refused instead.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { limitedServer, type LimitedServer } from '../../helpers/limited-server.js';
import { answered, getRequest, holdConnection } from '../../helpers/raw-connection.js';
import { errorOfAnswer } from '../../helpers/answers.js';
import { MemoryStore } from '../../../src/limits/memory-store.js';
import type { FinishedRequest } from '../../../src/usage/usage-log.js';
import { DROPPED_ANSWER_DELAY_MS } from '../../../src/limits/connections/connection-limits.js';

const BOUNDS = {
  KOHYO_LIMIT_PER_MINUTE: '2',
  KOHYO_ADDRESS_LIMIT_FACTOR: '0',
  KOHYO_REFUSALS_PER_MINUTE: '5',
  KOHYO_REFUSAL_DROP_S: '60',
};

describe('a client the limits refuse', () => {
  let s: LimitedServer;
  let checks = 0;
  const logged: FinishedRequest[] = [];
  before(async () => {
    s = await limitedServer(
      { ...BOUNDS, KOHYO_REFUSALS_PER_MINUTE: '1000' },
      (policy) => {
        const store = new MemoryStore(policy);
        return {
          check: (request) => {
            checks++;
            return store.check(request);
          },
          readAddress: (address, now) => store.readAddress(address, now),
          close: () => store.close(),
        };
      },
      { usageLog: { record: (request) => void logged.push(request) } },
    );
  });
  after(() => s.close());

  test('issue 54: is refused before any other work: no query read, no ETag, no parameter checked', async () => {
    const path = '/api/v1/companies?q=hokushin';
    const first = await s.getFrom('127.0.0.31', path);
    const etag = first.headers.get('etag') ?? '';
    assert.equal((await s.getFrom('127.0.0.31', path)).status, 200);
    assert.equal((await s.getFrom('127.0.0.31', path)).status, 429, 'two a minute, then refused');
    const before = checks;
    // 1,400 distinct parameters: the router never parses them, and the usage log's tally holds none of them
    const wide = `/api/v1/companies?${Array.from({ length: 1400 }, (_, i) => `p${i}=${i}`).join('&')}`;
    const refused = await s.getFrom('127.0.0.31', wide);
    assert.equal(refused.status, 429);
    assert.equal(errorOfAnswer(refused).code, 'rate_limited');
    assert.ok(refused.headers.get('ratelimit'), 'with its RateLimit headers');
    const tallied = logged.at(-1)!;
    assert.deepEqual([tallied.status, tallied.query, tallied.parameters], [429, '', {}], 'its query never read');
    // its own ETag is not worked out: the refusal comes before the 304
    assert.equal((await s.getFrom('127.0.0.31', path, { 'if-none-match': etag })).status, 429);
    // nor its parameters checked: the refusal comes before the 400 for a parameter given 1,800 times
    const repeated = `/api/v1/companies?${'q=a&'.repeat(1800)}`;
    assert.equal((await s.getFrom('127.0.0.31', repeated)).status, 429);
    // nor a path parameter of 15 KB answered as unreadable: the route takes it, and the refusal stands
    assert.equal((await s.getFrom('127.0.0.31', `/api/v1/companies/${'9'.repeat(15_000)}`)).status, 429);
    assert.equal(checks, before, 'nor the store asked');
    // another client of another address is served as before, and its 15 KB parameter counted and refused as such
    assert.equal((await s.getFrom('127.0.0.32', path)).status, 200);
    const long = await s.getFrom('127.0.0.32', `/api/v1/companies/${'9'.repeat(15_000)}`);
    assert.deepEqual([long.status, errorOfAnswer(long).code], [400, 'invalid_corporate_number']);
    assert.match(long.headers.get('ratelimit') ?? '', /r=0;/u, 'counted');
  });

  test('its answers that do not count are served, their query given back to them', async () => {
    const ua = { 'user-agent': 'refused-reader' };
    for (let i = 0; i < 3; i++) await s.getFrom('127.0.0.33', '/api/v1/companies?q=a', ua);
    assert.equal((await s.getFrom('127.0.0.33', '/api/v1/companies?q=a', ua)).status, 429);
    const page = await s.getFrom('127.0.0.33', '/search?q=hokushin&lang=en', ua);
    assert.equal(page.status, 429, 'a page stands for a counted request');
    assert.equal(logged.at(-1)!.errorCode, 'rate_limited', "issue 54: a page's 429 is tallied with its code");
    const guide = await s.getFrom('127.0.0.33', '/llms.txt?ignored=1', ua);
    assert.equal(guide.status, 200);
    // an uncounted answer's query is read once it is let in: a parameter given eleven times is refused
    const bad = await s.getFrom('127.0.0.33', `/api/v1/vocabularies?${'x=1&'.repeat(11)}`, ua);
    assert.deepEqual([bad.status, errorOfAnswer(bad).code], [400, 'invalid_parameter'], 'its query read once let in');
  });
});

/** Two a minute a client, four its address; six refusals a minute its address, three each client. */
const SHARED = { ...BOUNDS, KOHYO_ADDRESS_LIMIT_FACTOR: '2', KOHYO_REFUSALS_PER_MINUTE: '6' };

describe('clients past their refusals', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer({ ...SHARED, KOHYO_KEEP_ALIVE_S: '60' });
  });
  after(() => s.close());

  test('issue 92: one client past its share is dropped alone, its neighbour served; refusals to several drop the address', async () => {
    const idle = await holdConnection(s.server.url, '127.0.0.41');
    idle.socket.write(getRequest('/health'));
    assert.ok(await answered(idle), 'an idle connection of the address, answered before');
    const greedy = { 'user-agent': 'greedy', 'x-kohyo-client': 'greedy-app' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await s.getFrom('127.0.0.41', `/api/v1/companies?q=a${i}`, greedy)).status);
    // two answered, then refused: the fourth refusal takes the client past its three
    assert.deepEqual(statuses, [200, 200, 429, 429, 429, 429]);
    assert.ok(DROPPED_ANSWER_DELAY_MS < 1_000, 'held under a second');
    const dropped = await s.getFrom('127.0.0.41', '/health', greedy);
    assert.deepEqual([dropped.status, errorOfAnswer(dropped).details?.scope], [429, 'client']);
    assert.match(errorOfAnswer(dropped).message, /Too many refusals to this client/u);
    const retryAfter = Number(dropped.headers.get('retry-after'));
    assert.ok(retryAfter > 50 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    // its neighbour, another device of the address, is served on the API and on a page
    const neighbour = { 'user-agent': 'neighbour', 'x-kohyo-client': 'neighbour-app' };
    assert.equal((await s.getFrom('127.0.0.41', '/api/v1/companies?q=b', neighbour)).status, 200);
    assert.equal(
      (await s.getFrom('127.0.0.41', '/search?q=hokushin', { ...neighbour, accept: 'text/html' })).status,
      200,
    );
    idle.socket.write(getRequest('/health'));
    assert.ok(await answered(idle), 'the idle connection too');
    assert.equal(idle.closed, false);
    // the address's four a minute are used: two more clients are refused, three times and once: seven refusals
    // the address counted (the greedy client's three, not those past them), past its six
    for (const [agent, times] of [
      ['second', 3],
      ['third', 1],
    ] as const)
      for (let i = 0; i < times; i++)
        assert.equal((await s.getFrom('127.0.0.41', '/api/v1/companies?q=c', { 'user-agent': agent })).status, 429);
    const anyone = await s.getFrom('127.0.0.41', '/api/v1/companies?q=d', { 'user-agent': 'another-device' });
    assert.deepEqual([anyone.status, errorOfAnswer(anyone).details?.scope], [429, 'address']);
    assert.match(errorOfAnswer(anyone).message, /Too many refusals to this address/u);
    const page = await s.getFrom('127.0.0.41', '/search?q=hokushin', { accept: 'text/html', 'user-agent': 'browser' });
    assert.equal(page.status, 429);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/u);
    idle.socket.write(getRequest('/health'));
    assert.equal(await idle.closedWithin(5_000), true, 'answered, then closed');
    assert.equal((await s.getFrom('127.0.0.42', '/health')).status, 200, 'another address is served');
    s.advance(61_000);
    assert.equal(
      (await s.getFrom('127.0.0.41', '/health', greedy)).status,
      200,
      'once the drops are over the address and its client are served again',
    );
  });

  test('a pipelined flood of refusals is cut off with its connection, most of it never read', async () => {
    // the raw connection's client, refused once
    for (let i = 0; i < 3; i++)
      await s.getFrom('127.0.0.43', '/api/v1/companies?q=a', { 'user-agent': 'raw-connection' });
    const flood = await holdConnection(s.server.url, '127.0.0.43');
    let text = '';
    flood.socket.on('data', (chunk: Buffer) => void (text += chunk.toString('latin1')));
    flood.socket.write(getRequest('/api/v1/companies?q=b').repeat(200));
    assert.equal(await flood.closedWithin(5_000), true, 'the connection is closed');
    const answers = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /gu)].map((m) => Number(m[1]));
    // the refusals up to the drop, and then one answer to the dropped connection, which is then closed
    assert.ok(answers.length <= 6, `${answers.length} of 200 answered: ${answers.join()}`);
    assert.ok(
      answers.every((status) => status === 429),
      answers.join(),
    );
  });
});

describe('a client past its refusals, behind a trusted proxy', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer({ ...BOUNDS, KOHYO_TRUST_PROXY: '127.0.0.0/8' });
  });
  after(() => s.close());

  test("is refused before any other work, and the proxy's connection and other clients are served", async () => {
    const from = (address: string, path: string) => s.get(path, { 'x-forwarded-for': address });
    for (let i = 0; i < 2; i++) await from('198.51.100.7', '/api/v1/companies?q=a');
    for (let i = 0; i < 6; i++) assert.equal((await from('198.51.100.7', '/api/v1/companies?q=a')).status, 429);
    const dropped = await from('198.51.100.7', '/health');
    assert.equal(dropped.status, 429, 'even what does not count');
    assert.equal(errorOfAnswer(dropped).details?.scope, 'client', 'no address-wide rule with the factor 0');
    assert.match(errorOfAnswer(dropped).message, /Too many refusals/u);
    assert.ok(Number(dropped.headers.get('retry-after')) > 50);
    assert.equal((await from('198.51.100.8', '/health')).status, 200, 'another client of the proxy');
  });

  test("issue 79: forwarded values that are not addresses are one unidentified client, never the proxy's own address", async () => {
    const values = ['', 'unknown', 'x'.repeat(8192), 'not-an-address, unknown'];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await s.get('/api/v1/companies?q=a', { 'x-forwarded-for': values[i % values.length]! })).status);
    assert.deepEqual(statuses.slice(0, 2), [200, 200], 'one client: its two a minute, whatever value stood for it');
    assert.ok(statuses.slice(2).every((status) => status === 429));
    const dropped = await s.get('/health', { 'x-forwarded-for': 'unknown' });
    assert.deepEqual(
      [dropped.status, errorOfAnswer(dropped).details?.scope],
      [429, 'client'],
      'the one client is dropped',
    );
    assert.match(errorOfAnswer(dropped).message, /Too many refusals/u);
    assert.equal((await s.get('/health')).status, 200, "the proxy's own request (no X-Forwarded-For) is served");
    assert.equal((await s.get('/health', { 'x-forwarded-for': '198.51.100.9' })).status, 200, 'a real client too');
  });
});
