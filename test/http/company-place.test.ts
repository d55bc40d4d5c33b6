// Same-name companies told apart: /api/v1/companies takes `prefecture` (narrows) and `address` (ranks), and `match`
// says which parts matched. Through a real server on the demo dataset, whose 「パシフィック…」 companies are
// registered in seven prefectures.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { ok } from '../helpers/answers.js';
import type { Schema } from '../helpers/documented-answers.js';

let server: TestServer;
let all: Schema<'Company'>[];
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
  all = (await ok(server, `/api/v1/companies?q=${encodeURIComponent('パシフィック')}`)).data.companies;
  assert.ok(new Set(all.map((c) => c.address.prefecture_code)).size >= 3, 'several prefectures to tell apart');
});
after(() => server.close());

const companies = async (query: string) => {
  const answer = await server.get(`/api/v1/companies?q=${encodeURIComponent('パシフィック')}&${query}`);
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.companies;
};

test('prefecture narrows to the companies registered there, by code or by name, and match says so', async () => {
  const target = all.at(-1)!;
  const byCode = await companies(`prefecture=${target.address.prefecture_code}`);
  assert.ok(byCode.length >= 1);
  assert.ok(
    byCode.every((c) => c.address.prefecture_code === target.address.prefecture_code && c.match.prefecture === true),
  );
  assert.ok(byCode.some((c) => c.name === target.name));
  const label = (await ok(server, '/api/v1/vocabularies')).data.vocabularies.prefecture.find(
    (t) => t.code === target.address.prefecture_code,
  )!.name;
  assert.deepEqual(
    (await companies(`prefecture=${encodeURIComponent(label)}`)).map((c) => c.name),
    byCode.map((c) => c.name),
  );
  // without the parameters, match carries neither part
  assert.ok(all.every((c) => !('prefecture' in c.match) && !('address' in c.match)));
});

test('address ranks the companies whose registered address holds it first, and match says which do', async () => {
  const target = all.at(-1)!;
  const ranked = await companies(`address=${encodeURIComponent(` ${target.address.city} `)}`);
  assert.equal(ranked.length, all.length, 'address ranks, it does not narrow');
  assert.equal(ranked[0]!.name, target.name);
  assert.equal(ranked[0]!.match.address, true);
  assert.ok(ranked.slice(1).every((c) => c.match.address === (c.address.city === target.address.city)));
});

test('an unknown prefecture is refused with the codes; an address too long is refused', async () => {
  const bad = await server.get(`/api/v1/companies?q=${encodeURIComponent('パシフィック')}&prefecture=Atlantis`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.details!.parameter, 'prefecture');
  assert.equal(bad.body.error.details!.allowed!.length, 47);
  const long = await server.get(`/api/v1/companies?q=x&address=${'a'.repeat(200)}`);
  assert.equal(long.status, 400);
  assert.equal(long.body.error.details!.parameter, 'address');
});
