// The /companies serialiser that writes a cached answer's companies once (src/http/shared-items-serializer.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import { ITEMS_SHARED, sharedItemsSerializer } from '../../src/http/shared-items-serializer.js';
import { Envelope, ListMeta } from '../../src/http/schemas/common.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { startServer, type TestServer } from '../helpers/server.js';

const Envelope2 = Envelope({ things: Type.Array(Type.Object({ name: Type.String(), n: Type.Integer() })) }, ListMeta);
const meta = { request_id: 'r', dataset: { version: 'v', kind: 'demo' }, limit: 10, returned: 2, has_more: false };

describe('sharedItemsSerializer', () => {
  const own = fastJsonStringify(Envelope2) as (x: unknown) => string;

  it('writes the bytes the envelope schema writes, for shared answers and others, empty lists and escapes', () => {
    const serialise = sharedItemsSerializer(Envelope2, 'things');
    for (const things of [[], [{ name: '株式会社"テスト"\n', n: 1 }], [{ name: 'a', n: 1 }, { name: 'b\\', n: 2 }]]) {
      for (const shared of [false, true]) {
        const answer = { data: { things }, meta: { ...meta, notice: 'a "quoted" notice' }, [ITEMS_SHARED]: shared };
        assert.equal(serialise(answer), own(answer));
        assert.doesNotThrow(() => JSON.parse(serialise(answer)));
      }
    }
  });

  it("keeps a shared item's JSON for as long as the item is kept, and writes other items afresh", () => {
    const serialise = sharedItemsSerializer(Envelope2, 'things');
    const item = { name: 'before', n: 1 };
    const answer = (shared: boolean) => ({ data: { things: [item] }, meta, [ITEMS_SHARED]: shared });
    assert.match(serialise(answer(true)), /"before"/u);
    // shared items are never changed; changing one shows which JSON is written
    item.name = 'after';
    assert.match(serialise(answer(true)), /"before"/u);
    assert.match(serialise(answer(false)), /"after"/u);
  });

  it('refuses an envelope that is not one list', () => {
    assert.throws(() => sharedItemsSerializer(Envelope({ a: Type.Array(Type.String()), b: Type.Array(Type.String()) }, ListMeta), 'a'), /one list/u);
    assert.throws(() => sharedItemsSerializer(Envelope({ a: Type.String() }, ListMeta), 'a'), /one list/u);
  });
});

describe('/api/v1/companies with the answer cache', () => {
  let cached: TestServer;
  let uncached: TestServer;
  before(async () => {
    const dbPath = await fixtureDatabase();
    cached = await startServer({ dbPath, env: { KOHYO_ANSWER_CACHE_ENTRIES: '100' } });
    uncached = await startServer({ dbPath });
  });
  after(async () => {
    await cached.close();
    await uncached.close();
  });

  const body = async (server: TestServer, q: string, limit: number) => {
    const response = await server.get(`/api/v1/companies?q=${encodeURIComponent(q)}&limit=${limit}`);
    assert.equal(response.status, 200);
    return response.text.replace(/"request_id":"[^"]+"/u, '"request_id":""');
  };

  it('answers byte for byte as without it, the first time and every time after', async () => {
    const queries = ['架空商事', 'カクウ', 'kakushoji', '架空', '商事', '7999900010001', 'nothing matches this'];
    for (const limit of [10, 1, 3]) {
      for (const q of queries) {
        const expected = await body(uncached, q, limit);
        for (let i = 0; i < 3; i++) assert.equal(await body(cached, q, limit), expected, `${q} limit ${limit}, time ${i + 1}`);
      }
    }
    assert.ok(cached.store!.companies.answers.hits > 0, 'the cache served some of these answers');
  });
});
