// Coverage, vocabularies and the OpenAPI document through the real app over the demo database.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { runCollection } from '../../src/ingest/collect/collection.js';
import { createFetcher } from '../../src/ingest/collect/fetcher.js';
import { sourceRegistry } from '../../src/ingest/registry/source-registry.js';
import { steppingClock, tempDir, tsvList, tsvParser } from '../ingest/collect/collect-helpers.js';
import { ERROR_CODES } from '../../src/api/errors.js';
import { VOCABULARIES, VOCABULARY_NAMES } from '../../src/domain/vocabularies/index.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

test('coverage: one entry per publisher group in the contract order, with ratios and freshness', async () => {
  const response = await server.get('/api/v1/procurement-suspension-coverage');
  assert.equal(response.status, 200, response.text);
  const coverage = response.body.data.coverage;
  assert.deepEqual(
    coverage.map((e) => e.publisher_group.code),
    ['national', 'independent_agency', 'public_corporation', 'prefecture', 'designated_city'],
  );
  const byCode = Object.fromEntries(coverage.map((e) => [e.publisher_group.code, e]));
  assert.equal(byCode.prefecture!.official_total, 47);
  assert.equal(byCode.designated_city!.official_total, 20);
  assert.equal(byCode.public_corporation!.official_total, null);
  assert.equal(byCode.public_corporation!.coverage_ratio, null);
  for (const entry of coverage) {
    assert.equal(
      entry.observed_count,
      entry.sources.reduce((n, s) => n + s.observed_count, 0),
    );
    if (entry.official_total !== null) {
      assert.equal(entry.coverage_ratio, Math.round((entry.covered_bodies / entry.official_total) * 10000) / 10000);
    }
    const collected = entry.sources.filter((s) => s.last_success_at !== null);
    const oldest = collected.map((s) => s.last_success_at).sort()[0] ?? null;
    assert.equal(entry.last_success_at, oldest, 'a group is as fresh as its stalest source');
  }
  const statuses = new Set(coverage.flatMap((e) => e.sources.map((s) => s.freshness.status)));
  assert.deepEqual([...statuses].sort(), ['fresh', 'never_collected', 'stale']);
  assert.ok(coverage.some((e) => e.sources.some((s) => s.last_error !== null)));
});

test('coverage counts bodies, not publishers: two regional bureaus of one ministry, both collected, count once', async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  const registry = sourceRegistry();
  const fetcher = createFetcher({ userAgent: 'test', sleep: async () => undefined });
  const clock = steppingClock('2026-11-21T00:00:00Z');
  try {
    for (const [n, id] of [
      'mlit-kanto-rdb-procurement-suspensions',
      'mlit-tohoku-rdb-procurement-suspensions',
    ].entries()) {
      const list = join(dir, `${id}.tsv`);
      writeFileSync(list, tsvList(2, `局${n}`));
      const source = registry.get(id)!;
      assert.equal(source.counted_body, 'mlit');
      await runCollection({
        dbPath,
        sources: [source],
        registered: registry.sources,
        resolve: () => tsvParser,
        fetcher,
        clock: clock.now,
        file: list,
      });
    }
  } finally {
    await fetcher.close();
  }
  const own = await startServer({ dbPath });
  try {
    const response = await own.get('/api/v1/procurement-suspension-coverage');
    assert.equal(response.status, 200, response.text);
    const national = response.body.data.coverage.find((e) => e.publisher_group.code === 'national')!;
    const collected = national.sources.filter((s) => s.last_success_at !== null);
    assert.deepEqual(
      collected.map((s) => s.publisher.code),
      ['mlit_kanto_rdb', 'mlit_tohoku_rdb'],
    );
    assert.equal(national.observed_count, 4);
    assert.equal(national.covered_bodies, 1);
    assert.equal(national.official_total, 19);
    assert.equal(national.coverage_ratio, 0.0526);
  } finally {
    await own.close();
  }
});

test('vocabularies list every code of every field with both labels', async () => {
  const response = await server.get('/api/v1/vocabularies');
  assert.equal(response.status, 200);
  const vocabularies = response.body.data.vocabularies;
  for (const name of VOCABULARY_NAMES) {
    const vocabulary = VOCABULARIES[name];
    assert.deepEqual(
      vocabularies[name].map((t) => t.code),
      vocabulary.codes(),
      name,
    );
    for (const term of vocabularies[name]) assert.ok(term.name && term.name_en, `${name} ${term.code}`);
  }
  assert.ok(vocabularies.authority.every((t) => typeof t.group === 'string'));
});

test('the OpenAPI document is valid OpenAPI 3.1 and lists every endpoint, parameter and error code', async () => {
  const response = await server.get('/api/v1/openapi.json');
  assert.equal(response.status, 200);
  const document = response.body;
  assert.equal(document.openapi, '3.1.0');
  const validator = new Validator();
  const result = await validator.validate(document);
  assert.deepEqual(result.errors ?? [], [], JSON.stringify(result.errors, null, 2));
  assert.equal(result.valid, true);
  const expected: Record<string, string[]> = {
    '/api/v1/search': ['q', 'limit', 'format'],
    '/api/v1/companies': ['q', 'prefecture', 'address', 'limit'],
    '/api/v1/enforcements': [
      'company',
      'q',
      'corporate_number',
      'include_predecessors',
      'law',
      'authority',
      'action_type',
      'from',
      'to',
      'prefecture',
      'listing',
      'limit',
      'format',
    ],
    '/api/v1/procurement-suspensions': [
      'company',
      'q',
      'corporate_number',
      'include_predecessors',
      'authority',
      'reason',
      'status',
      'from',
      'to',
      'prefecture',
      'listing',
      'page',
      'limit',
      'format',
    ],
    '/api/v1/license-actions': [
      'company',
      'q',
      'corporate_number',
      'include_predecessors',
      'sector',
      'action_type',
      'nature',
      'status',
      'authority',
      'from',
      'to',
      'prefecture',
      'listing',
      'page',
      'limit',
      'format',
    ],
    '/api/v1/procurement-suspension-coverage': [],
    '/api/v1/vocabularies': [],
    '/health': [],
  };
  for (const [path, parameters] of Object.entries(expected)) {
    const operation = document.paths[path]?.get;
    assert.ok(operation, path);
    const given = operation.parameters ?? [];
    const names = given.flatMap((p) => ('$ref' in p ? [] : (assert.equal(p.in, 'query'), [p.name])));
    assert.deepEqual(names.sort(), [...parameters].sort(), path);
    // then the request headers the server reads, the conditions where an answer is conditional
    const headers = given.flatMap((p) => ('$ref' in p ? [p.$ref.split('/').pop()] : []));
    const conditional = '304' in operation.responses;
    assert.deepEqual(headers, [
      'ClientName',
      'ClientContact',
      'RequestId',
      ...(conditional ? ['IfNoneMatch', 'IfModifiedSince'] : []),
    ]);
  }
  for (const [name, parameter] of Object.entries(document.components.parameters))
    assert.equal(parameter.in, 'header', name);
  const text = JSON.stringify(document);
  for (const code of ERROR_CODES) assert.ok(text.includes(`"${code}"`), code);
  const required = document.paths['/api/v1/companies']!.get.parameters!.find((p) => 'name' in p && p.name === 'q');
  assert.equal(required && 'name' in required && required.required, true);
});
