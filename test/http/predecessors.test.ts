// Records that follow a merger: a company answer lists the companies merged into it with their record counts, and
// `include_predecessors=true` beside `corporate_number` adds their records, each still naming the company it was
// issued to. Through a real server on the demo dataset, whose closed-by-merger companies name their successors.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { ok } from '../helpers/answers.js';

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
