// Every request is under its address's bounds: requests Node's parser refuses (garbage, an over-long request line, a
// lower-case method), sent raw over TCP, are under their address's bounds: a dropped address's are not answered, their
// refusals count as one client of the address's own, which a flood of them drops alone, and where the limits are in
// Redis a flood of them costs no round trip each.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { limitedServer, type LimitedServer } from '../../helpers/limited-server.js';
import { holdConnection } from '../../helpers/raw-connection.js';
import { startRedisServer, type RedisServer } from '../../helpers/redis-server.js';
import { storeFromConfig } from '../../../src/limits/limiter-from-config.js';
import { FallbackStore } from '../../../src/limits/fallback-store.js';

/** What Node's parser refuses, each on a connection of its own: bad bytes, a lower-case method, a 20 KB line. */
const GARBAGE = ['GARBAGE\r\n\r\n', 'get / HTTP/1.1\r\nHost: x\r\n\r\n', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\n\r\n`];
/** A CONNECT, which Node hands to no route: answered 405 on its socket, under the same bounds. */
const CONNECT = 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n';

/** Two a minute a client, four its address; six refusals a minute its address, three each client. */
const SHARED = {
  KOHYO_LIMIT_PER_MINUTE: '2',
  KOHYO_ADDRESS_LIMIT_FACTOR: '2',
  KOHYO_REFUSALS_PER_MINUTE: '6',
  KOHYO_REFUSAL_DROP_S: '60',
};

/** Sends `bytes` on a connection of its own from `from`: the answer's status, or 'closed' when none came. */
async function sendRaw(s: LimitedServer, from: string, bytes: string): Promise<number | 'closed'> {
  const connection = await holdConnection(s.server.url, from);
  let text = '';
  connection.socket.on('data', (chunk: Buffer) => void (text += chunk.toString('latin1')));
  connection.socket.write(bytes);
  assert.equal(await connection.closedWithin(10_000), true, 'the connection is closed, answered or not');
  const status = /^HTTP\/1\.1 (\d{3}) /u.exec(text)?.[1];
  return status === undefined ? 'closed' : Number(status);
}

describe('requests the parser refuses, against the bounds on refusals', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer(SHARED);
  });
  after(() => s.close());

  test('issue 92: raw garbage from a dropped address is not answered: its connection is closed', async () => {
    const home = '127.0.0.51';
    // two clients use the address's four a minute; seven more are refused once each: seven refusals, from seven
    // clients, take the address past its six
    for (const agent of ['a', 'b'])
      for (let i = 0; i < 2; i++) await s.getFrom(home, '/api/v1/companies?q=x', { 'user-agent': agent });
    for (let i = 0; i < 7; i++)
      assert.equal((await s.getFrom(home, '/api/v1/companies?q=x', { 'user-agent': `r${i}` })).status, 429);
    for (const bytes of [...GARBAGE, CONNECT])
      assert.equal(await sendRaw(s, home, bytes), 'closed', bytes.slice(0, 20));
    assert.equal(await sendRaw(s, '127.0.0.52', GARBAGE[0]!), 400, 'another address is answered');
  });

  test("issue 92: a flood of garbage counts toward the bound and drops the garbage, not the address's requests", async () => {
    const home = '127.0.0.53';
    const outcomes = [];
    for (let i = 0; i < 9; i++) outcomes.push(await sendRaw(s, home, GARBAGE[i % GARBAGE.length]!));
    // three refusals, its share; the fourth takes it past them, answered; then it is dropped
    assert.deepEqual(outcomes, [400, 400, 431, 400, 'closed', 'closed', 'closed', 'closed', 'closed']);
    assert.equal(await sendRaw(s, home, CONNECT), 'closed', 'a CONNECT of the address is dropped with its garbage');
    assert.equal((await s.getFrom(home, '/api/v1/companies?q=x')).status, 200, 'a well-formed request is answered');
    assert.equal((await s.getFrom(home, '/health', { 'user-agent': 'another' })).status, 200);
    s.advance(61_000);
    assert.equal(await sendRaw(s, home, GARBAGE[0]!), 400, 'answered again once the drop is over');
    assert.equal(await sendRaw(s, home, CONNECT), 404, 'a CONNECT is answered too (its target no path)');
    // through a trusted proxy nothing is counted nor dropped for the peer, whose clients are unknown
    const proxied = await limitedServer({ ...SHARED, KOHYO_TRUST_PROXY: '127.0.0.0/8' });
    try {
      const throughProxy = [];
      for (let i = 0; i < 9; i++) throughProxy.push(await sendRaw(proxied, '127.0.0.54', GARBAGE[0]!));
      assert.deepEqual(throughProxy, Array<number>(9).fill(400));
    } finally {
      await proxied.close();
    }
  });
});

describe('requests the parser refuses, with the limits in Redis', () => {
  let redis: RedisServer;
  let s: LimitedServer;
  let stats: Redis;
  let store: FallbackStore | null = null;
  before(async () => {
    redis = await startRedisServer();
    stats = new Redis(redis.url);
    s = await limitedServer({ REDIS_URL: redis.url, ...SHARED, KOHYO_REFUSALS_PER_MINUTE: '20' }, (_policy, config) => {
      const made = storeFromConfig(config, { warn: () => undefined, info: () => undefined });
      assert.ok(made instanceof FallbackStore);
      return (store = made);
    });
  });
  after(async () => {
    await s.close();
    stats.disconnect();
    await redis.stop();
  });

  /** The scripts Redis has run (the limiter's checks and readings), from its own statistics. */
  const scriptCalls = async () => {
    const info = await stats.info('commandstats');
    return [...info.matchAll(/^cmdstat_eval\w*:calls=(\d+)/gmu)].reduce((sum, match) => sum + Number(match[1]), 0);
  };

  test('issue 92: a flood of garbage costs no store round trip each: the local tally answers', async () => {
    const home = '127.0.0.55';
    assert.equal((await s.getFrom(home, '/api/v1/companies?q=x')).status, 200);
    const before = await scriptCalls();
    const outcomes = [];
    for (let i = 0; i < 20; i++) outcomes.push(await sendRaw(s, home, GARBAGE[i % GARBAGE.length]!));
    // ten refusals, its share of twenty, and the eleventh that takes it past them; then it is dropped
    assert.deepEqual(
      outcomes.map((outcome) => (outcome === 'closed' ? outcome : 'answered')),
      [...Array<string>(11).fill('answered'), ...Array<string>(9).fill('closed')],
    );
    assert.equal((await scriptCalls()) - before, 1, "one reading of the address's standing, told to them all");
    // a counted request of the address is read again by the next
    await s.getFrom(home, '/api/v1/companies?q=y', { 'user-agent': 'another' });
    const afterCounted = await scriptCalls();
    assert.equal(await sendRaw(s, '127.0.0.56', GARBAGE[0]!), 400);
    assert.equal((await scriptCalls()) - afterCounted, 1, 'another address: its own reading');
    assert.equal(store?.fallbackChecks, 0, 'every check answered by Redis');
  });
});
