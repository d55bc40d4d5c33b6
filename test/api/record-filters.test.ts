// Tests for src/api/record-filters.ts: each filter is one object, and what reads the table (the query schema, the query
// rules, the docs) reads that object; its SQL (src/store/read/record-filter-sql.ts) writes its terms and no other's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { RECORD_FILTERS } from '../../src/api/record-filters.js';
import { FILTER_SQL, recordWhere } from '../../src/store/read/record-filter-sql.js';
import { RECORD_TABLES } from '../../src/store/schema/record-tables.js';
import { recordQuerySchema } from '../../src/api/schemas/queries.js';
import { checkRecordQuery } from '../../src/api/query-rules.js';
import { ApiError } from '../../src/api/errors.js';
import { RECORD_PATHS } from '../../src/api/links.js';
import { RECORD_KINDS } from '../../src/domain/records/record.js';

const TODAY = '2026-11-21';

/** A value each kind of filter value takes, already as checked. */
const VALUE = {
  text: '談合',
  company: '見本建設',
  corporate_number: '8999999000001',
  date: '2025-01-01',
  flag: 'true',
} as const;

for (const kind of RECORD_KINDS) {
  test(`${kind}: the query schema has a parameter of each filter, described as the filter describes itself`, () => {
    const schema = recordQuerySchema(kind, 10);
    for (const filter of RECORD_FILTERS[kind]) {
      const property = schema.properties[filter.name];
      assert.ok(property, `${filter.name} is a parameter`);
      assert.equal(property.description, filter.description, filter.name);
    }
    const paging = ['page', 'limit', 'format'];
    assert.deepEqual(
      Object.keys(schema.properties).filter((name) => !paging.includes(name)),
      RECORD_FILTERS[kind].map((f) => f.name),
    );
  });

  test(`${kind}: each filter's value writes its own terms of the WHERE clause, and none other's`, () => {
    for (const filter of RECORD_FILTERS[kind]) {
      const value = filter.reads === 'vocabulary' ? filter.vocabulary.codes()[0]! : VALUE[filter.reads];
      const query = { today: TODAY };
      filter.resolve(
        query,
        value,
        { [filter.name]: value, corporate_number: VALUE.corporate_number },
        {
          company: () => ({ corporateNumbers: ['8999999000001'], nameKeys: [], nameParts: [] }),
          predecessorsOf: () => ['1000000000000'],
        },
      );
      const own = FILTER_SQL[filter.name](query, RECORD_TABLES[kind], {});
      // include_predecessors widens corporate_number's term and has none of its own
      assert.equal(own.length > 0, filter.name !== 'include_predecessors', filter.name);
      assert.deepEqual(
        recordWhere(RECORD_TABLES[kind], query).params,
        own.flatMap((t) => t.params),
        filter.name,
      );
    }
  });

  test(`${kind}: the filters that count alone are the ones missing_filter names`, () => {
    const refusal = (() => {
      try {
        checkRecordQuery(kind, {});
      } catch (error) {
        return error;
      }
      return null;
    })();
    assert.ok(refusal instanceof ApiError);
    const alone = RECORD_FILTERS[kind].filter((f) => f.alone).map((f) => f.name);
    assert.deepEqual(refusal.details?.filters, [...alone, 'from and to (together, at most 366 days apart)']);
  });

  test(`${kind}: docs/using-the-api.md lists the endpoint's filters as the table holds them`, () => {
    const guide = readFileSync('docs/using-the-api.md', 'utf8');
    const row = guide.split('\n').find((line) => line.startsWith(`| \`GET ${RECORD_PATHS[kind]}\` |`));
    assert.ok(row, `no row for ${RECORD_PATHS[kind]}`);
    const named = [...row.split('|')[3]!.matchAll(/`([a-z_]+)`/gu)].map((m) => m[1]!);
    const documented = [...new Set(named)].filter((name) => !['page', 'limit', 'format'].includes(name)).sort();
    assert.deepEqual(documented, RECORD_FILTERS[kind].map((f) => f.name).sort());
  });
}

test('a q with nothing to look for matches no record rather than every record', () => {
  const where = recordWhere(RECORD_TABLES.enforcement, { today: '2026-11-21', q: '・' });
  assert.equal(where.sql, '0');
  assert.deepEqual(where.params, []);
});

test('a mixed q requires both indexes', () => {
  const where = recordWhere(RECORD_TABLES.license_action, { today: '2026-11-21', q: '指示 営業停止' });
  assert.equal(
    where.sql,
    'r.rid IN (SELECT (4294967295 - (license_actions_fts.rowid & 4294967295)) AS rid FROM license_actions_fts WHERE license_actions_fts MATCH ?) AND ' +
      'r.rid IN (SELECT (4294967295 - (license_actions_grams.rowid & 4294967295)) AS rid FROM license_actions_grams WHERE license_actions_grams MATCH ?)',
  );
  assert.deepEqual(where.params, ['"営業停止"', '"指示"']);
  // two sets of ids: a count reads the records both hold, not one index's ids
  assert.equal(where.rids, undefined);
});

test('a query of one set of ids hands its count the ids alone', () => {
  const where = recordWhere(RECORD_TABLES.license_action, { today: '2026-11-21', q: '営業停止' });
  assert.deepEqual(where.rids, {
    sql: 'SELECT (4294967295 - (license_actions_fts.rowid & 4294967295)) AS rid FROM license_actions_fts WHERE license_actions_fts MATCH ?',
    params: ['"営業停止"'],
  });
  const narrowed = recordWhere(RECORD_TABLES.license_action, { today: '2026-11-21', q: '営業停止', prefecture: '13' });
  assert.equal(narrowed.rids, undefined);
});
