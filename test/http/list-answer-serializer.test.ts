// The serialiser of list answers (src/http/list-answer-serializer.ts): it writes items with JSON.stringify, so the
// presenters must build exactly the schema's fields in the schema's order. Held here over every demo record and company.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Type, type TSchema } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import { ITEMS_SHARED, listAnswerSerializer } from '../../src/http/list-answer-serializer.js';
import { Envelope, ListMeta } from '../../src/api/schemas/common.js';
import { COMPANIES } from '../../src/api/endpoints/companies.js';
import { SEARCH } from '../../src/api/endpoints/search.js';
import {
  ENFORCEMENTS,
  LICENSE_ACTIONS,
  PROCUREMENT_SUSPENSIONS,
  type RecordRoute,
} from '../../src/api/endpoints/records.js';
import type { RecordKind } from '../../src/domain/record.js';
import { RECORD_TABLES } from '../../src/store/record-tables.js';
import { recordFromDoc } from '../../src/store/record-docs.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';

const Things = Envelope({ things: Type.Array(Type.Object({ name: Type.String(), n: Type.Integer() })) }, ListMeta);
const TwoLists = Envelope(
  { a: Type.Array(Type.Object({ x: Type.String() })), b: Type.Array(Type.Object({ y: Type.Integer() })) },
  ListMeta,
);
const meta = { request_id: 'r', dataset: { version: 'v', kind: 'demo' }, limit: 10, returned: 2, has_more: false };
const compiled = new Map<TSchema, (x: unknown) => string>();
/** The schema's own serialiser, fast-json-stringify as Fastify compiles it for a route without our serialiser. */
function schemaWritten(schema: TSchema): (x: unknown) => string {
  let write = compiled.get(schema);
  if (write === undefined) {
    write = fastJsonStringify(schema) as (x: unknown) => string;
    compiled.set(schema, write);
  }
  return write;
}

describe('listAnswerSerializer', () => {
  it('writes the bytes the envelope schema writes, for shared answers and others, empty lists and escapes', () => {
    const serialise = listAnswerSerializer(Things);
    const own = schemaWritten(Things);
    const lists = [
      [],
      [{ name: '株式会社"テスト"\n\u0001\ud800', n: 1 }],
      [
        { name: 'a', n: 1 },
        { name: 'b\\', n: 2 },
      ],
    ];
    for (const things of lists) {
      for (const shared of [false, true]) {
        const answer = { data: { things }, meta: { ...meta, notice: 'a "quoted" notice' }, [ITEMS_SHARED]: shared };
        assert.equal(serialise(answer), own(answer));
        assert.deepEqual(JSON.parse(serialise(answer)), JSON.parse(own(answer)));
      }
    }
  });

  it('writes every list of an envelope that holds several, in the schema order', () => {
    const serialise = listAnswerSerializer(TwoLists);
    const own = schemaWritten(TwoLists);
    const answers: { a: { x: string }[]; b: { y: number }[] }[] = [
      { a: [], b: [] },
      { a: [{ x: 'ア' }], b: [] },
      { a: [], b: [{ y: 1 }, { y: 2 }] },
      { a: [{ x: '1' }, { x: '2' }], b: [{ y: 3 }] },
    ];
    for (const { a, b } of answers) {
      const answer = { data: { b, a }, meta };
      assert.equal(serialise(answer), own(answer));
    }
  });

  it("keeps a shared item's JSON for as long as the item is kept, and writes other items afresh", () => {
    const serialise = listAnswerSerializer(Things);
    const item = { name: 'before', n: 1 };
    const answer = (shared: boolean) => ({ data: { things: [item] }, meta, [ITEMS_SHARED]: shared });
    assert.match(serialise(answer(true)), /"before"/u);
    // shared items are never changed; changing one shows which JSON is written
    item.name = 'after';
    assert.match(serialise(answer(true)), /"before"/u);
    assert.match(serialise(answer(false)), /"after"/u);
  });

  it('refuses an envelope whose data is not lists of objects', () => {
    assert.throws(
      () => listAnswerSerializer(Envelope({ a: Type.Array(Type.String()) }, ListMeta)),
      /lists of objects/u,
    );
    assert.throws(() => listAnswerSerializer(Envelope({ a: Type.String() }, ListMeta)), /lists of objects/u);
  });
});

describe('the presenters build exactly what the schemas say, in their order', () => {
  const routes = [ENFORCEMENTS, PROCUREMENT_SUSPENSIONS, LICENSE_ACTIONS] as unknown as readonly RecordRoute<
    RecordKind,
    unknown
  >[];
  // before, during and after most periods, so that every status is shown
  const days = ['2000-01-01', '2026-11-21', '2099-12-31'];

  for (const route of routes) {
    it(`every ${route.kind} of the demo dataset`, async () => {
      const own = schemaWritten(route.resource);
      const db = new Database(await demoDatabase(), { readonly: true });
      try {
        const docs = db.prepare(`SELECT doc FROM ${RECORD_TABLES[route.kind].table}`).pluck().all();
        assert.ok(docs.length > 100, 'the demo dataset holds records of this kind');
        for (const doc of docs) {
          for (const today of days) {
            const shown = route.present(recordFromDoc(doc), today) as object;
            assert.equal(JSON.stringify(shown), own(shown));
          }
        }
      } finally {
        db.close();
      }
    });
  }
});

describe('list answers over HTTP, byte for byte as their schemas write them', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ dbPath: await demoDatabase() });
  });
  after(async () => {
    await server.close();
  });

  const asSchemaWrites = async (path: string, schema: TSchema) => {
    const response = await server.get(path);
    assert.equal(response.status, 200, path);
    assert.equal(response.text, schemaWritten(schema)(response.body), path);
    return response.body as { data: Record<string, unknown[]> };
  };

  it('/companies for every company of the demo dataset', async () => {
    const db = new Database(await demoDatabase(), { readonly: true });
    const numbers = db.prepare('SELECT corporate_number FROM companies').pluck().all() as string[];
    db.close();
    for (const number of numbers) {
      const body = await asSchemaWrites(`/api/v1/companies?q=${number}`, COMPANIES.response);
      assert.equal(body.data.companies!.length, 1);
    }
    await asSchemaWrites(`/api/v1/companies?q=${encodeURIComponent('株式会社')}`, COMPANIES.response);
  });

  it('the record endpoints and /search', async () => {
    const lists = [
      ['/api/v1/enforcements?authority=jftc', ENFORCEMENTS.response],
      ['/api/v1/procurement-suspensions?status=active&page=2', PROCUREMENT_SUSPENSIONS.response],
      ['/api/v1/license-actions?status=in_effect', LICENSE_ACTIONS.response],
      [`/api/v1/search?q=${encodeURIComponent('工業')}`, SEARCH.response],
    ] as const;
    for (const [path, schema] of lists) {
      const body = await asSchemaWrites(path, schema);
      assert.ok(
        Object.values(body.data).some((list) => list.length > 0),
        `${path} answers something`,
      );
    }
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
        for (let i = 0; i < 3; i++)
          assert.equal(await body(cached, q, limit), expected, `${q} limit ${limit}, time ${i + 1}`);
      }
    }
    assert.ok(cached.store!.companies.answers.hits > 0, 'the cache served some of these answers');
  });
});
