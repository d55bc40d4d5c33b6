// Records that follow a merger: a company answer lists the companies merged into it with their record counts, and
// `include_predecessors=true` beside `corporate_number` adds their records, each still naming the company it was
// issued to. Through a real server on the demo dataset, whose closed-by-merger companies name their successors.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { ok } from '../helpers/answers.js';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { MAX_PREDECESSORS_SHOWN } from '../../src/domain/companies/company.js';
import { tempDir, writeCompanies } from '../ingest/collect/collect-helpers.js';

let server: TestServer;
/** A merged company with enforcement records, and its successor. */
let merged: { predecessor: string; successor: string; predecessorRecords: number; successorRecords: number };

before(async () => {
  const path = await demoDatabase();
  const db = new Database(path, { readonly: true });
  merged = db
    .prepare(
      `SELECT p.corporate_number AS predecessor, s.corporate_number AS successor, p.enforcement_count AS predecessorRecords,
       s.enforcement_count AS successorRecords
     FROM companies p JOIN companies s ON s.corporate_number = p.successor_corporate_number
     WHERE p.enforcement_count > 0 ORDER BY p.corporate_number LIMIT 1`,
    )
    .get() as typeof merged;
  db.close();
  assert.ok(merged, 'the demo dataset has a company merged into another, with enforcement records');
  server = await startServer({ dbPath: path });
});
after(() => server.close());

test('a company answer lists its predecessors with their record counts', async () => {
  const answer = await server.get(`/api/v1/companies?q=${merged.successor}`);
  assert.equal(answer.status, 200);
  const [company] = answer.body.data.companies;
  const predecessor = company!.predecessors.find((p) => p.corporate_number === merged.predecessor);
  assert.ok(predecessor, 'the merged company is listed');
  assert.equal(predecessor.record_counts.enforcements, merged.predecessorRecords);
  // the merged company itself has none of its own
  const own = (await ok(server, `/api/v1/companies?q=${merged.predecessor}`)).data.companies[0]!;
  assert.equal(own.successor_corporate_number, merged.successor);
  assert.ok(Array.isArray(own.predecessors));
});

test("include_predecessors=true adds the merged company's records, each naming the company it was issued to", async () => {
  const numbers = async (query: string) => {
    const answer = await server.get(`/api/v1/enforcements?corporate_number=${merged.successor}${query}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.body.data.enforcements.map((r) => r.company.corporate_number);
  };
  const alone = await numbers('');
  assert.ok(alone.every((n) => n === merged.successor));
  assert.deepEqual(await numbers('&include_predecessors=false'), alone);
  const widened = await numbers('&include_predecessors=true');
  assert.equal(
    widened.filter((n) => n === merged.predecessor).length,
    Math.min(merged.predecessorRecords, 10 - alone.length),
  );
  assert.equal(widened.filter((n) => n === merged.successor).length, alone.length);
});

test('include_predecessors needs corporate_number, takes true or false, and is no filter alone', async () => {
  const without = await server.get('/api/v1/enforcements?law=labour_standards_act&include_predecessors=true');
  assert.equal(without.status, 400);
  assert.equal(without.body.error.code, 'invalid_parameter');
  assert.equal(without.body.error.details!.parameter, 'include_predecessors');
  const yes = await server.get(`/api/v1/enforcements?corporate_number=${merged.successor}&include_predecessors=yes`);
  assert.equal(yes.status, 400);
  assert.match(yes.body.error.message, /include_predecessors must be true or false/u);
  const alone = await server.get('/api/v1/enforcements?include_predecessors=false');
  assert.equal(alone.status, 400);
  assert.equal(alone.body.error.code, 'missing_filter');
});

test('predecessors are bounded with their total, walked at any depth, and a merger cycle never lists the company itself', async () => {
  const path = join(tempDir(), 'mergers.sqlite');
  copyFileSync(await demoDatabase(), path);
  const number = (base: number) => corporateNumberFromBase(String(900_000_000_000 + base));
  const company = (base: number, successor: number | null) => ({
    base: String(900_000_000_000 + base),
    name: `合併見本${base}株式会社`,
    prefecture_code: '13',
    city: '千代田区',
    ...(successor === null ? {} : { successor: number(successor) }),
  });
  const hub = 1;
  const many = Array.from({ length: MAX_PREDECESSORS_SHOWN + 10 }, (_, i) => company(100 + i, hub));
  // a chain of 30 mergers, each into the next: deeper than any fixed depth of the walk
  const chain = Array.from({ length: 30 }, (_, i) => company(1000 + i, i === 29 ? null : 1001 + i));
  // two companies each naming the other as successor
  const cycle = [company(2000, 2001), company(2001, 2000)];
  writeCompanies(path, [company(hub, null), ...many, ...chain, ...cycle]);
  const mergers = await startServer({ dbPath: path });
  try {
    const read = async (base: number) => (await ok(mergers, `/api/v1/companies?q=${number(base)}`)).data.companies[0]!;
    const crowded = await read(hub);
    assert.equal(crowded.predecessors.length, MAX_PREDECESSORS_SHOWN);
    assert.equal(crowded.predecessors_total, MAX_PREDECESSORS_SHOWN + 10);
    const deep = await read(1029);
    assert.equal(deep.predecessors_total, 29);
    assert.ok(
      deep.predecessors.some((p) => p.corporate_number === number(1000)),
      'the far end of the chain',
    );
    assert.equal(deep.predecessors[0]?.corporate_number, number(1028), 'nearest first');
    const looped = await read(2000);
    assert.deepEqual(
      looped.predecessors.map((p) => p.corporate_number),
      [number(2001)],
    );
    assert.equal(looped.predecessors_total, 1);
    // include_predecessors walks the same chain: the cycle's records query names each company once
    const records = await mergers.get(
      `/api/v1/enforcements?corporate_number=${number(2000)}&include_predecessors=true`,
    );
    assert.equal(records.status, 200, records.text);
  } finally {
    await mergers.close();
  }
});
