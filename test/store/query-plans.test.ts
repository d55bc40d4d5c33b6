// Every query an endpoint can issue is served from an index: no plan step scans a whole table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db } from '../../src/store/schema/database.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import {
  recordCountSql,
  recordListedRidsSql,
  recordPageSql,
  recordRidsSql,
} from '../../src/store/read/record-queries.js';
import type { SqlFragment } from '../../src/store/read/sql-fragment.js';
import { ALL_RECORD_TABLES, RECORD_TABLES } from '../../src/store/schema/record-tables.js';
import type { RecordKind } from '../../src/domain/records/record.js';
import { CompanyQueries } from '../../src/store/read/company-queries.js';
import type { RecordQuery } from '../../src/domain/records/record-query.js';
import { demoDatabase } from '../helpers/server.js';

const today = '2026-11-21';
// a company query: its linked records, the records naming one of its names (as company search folds them), a name part
const company = {
  corporateNumbers: ['1180301018771'],
  nameKeys: ['トヨタ自動車', 'toyotajidosha'],
  nameParts: ['トヨタ'],
};

// an answer about one company: its records naming it linked to none placed nowhere or in its prefecture, and apart
// those placed elsewhere (counted); a company the register places nowhere has none of its own
const placed = [
  { ...company, named: { within: 'own', prefectureCode: '23' } },
  { ...company, named: { within: 'elsewhere', prefectureCode: '23' } },
  { ...company, named: { within: 'own', prefectureCode: null } },
  { ...company, named: { within: 'elsewhere', prefectureCode: null } },
] as const;

const FILTERS: Record<RecordKind, Partial<RecordQuery>[]> = {
  enforcement: [
    { corporate_number: '1180301018771' },
    { company },
    ...placed.map((filter) => ({ company: filter })),
    { q: '排除措置命令' },
    // one and two characters go to the short-gram index; a mixed query to both indexes
    { q: '東レ' },
    { q: '談' },
    { q: '指示 排除措置命令' },
    { q: '談合', authority: 'jftc', law: 'antimonopoly_act' },
    { authority: 'jftc' },
    { law: 'antimonopoly_act' },
    { action_type: 'cease_and_desist_order' },
    { authority: 'jftc', law: 'antimonopoly_act', action_type: 'surcharge_payment_order' },
    { company, q: '談合事件', authority: 'jftc' },
    { corporate_number: '1180301018771', listing: 'delisted' },
    { authority: 'jftc', listing: 'listed' },
    { q: '談', listing: 'delisted' },
    // an authority with offices matches them all (mhlw and its 47 labour bureaus); prefecture narrows any filter
    { authority: 'mhlw' },
    { authority: 'mhlw', prefecture: '01' },
    { prefecture: '01' },
    { company, prefecture: '01' },
    { q: '賃金', prefecture: '13' },
    { law: 'labour_standards_act', prefecture: '13' },
    // a date range alone, and narrowing each other filter (narrow instead of page)
    { from: '2025-01-01', to: '2025-12-31' },
    { from: '2025-01-01' },
    { authority: 'mhlw_labour_bureau_27', from: '2025-01-01', to: '2025-06-30' },
    { authority: 'mhlw', from: '2025-01-01', to: '2025-06-30' },
    { law: 'antimonopoly_act', to: '2020-12-31' },
    { company, from: '2025-01-01', to: '2025-12-31' },
    { q: '談合', from: '2025-01-01' },
  ],
  procurement_suspension: [
    { corporate_number: '1180301018771' },
    { company },
    ...placed.map((filter) => ({ company: filter })),
    { q: '指名停止措置' },
    { q: '贈賄' },
    { q: '談' },
    { q: '談合 指名停止措置' },
    { q: '談合', status: 'active' },
    { authority: 'pref_13' },
    { reason: 'bid_rigging' },
    { status: 'scheduled' },
    { status: 'active' },
    { status: 'ended' },
    { status: 'lifted' },
    { authority: 'pref_13', reason: 'bribery', status: 'active' },
    { status: 'lifted', listing: 'delisted' },
    { company, listing: 'listed' },
    { authority: 'mlit' },
    { authority: 'mlit', status: 'active', prefecture: '13' },
    { reason: 'bid_rigging', prefecture: '13' },
    { status: 'active', prefecture: '13' },
    { from: '2025-01-01', to: '2025-12-31' },
    { authority: 'pref_13', from: '2025-01-01', to: '2025-12-31' },
    { reason: 'bid_rigging', from: '2025-01-01' },
    { status: 'active', to: '2026-01-01' },
    { corporate_number: '1180301018771', from: '2020-01-01' },
  ],
  license_action: [
    { corporate_number: '1180301018771' },
    { company },
    ...placed.map((filter) => ({ company: filter })),
    { q: '営業停止処分' },
    { q: '指示' },
    { q: '警' },
    { q: '指示 営業停止処分' },
    { q: '指示', sector: 'construction', status: 'in_effect' },
    { sector: 'construction' },
    { action_type: 'license_revocation' },
    { nature: 'voluntary_closure' },
    { status: 'scheduled' },
    { status: 'in_effect' },
    { status: 'completed' },
    { authority: 'mlit_kanto_rdb' },
    { from: '2025-01-01', to: '2025-12-31' },
    { sector: 'construction', nature: 'violation', from: '2025-01-01', to: '2025-12-31' },
    { from: '2025-01-01', to: '2025-12-31', listing: 'delisted' },
    { status: 'in_effect', listing: 'listed' },
    { authority: 'mlit' },
    { authority: 'mlit', sector: 'trucking', prefecture: '28' },
    { sector: 'trucking', prefecture: '28' },
    { status: 'in_effect', prefecture: '28' },
    { from: '2025-01-01', to: '2025-12-31', prefecture: '28' },
  ],
};

function plan(db: Db, fragment: SqlFragment): string[] {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${fragment.sql}`).all(...fragment.params) as { detail: string }[];
  return rows.map((r) => r.detail);
}

/**
 * A plan step that reads a whole table or a whole index; virtual tables (FTS5, json_each) answer from their own index,
 * and a co-routine's rows are the ones its own steps found.
 */
function fullScans(steps: string[]): string[] {
  const coroutines = steps.flatMap((s) => /^CO-ROUTINE (\w+)$/u.exec(s)?.[1] ?? []);
  return steps.filter(
    (s) =>
      /^SCAN /u.test(s) &&
      !/VIRTUAL TABLE/u.test(s) &&
      !/^SCAN \(subquery/u.test(s) &&
      !/CONSTANT ROW/u.test(s) &&
      !coroutines.some((name) => s === `SCAN ${name}`),
  );
}

function emptyDatabase(): Db {
  const db = openWritable(join(mkdtempSync(join(tmpdir(), 'kohyo-plan-')), 'plan.sqlite'));
  db.exec('ANALYZE');
  return db;
}

test('every record filter, alone and combined, is index-backed', () => {
  const db = emptyDatabase();
  for (const [kind, filters] of Object.entries(FILTERS) as [RecordKind, Partial<RecordQuery>[]][]) {
    const table = RECORD_TABLES[kind];
    for (const filter of filters) {
      const query: RecordQuery = { today, ...filter };
      for (const fragment of [recordPageSql(table, query, 10, 0), recordCountSql(table, query, 101)]) {
        const steps = plan(db, fragment);
        assert.deepEqual(fullScans(steps), [], `${kind} ${JSON.stringify(filter)}:\n${steps.join('\n')}`);
      }
    }
  }
});

test('the records of a company linked to none are read from their partial index, wherever they are placed', () => {
  const db = emptyDatabase();
  // the statistics of bench:scale's million companies, whose records are half linked: a few rows a number (NULL among
  // them), two a name key
  const stat = db.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
  for (const { table } of ALL_RECORD_TABLES) {
    stat.run(table, `${table}_by_company`, '39802 3 2');
    stat.run(table, `${table}_by_company_name`, '39802 2 1');
    stat.run(table, `${table}_by_unlinked_name`, '20037 2 1 1 1');
  }
  db.exec('ANALYZE sqlite_schema');
  for (const table of ALL_RECORD_TABLES) {
    for (const filter of placed) {
      const query = { today, company: { ...filter, corporateNumbers: [], nameParts: [] } };
      for (const fragment of [recordListedRidsSql(table, query, 1000), recordCountSql(table, query, 1000)]) {
        const steps = plan(db, fragment);
        const reads = steps.filter((s) => new RegExp(`^SEARCH ${table.table}\\b`, 'u').test(s));
        assert.deepEqual(
          reads.map((s) => s.replace(/ \(.*$/u, '')),
          [`SEARCH ${table.table} USING COVERING INDEX ${table.table}_by_unlinked_name`],
          steps.join('\n'),
        );
      }
    }
  }
  db.close();
});

test('a page of many followed numbers and names sorts their records by the dates the company indexes hold', () => {
  const db = emptyDatabase();
  const many = {
    corporateNumbers: ['1180301018771', '2180301018770', '3180301018779'],
    nameKeys: ['トヨタ自動車'],
    nameParts: [],
  };
  for (const table of ALL_RECORD_TABLES) {
    const steps = plan(db, recordPageSql(table, { today, company: many }, 10, 0));
    const reads = steps.filter((s) => new RegExp(`^SEARCH (r|${table.table})\\b`, 'u').test(s));
    // each part from its index, covering; then the page's rows by their ids, and nothing else of the table
    assert.deepEqual(
      reads.map((s) => s.replace(/ \(.*$/u, '')),
      [
        `SEARCH ${table.table} USING INTEGER PRIMARY KEY`,
        `SEARCH ${table.table} USING COVERING INDEX ${table.table}_by_company`,
        `SEARCH ${table.table} USING COVERING INDEX ${table.table}_by_unlinked_name`,
      ],
      steps.join('\n'),
    );
  }
});

// /search's count of a kind's records (meta.matches): the ids of the company's records and of the text matches, each
// read by its own statement and counted once
test("search's counts read each part's ids from its indexes on every record table", () => {
  const db = emptyDatabase();
  for (const table of ALL_RECORD_TABLES) {
    for (const query of [{ company }, { q: '談' }, { q: '談合事件' }, { q: '談合 事件の' }]) {
      const fragment = recordRidsSql(table, { today, ...query }, 1000);
      const steps = plan(db, fragment);
      assert.deepEqual(fullScans(steps), [], `${table.table} ${JSON.stringify(query)}:\n${steps.join('\n')}`);
      assert.equal(fragment.sql.split('?').length - 1, fragment.params.length);
    }
  }
});

// /search reads each part once, in list order, for its page and its count (search-records.ts)
test("search's parts in list order: from their indexes, one text index's matches in its own order, the rest sorted", () => {
  const db = emptyDatabase();
  const many = { ...company, corporateNumbers: ['1180301018771', '2180301018770', '3180301018779'], nameParts: [] };
  const queries: Partial<RecordQuery>[] = [
    { company },
    { company: many },
    { q: '談' },
    { q: '談合事件' },
    { q: '談合 事件の' },
  ];
  for (const table of ALL_RECORD_TABLES) {
    for (const query of queries) {
      const fragment = recordListedRidsSql(table, { today, ...query }, 1000);
      const steps = plan(db, fragment);
      const shown = `${table.table} ${JSON.stringify(query)}:\n${steps.join('\n')}`;
      assert.deepEqual(fullScans(steps), [], shown);
      assert.equal(fragment.sql.split('?').length - 1, fragment.params.length, shown);
      const oneIndex = query.q !== undefined && !query.q.includes(' ');
      assert.equal(
        steps.some((s) => s.includes('TEMP B-TREE')),
        !oneIndex,
        shown,
      );
      // the many followed companies' records sorted by the dates their indexes hold, without reading a row
      if (query.company === many)
        assert.ok(
          !steps.some((s) => new RegExp(`^SEARCH (r|${table.table}) USING INTEGER PRIMARY KEY`, 'u').test(s)),
          shown,
        );
    }
  }
  db.close();
});

test('q on every record table: short words from the short-gram index, long ones from the trigram index, mixed from both', () => {
  const db = emptyDatabase();
  const cases: { q: string; indexes: string[] }[] = [
    { q: '談', indexes: ['grams'] },
    { q: '談合', indexes: ['grams'] },
    { q: '談合事件', indexes: ['fts'] },
    { q: '談合 事件の', indexes: ['fts', 'grams'] },
  ];
  for (const table of ALL_RECORD_TABLES) {
    for (const { q, indexes } of cases) {
      const fragments = {
        page: recordPageSql(table, { today, q }, 10, 0),
        count: recordCountSql(table, { today, q }, 101),
      };
      for (const [what, fragment] of Object.entries(fragments)) {
        const steps = plan(db, fragment);
        const used = steps.flatMap((s) => /^SCAN (\w+) VIRTUAL TABLE INDEX \d+:M/u.exec(s)?.[1] ?? []);
        assert.deepEqual(
          used,
          indexes.map((index) => `${table.table}_${index}`),
          `${table.table} q=${q}:\n${steps.join('\n')}`,
        );
        assert.deepEqual(fullScans(steps), [], `${table.table} q=${q}:\n${steps.join('\n')}`);
        // a page of one index's matches reads them in the list's order (its rowids are the records' places) and then
        // the page's records alone; a page of two indexes reads the records' order; a count of one index's matches
        // reads the index alone, of two the records both match
        const shown = `${what} ${table.table} q=${q}:\n${steps.join('\n')}`;
        const inListOrder = what === 'page' && indexes.length === 1;
        assert.equal(
          steps.some((s) => s.includes('TEMP B-TREE')),
          what === 'page' && !inListOrder,
          shown,
        );
        assert.equal(
          steps.some((s) => s.startsWith('SEARCH p USING INTEGER PRIMARY KEY')),
          inListOrder,
          shown,
        );
        // the page's limit stops the scan of the index itself: no subquery of the index's own is run first
        if (inListOrder)
          assert.deepEqual(
            steps.filter((s) => s.startsWith('CO-ROUTINE')),
            [],
            shown,
          );
        assert.equal(
          steps.some((s) => s.startsWith('SEARCH r USING INTEGER PRIMARY KEY')),
          (what === 'page' && !inListOrder) || indexes.length > 1,
          shown,
        );
      }
    }
  }
});

test('a sector or a law beside a prefecture probes the records of the prefecture for the code, one look-up each', () => {
  const db = emptyDatabase();
  const cases = [
    { table: RECORD_TABLES.license_action, filter: { sector: 'construction' }, child: 'license_action_sectors' },
    { table: RECORD_TABLES.enforcement, filter: { law: 'antimonopoly_act' }, child: 'enforcement_laws' },
  ];
  for (const { table, filter, child } of cases) {
    for (const prefecture of [undefined, '13']) {
      const query: RecordQuery = { today, ...filter, ...(prefecture === undefined ? {} : { prefecture }) };
      for (const fragment of [recordPageSql(table, query, 10, 0), recordCountSql(table, query, 101)]) {
        const steps = plan(db, fragment);
        const what = `${table.table} ${JSON.stringify(query)}:\n${steps.join('\n')}`;
        // alone, the code's rows are gathered from its key; beside a prefecture each record is probed by its rid
        const probed = steps.some((s) => s.includes(`${child}_by_rid (rid=?`));
        assert.equal(probed, prefecture !== undefined, what);
        if (prefecture !== undefined)
          assert.ok(
            steps.some((s) => s.includes(`${table.table}_by_prefecture`)),
            what,
          );
        assert.deepEqual(fullScans(steps), [], what);
      }
    }
  }
});

test('company= reaches records by any part of their name key through the name index, a short key by its start', async () => {
  // the demo's statistics too: with them, the name index as one alternative of an OR made SQLite walk the date index
  const demo = join(mkdtempSync(join(tmpdir(), 'kohyo-plan-')), 'demo.sqlite');
  copyFileSync(await demoDatabase(), demo);
  for (const db of [emptyDatabase(), openWritable(demo)]) {
    for (const table of ALL_RECORD_TABLES) {
      for (const [key, index] of [
        ['若旦那', `${table.table}_names`],
        ['花王', `${table.table}_by_company_name`],
      ] as const) {
        const company = { corporateNumbers: ['1180301018771'], nameKeys: [], nameParts: [key] };
        for (const filter of [{ company }, { company, prefecture: '13' }, { company, q: '談合事件' }]) {
          const query: RecordQuery = { today, ...filter };
          for (const fragment of [recordPageSql(table, query, 10, 0), recordCountSql(table, query, 101)]) {
            const steps = plan(db, fragment);
            const what = `${table.table} ${JSON.stringify(filter)}:\n${steps.join('\n')}`;
            assert.ok(
              steps.some((s) => s.includes(index)),
              what,
            );
            assert.deepEqual(fullScans(steps), [], what);
          }
        }
      }
    }
  }
});

/** An empty database that keeps every statement prepared on it, and its own prepare to explain them with. */
function capturingDatabase(): { db: Db; seen: string[]; original: Db['prepare'] } {
  const db = emptyDatabase();
  const seen: string[] = [];
  const original = db.prepare.bind(db);
  (db as unknown as { prepare: typeof db.prepare }).prepare = (sql: string) => {
    seen.push(sql);
    return original(sql);
  };
  return { db, seen, original };
}

test('company search is index-backed for every query length', () => {
  // capture the statements the company queries prepare, then explain them
  const { db, seen, original } = capturingDatabase();
  const queries = new CompanyQueries(db);
  // one- and two-character keys go to the short-gram index, keys of five letters or more to the long-gram index, the
  // others to the trigram index; the empty database makes every call run both phases (exact and prefix first, then
  // partial)
  queries.searchByKeys(['花'], 10);
  queries.searchByKeys(['東レ'], 10, 'kabushiki_kaisha');
  queries.searchByKeys(['nec'], 10);
  queries.searchByKeys(['トヨタ'], 10);
  queries.countByKeys(['sony'], 1000);
  queries.searchByKeys(['トヨタ自動車', 'toyotajidosha'], 10);
  queries.searchByKeys(['kaiwashipping', 'kaiwasipping'], 10, 'kabushiki_kaisha');
  queries.findByCorporateNumber('1180301018771');
  // /search's count of the companies a query finds (meta.matches)
  queries.countByKeys(['花'], 1000);
  queries.countByKeys(['トヨタ自動車', 'toyotajidosha'], 1000);
  // a document of the short-gram index is a company: its count reads the index alone, joined to no term; a count of
  // two keys reads each key's companies (as many as the cap) from the index and counts each company once
  const counts = seen.filter((sql) => sql.startsWith('SELECT count(*)'));
  assert.equal(counts.length, 2);
  assert.ok(counts.some((sql) => sql.includes('company_grams MATCH') && !sql.includes('company_terms')));
  const companiesOfKey = seen.filter((sql) => sql.startsWith('SELECT f.rowid AS company_id'));
  assert.ok(companiesOfKey.some((sql) => sql.includes('company_long_grams MATCH')));
  assert.ok(seen.length >= 6);
  assert.ok(
    seen.some((sql) => sql.includes('company_grams MATCH')),
    'short keys use the short-gram index',
  );
  assert.ok(
    seen.some((sql) => sql.includes('company_trigrams MATCH')),
    'keys of three and four letters use the trigram index',
  );
  assert.ok(
    seen.some((sql) => sql.includes('company_long_grams MATCH')),
    'keys of five letters or more use the long-gram index',
  );
  for (const sql of seen) {
    const params = Array.from({ length: sql.split('?').length - 1 }, (_, i) =>
      i === sql.split('?').length - 2 ? 10 : 'x',
    );
    // the exact look-up of a query that names a legal form binds its key and form by name (exactWithFormSql)
    const bound = sql.includes('@key') ? [{ key: 'x', form: 'y' }] : params;
    const steps = (original(`EXPLAIN QUERY PLAN ${sql}`).all(...bound) as { detail: string }[]).map((r) => r.detail);
    const scans = steps.filter((s) => /^SCAN (c|t|companies|company_terms)\b/u.test(s));
    assert.deepEqual(scans, [], `${sql}\n${steps.join('\n')}`);
  }
  // a company's aliases come in the order of their primary key, not sorted again for every company read; whether it
  // has predecessors is one probe of the successor index
  const companyReads = seen.filter((sql) => sql.includes('company_aliases'));
  assert.equal(companyReads.length, 2, 'by number and by ids');
  for (const sql of companyReads) {
    const steps = (original(`EXPLAIN QUERY PLAN ${sql}`).all('x') as { detail: string }[]).map((r) => r.detail);
    assert.deepEqual(
      steps.filter((s) => s.includes('TEMP B-TREE')),
      [],
      `${sql}\n${steps.join('\n')}`,
    );
    assert.ok(
      steps.some((s) =>
        /^SEARCH s USING COVERING INDEX companies_by_successor \(successor_corporate_number=\?\)/u.test(s),
      ),
      `${sql}\n${steps.join('\n')}`,
    );
  }
});

test('the companies registered under a name asked with its legal form are read from the term index alone, in rank order', () => {
  const { db, seen, original } = capturingDatabase();
  new CompanyQueries(db).searchByKeys(['北辰建設'], 10, 'kabushiki_kaisha', 'kabushiki_kaisha<北辰建設');
  const [registered] = seen.filter((sql) => sql.includes('t.field_rank = 0'));
  assert.ok(registered !== undefined);
  const steps = (original(`EXPLAIN QUERY PLAN ${registered}`).all('x', 'y', 'z') as { detail: string }[]).map(
    (r) => r.detail,
  );
  // the index's order is the rank's and it holds the registered spelling: no sort, and no company's row read
  assert.deepEqual(
    steps,
    [
      'CO-ROUTINE (subquery-1)',
      'SEARCH t USING COVERING INDEX company_terms_by_term (term=? AND field_rank=?)',
      'SCAN (subquery-1)',
    ],
    registered,
  );
});

test("an exact look-up reads a term's rows in rank order from the term index and sorts only the stage's rows", () => {
  const { db, seen, original } = capturingDatabase();
  const queries = new CompanyQueries(db);
  queries.searchByKeys(['トヨタ'], 10);
  queries.searchByKeys(['トヨタ自動車', 'toyotajidosha'], 10, 'kabushiki_kaisha');
  const exact = seen.filter((sql) => sql.includes('t.term = ?') && !sql.includes('t.field_rank = 0'));
  assert.equal(exact.length, 2);
  assert.ok(exact.some((sql) => sql.split('t.term = ?').length === 3));
  for (const sql of exact) {
    const params = Array.from({ length: sql.split('?').length - 1 }, () => 'x');
    const steps = (original(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    const lookups = steps.filter((s) => s.startsWith('SEARCH t '));
    assert.equal(lookups.length, sql.split('t.term = ?').length - 1, `${sql}\n${steps.join('\n')}`);
    for (const step of lookups)
      assert.match(step, /^SEARCH t USING COVERING INDEX company_terms_by_term \(term=\?\)$/u, sql);
    // the statement's own sort of the rows the look-ups read, none inside a look-up
    assert.equal(steps.filter((s) => s.includes('TEMP B-TREE')).length, 1, `${sql}\n${steps.join('\n')}`);
  }
});

test("a partial look-up's check and the followed companies' names read each company's terms from the index alone", () => {
  const { db, seen, original } = capturingDatabase();
  // trigram counts taken: a long key is looked up by its rarest trigrams, and each company found is checked
  db.exec('INSERT INTO company_trigram_docs_state (terms_max_id) VALUES (0)');
  const queries = new CompanyQueries(db);
  queries.countByKeys(['toyotajidosha'], 1000);
  queries.followed([1, 2]);
  queries.ofNumber('1180301018771');
  const checks = seen.filter((sql) => sql.startsWith('SELECT count(*)') || sql.includes('json_group_array(t.term)'));
  assert.equal(checks.length, 3);
  for (const sql of checks) {
    const params = Array.from({ length: sql.split('?').length - 1 }, () => 'x');
    const steps = (original(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    const terms = steps.filter((s) => /^SEARCH t\b/u.test(s));
    assert.equal(terms.length, 1, `${sql}\n${steps.join('\n')}`);
    assert.match(terms[0] ?? '', /USING COVERING INDEX company_terms_by_company \(company_id=\?\)$/u, sql);
    // a count checks only the companies that hold the key otherwise than at the start of a term: those are read in
    // order from the term index
    if (sql.startsWith('SELECT count(*)'))
      assert.ok(
        steps.includes('SEARCH s USING COVERING INDEX company_terms_by_term (term>? AND term<?)'),
        `${sql}\n${steps.join('\n')}`,
      );
  }
});

test("the followed companies' numbers come from the index of those with records, and their names read no company's row", () => {
  const { db, seen, original } = capturingDatabase();
  new CompanyQueries(db).followed([1, 2]);
  const planOf = (sql: string | undefined) =>
    (original(`EXPLAIN QUERY PLAN ${sql}`).all('[1, 2]') as { detail: string }[]).map((r) => r.detail);
  const companyReads = (sql: string | undefined) => planOf(sql).filter((s) => /^SEARCH c\b/u.test(s));
  const numbers = seen.find((sql) => sql.includes('SELECT c.corporate_number FROM json_each'));
  // the row itself is read only for a company the index holds, to test the condition
  const reads = companyReads(numbers);
  assert.equal(reads.length, 1);
  assert.match(reads[0] ?? '', /^SEARCH c USING (COVERING )?INDEX companies_with_records \(id=\?\)$/u);
  const namesById = seen.filter((sql) => sql.includes('json_group_array(t.term)') && !sql.includes('companies'));
  assert.equal(namesById.length, 1);
  assert.deepEqual(companyReads(namesById[0]), []);
});

test('q with common trigrams: the trigram index by the rarest, then each match its kept text by key, in list order', () => {
  const db = emptyDatabase();
  // the long word looked up by two of its trigrams, as the counts would choose them
  const textTrigrams = (_index: string, word: string) => (word === '東京都内談合事件の' ? ['合事件', '東京都'] : null);
  for (const table of ALL_RECORD_TABLES) {
    for (const q of ['東京都内談合事件の', '東京都内談合事件の 談合']) {
      const query = { today, q };
      const fragments = {
        page: recordPageSql(table, query, 10, 0, { textTrigrams }),
        count: recordCountSql(table, query, 101, { textTrigrams }),
      };
      assert.ok(fragments.count.params.includes('東京都内談合事件の'), 'the word is checked whole');
      for (const [what, fragment] of Object.entries(fragments)) {
        const steps = plan(db, fragment);
        const shown = `${what} ${table.table} q=${q}:\n${steps.join('\n')}`;
        assert.deepEqual(fullScans(steps), [], shown);
        assert.ok(
          steps.some((s) => s.startsWith(`SEARCH x USING INTEGER PRIMARY KEY`)),
          `the kept text is read by key: ${shown}`,
        );
        const single = !q.includes(' ');
        // one index's matches are read in the list's order: no sort
        if (what === 'page' && single) assert.ok(!steps.some((s) => s.includes('TEMP B-TREE')), shown);
      }
    }
  }
  db.close();
});
