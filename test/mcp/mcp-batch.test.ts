// JSON-RPC batches posted to /mcp, through a real server: each tool call in a batch counts and is logged as the
// request it stands for, the other methods are free, and a batch over KOHYO_MCP_MAX_BATCH is refused whole.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { postMcp, serveMcp, toolCall, type RpcMessage } from '../helpers/mcp-served.js';
import { startServer } from '../helpers/server.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { answered, getRequest, holdConnection, type HeldConnection } from '../helpers/raw-connection.js';

const KAKUU = corporateNumberFromBase('999900010001');

interface RpcReply {
  readonly id: number;
  readonly result?: { readonly isError?: boolean; readonly content?: readonly { readonly text: string }[] };
  readonly error?: { readonly code: number };
}

/** The replies to a batch (the SDK answers a batch of one with the reply alone). */
function replies(body: unknown): RpcReply[] {
  assert.ok(body !== null && typeof body === 'object', JSON.stringify(body));
  return Array.isArray(body) ? (body as RpcReply[]) : [body as RpcReply];
}

/** The error code a tool call's reply carries, or 'ok'. */
function outcome(reply: RpcReply): string {
  if (reply.result?.isError !== true) return 'ok';
  return (JSON.parse(reply.result.content![0]!.text) as { error: { code: string } }).error.code;
}

const calls = (n: number, first = 0): RpcMessage[] =>
  Array.from({ length: n }, (_, i) => toolCall(first + i, 'list_enforcements', { corporate_number: KAKUU }));

describe('a batch of tool calls', () => {
  test('each call counts against the limits and is logged as its endpoint; a refused one is not run', async () => {
    const s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '3' });
    try {
      const answer = await postMcp(s.server.url, calls(5), 'batching-agent');
      assert.equal(answer.status, 200);
      const outcomes = replies(answer.body).map(outcome);
      assert.equal(outcomes.filter((o) => o === 'ok').length, 3, outcomes.join());
      assert.equal(outcomes.filter((o) => o === 'rate_limited').length, 2, outcomes.join());
      const refused = replies(answer.body).find((r) => outcome(r) === 'rate_limited')!;
      const error = JSON.parse(refused.result!.content![0]!.text) as { error: { details: { retry_after: number } } };
      assert.ok(error.error.details.retry_after > 0);
      // five requests to the endpoint in the usage log, the refused ones as 429
      const logged = s.logged.filter((r) => r.path === '/api/v1/enforcements');
      assert.deepEqual(logged.map((r) => r.status).sort(), [200, 200, 200, 429, 429]);
      assert.ok(logged.every((r) => r.userAgent === 'batching-agent' && r.route === '/api/v1/enforcements'));
      // the same client over HTTP is refused: one limiter
      const direct = await s.server.get(`/api/v1/enforcements?corporate_number=${KAKUU}`, {
        headers: { 'user-agent': 'batching-agent' },
      });
      assert.equal(direct.status, 429);
      // another client is not
      const other = await s.server.get(`/api/v1/enforcements?corporate_number=${KAKUU}`);
      assert.equal(other.status, 200);
    } finally {
      await s.close();
    }
  });

  test('the calls of a batch are seen by the enumeration rule, as the requests they stand for', async () => {
    const s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '1000', KOHYO_ENUM_DISTINCT_TERMS: '3' });
    try {
      const names = ['架空商事', '見本工業', '北辰建設', '青葉電設', '東都物産', '南海運輸'];
      const batch = names.map((q, i) => toolCall(i, 'search_companies', { q }));
      const outcomes = replies((await postMcp(s.server.url, batch, 'enumerating-agent')).body).map(outcome);
      assert.ok(outcomes.includes('automated_enumeration_detected'), outcomes.join());
      const direct = await s.server.get('/api/v1/companies?q=%E6%9E%B6%E7%A9%BA', {
        headers: { 'user-agent': 'enumerating-agent' },
      });
      assert.equal(direct.status, 429);
    } finally {
      await s.close();
    }
  });

  test('the envelope and the other methods are free: only tool calls count', async () => {
    const s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '2' });
    try {
      const initialize: RpcMessage = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      };
      const free: RpcMessage[] = [
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { jsonrpc: '2.0', id: 3, method: 'resources/list' },
      ];
      for (let i = 0; i < 3; i++) {
        assert.equal((await postMcp(s.server.url, initialize)).status, 200);
        assert.equal((await postMcp(s.server.url, free)).status, 200);
      }
      const answer = await postMcp(s.server.url, calls(2, 10));
      assert.deepEqual(replies(answer.body).map(outcome), ['ok', 'ok']);
      assert.equal(s.logged.length, 2, 'only the two tool calls are logged');
      // a vocabulary call is free, as GET /api/v1/vocabularies is
      const vocabularies = await postMcp(s.server.url, [toolCall(20, 'list_vocabularies', {})]);
      assert.deepEqual(replies(vocabularies.body).map(outcome), ['ok']);
    } finally {
      await s.close();
    }
  });

  test('a batch over KOHYO_MCP_MAX_BATCH (10 by default) is refused whole with 400 invalid_parameter', async () => {
    const s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '1000' });
    try {
      const over = await postMcp(s.server.url, calls(11));
      assert.equal(over.status, 400);
      const body = over.body as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'invalid_parameter');
      assert.match(body.error.message, /at most 10 messages/u);
      assert.equal(s.logged.length, 0, 'no call of a refused batch is made');
      const atMost = await postMcp(s.server.url, calls(10));
      assert.equal(atMost.status, 200);
      assert.deepEqual(replies(atMost.body).map(outcome), Array<string>(10).fill('ok'));
    } finally {
      await s.close();
    }
    const small = await serveMcp({ KOHYO_MCP_MAX_BATCH: '2' });
    try {
      assert.equal((await postMcp(small.server.url, calls(3))).status, 400);
      assert.equal((await postMcp(small.server.url, calls(2))).status, 200);
      // a single message is not a batch
      assert.equal((await postMcp(small.server.url, calls(1)[0]!)).status, 200);
    } finally {
      await small.close();
    }
  });
});

/** A call of `search` with `count` arguments of its own besides `q`: what an attacker would send to cost the most. */
const wideCall = (id: number, count: number): RpcMessage =>
  toolCall(id, 'search', {
    q: '架空',
    ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`a${i}`, i])),
  });

describe('issue 54: each message counts, under the uncounted ceiling as under the limits', () => {
  test('a batch of listings takes one uncounted answer a message, not one a POST', async () => {
    // one client's ceiling of 25 (no address-wide rule, whose share would be a third)
    const s = await serveMcp({ KOHYO_UNCOUNTED_PER_MINUTE: '25', KOHYO_ADDRESS_LIMIT_FACTOR: '0' });
    try {
      const listings = Array.from({ length: 10 }, (_, i): RpcMessage => ({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/list',
      }));
      assert.equal((await postMcp(s.server.url, listings)).status, 200);
      assert.equal((await postMcp(s.server.url, listings)).status, 200);
      const third = await postMcp(s.server.url, listings);
      assert.equal(third.status, 429, 'thirty messages would pass the 25 a minute');
      assert.equal((third.body as { error: { code: string } }).error.code, 'rate_limited');
      // the refused POST took one answer (its own), its ten messages none: four more fit, to 25
      assert.equal((await postMcp(s.server.url, listings.slice(0, 4))).status, 200);
      assert.equal((await postMcp(s.server.url, listings.slice(0, 1))).status, 429);
    } finally {
      await s.close();
    }
  });

  test('a batch of calls from a refused client is refused before any argument is read, each call answered', async () => {
    const s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '1' });
    try {
      assert.deepEqual(replies((await postMcp(s.server.url, calls(2), 'wide-caller')).body).map(outcome), [
        'ok',
        'rate_limited',
      ]);
      const before = s.logged.length;
      const wide = Array.from({ length: 10 }, (_, i) => wideCall(i, 520));
      const answer = await postMcp(s.server.url, wide, 'wide-caller');
      assert.equal(answer.status, 200);
      assert.deepEqual(replies(answer.body).map(outcome), Array<string>(10).fill('rate_limited'));
      assert.deepEqual(
        replies(answer.body).map((reply) => reply.id),
        [...Array(10).keys()],
      );
      assert.match(answer.headers.get('ratelimit') ?? '', /r=0;/u, 'where the client stands');
      assert.equal(s.logged.length, before, 'no call was made: the endpoint never saw one');
      // among other messages, each call is refused before its arguments are read; the listing is answered
      const mixed = [{ jsonrpc: '2.0', id: 99, method: 'tools/list' } as const, ...wide.slice(0, 9)];
      const outcomes = replies((await postMcp(s.server.url, mixed, 'wide-caller')).body);
      assert.ok(outcomes.find((reply) => reply.id === 99)?.result, 'the listing');
      assert.deepEqual(outcomes.filter((reply) => reply.id !== 99).map(outcome), Array<string>(9).fill('rate_limited'));
      assert.equal(s.logged.length, before, 'still no call made');
      // a resource read alone is refused as the JSON-RPC error, as the SDK answers it
      const read = await postMcp(
        s.server.url,
        { jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri: 'kohyo://guide/llms.txt' } },
        'wide-caller',
      );
      assert.equal((read.body as { error: { code: number } }).error.code, -32029);
    } finally {
      await s.close();
    }
  });
});

describe('issue 79: a batch takes the event loop one call at a time', () => {
  test('a request of another address sent as the first call ends is answered before the third', async () => {
    const order: string[] = [];
    let victim: HeldConnection | undefined;
    const server = await startServer({
      dbPath: await fixtureDatabase(),
      deps: {
        usageLog: {
          record: (request) => {
            order.push(request.path);
            // the victim's request reaches the server's socket as the batch's first call is answered
            if (order.length === 1) victim?.socket.write(getRequest('/api/v1/companies?q=hokushin'));
          },
        },
      },
    });
    try {
      victim = await holdConnection(server.url, '127.0.0.2');
      const batch = Array.from({ length: 10 }, (_, i) => toolCall(i + 1, 'search', { q: `架空 ${i}` }));
      assert.equal((await postMcp(server.url, batch, 'batching-agent')).status, 200);
      assert.ok(await answered(victim));
      const calls = order.filter((endpoint) => endpoint === '/api/v1/search');
      assert.equal(calls.length, 10, order.join());
      const victimAt = order.indexOf('/api/v1/companies');
      assert.ok(victimAt >= 1 && victimAt <= 2, `the victim was answered after ${victimAt} of the 10 calls`);
    } finally {
      victim?.socket.destroy();
      await server.close();
    }
  });
});
