// Tests for demo/build-demo.ts: the demo database it builds, read back with SQL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { parseCorporateNumber } from '../../src/domain/companies/corporate-number.js';
import { buildCoverage, freshness } from '../../src/domain/coverage.js';
import { normaliseCompanyName } from '../../src/domain/companies/names.js';
import { licenseStatus, procurementStatus } from '../../src/domain/records/record-status.js';
import { buildDemoDatabase } from '../../demo/build-demo.js';
import { openReadOnly, readDatasetMeta, type Db } from '../../src/store/schema/database.js';
import { dataAsOf, publisherGroups, sourceCoverage } from '../../src/store/read/coverage-queries.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';
import { sharedData } from '../helpers/shared-data.js';

// 12:00 in Japan on 2026-11-21: the statuses are laid out around that date.
// the build time of the run's demo dataset, which the tests read
const NOW = TEST_NOW;
const TODAY = '2026-11-21';
const NTA_FILE = sharedData('nta/diff_20260127.sjis.csv');

let dir: string;
let db: Db;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-demo-'));
  // the run's demo dataset, built at NOW once per run (test/helpers/server.ts): 'building again' below builds another
  // and holds the two equal
  fs.copyFileSync(await demoDatabase(), path.join(dir, 'demo.sqlite'));
  db = openReadOnly(path.join(dir, 'demo.sqlite'));
});

after(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const all = <T>(sql: string, ...params: unknown[]): T[] => db.prepare(sql).all(...params) as T[];
const count = (sql: string): number => db.prepare(sql).pluck().get() as number;

describe('the demo build', () => {
  it('marks the dataset as demo, versioned at the build time', () => {
    assert.deepEqual(readDatasetMeta(db), { kind: 'demo', version: '2026-11-21T03:00:00Z' });
  });

  it('leaves only the database file behind', () => {
    assert.deepEqual(fs.readdirSync(dir), ['demo.sqlite']);
  });
});

describe('demo companies', () => {
  it('has at least 300 companies in all 47 prefectures, at least 3 in each', () => {
    assert.ok(count('SELECT count(*) FROM companies') >= 300);
    const perPrefecture = all<{ n: number }>('SELECT count(*) AS n FROM companies GROUP BY prefecture_code');
    assert.equal(perPrefecture.length, 47);
    assert.ok(perPrefecture.every((p) => p.n >= 3));
  });

  it('has closed companies, some merged into another demo company, former names, brands and English names', () => {
    const total = count('SELECT count(*) FROM companies');
    const closed = count(
      "SELECT count(*) FROM companies WHERE status = 'closed' AND closed_on IS NOT NULL AND close_cause IS NOT NULL",
    );
    assert.ok(closed >= total * 0.05 && closed <= total * 0.12, `closed ${closed} of ${total}`);
    assert.ok(
      count(`SELECT count(*) FROM companies c JOIN companies s ON s.corporate_number = c.successor_corporate_number`) >=
        1,
    );
    assert.ok(
      count("SELECT count(DISTINCT company_id) FROM company_aliases WHERE kind = 'former_name'") >= total * 0.04,
    );
    assert.ok(count("SELECT count(*) FROM company_aliases WHERE kind = 'brand'") >= 2);
    const english = count('SELECT count(*) FROM companies WHERE name_en IS NOT NULL');
    assert.ok(english >= total * 0.2 && english <= total * 0.4, `english ${english} of ${total}`);
    assert.equal(
      count(
        "SELECT count(*) FROM companies c WHERE NOT EXISTS (SELECT 1 FROM company_aliases a WHERE a.company_id = c.id AND a.kind = 'romanized')",
      ),
      0,
    );
  });

  it('has names for search to work on: one stem in two forms, full-width letters, one reading in two spellings', () => {
    assert.equal(count("SELECT count(*) FROM companies WHERE name IN ('北辰建設株式会社', '株式会社北辰建設')"), 2);
    assert.equal(count("SELECT count(*) FROM companies WHERE name = 'ＡＢＣ商事株式会社'"), 1);
    assert.equal(count("SELECT count(*) FROM companies WHERE name_kana = 'アサヒウンユ'"), 2);
    for (const form of ['yugen_kaisha', 'godo_kaisha', 'general_incorporated_association', 'medical_corporation']) {
      assert.ok(count(`SELECT count(*) FROM companies WHERE legal_form = '${form}'`) >= 1, form);
    }
  });

  it('uses fictional Corporate Numbers only: organisation type 99, valid check digit, none in the real NTA file', () => {
    const numbers = all<{ n: string }>('SELECT corporate_number AS n FROM companies').map((r) => r.n);
    for (const n of numbers) {
      assert.ok(parseCorporateNumber(n).ok, n);
      assert.equal(n.slice(1, 7), '999999', n);
      assert.equal(n.slice(5, 7), '99', n);
    }
    const rows = parse(iconv.decode(fs.readFileSync(NTA_FILE), 'cp932'), { relax_column_count: true });
    const real = new Set(rows.map((r) => r[1]));
    assert.ok(real.size > 1_000);
    assert.deepEqual(
      numbers.filter((n) => real.has(n)),
      [],
    );
  });

  it('links records only to demo companies, and names every record without a number as a demo company is named', () => {
    const tables = ['enforcements', 'procurement_suspensions', 'license_actions'];
    const names = new Set(all<{ name: string }>('SELECT name FROM companies').map((r) => normaliseCompanyName(r.name)));
    for (const table of tables) {
      assert.equal(
        count(`SELECT count(*) FROM ${table} WHERE company_corporate_number IS NOT NULL
        AND company_corporate_number NOT IN (SELECT corporate_number FROM companies)`),
        0,
        table,
      );
      // the records whose source gave no number: linked by name and address where the rule links them, else unlinked
      const unnumbered = all<{ name_norm: string; link: string | null }>(
        `SELECT company_name_norm AS name_norm, company_link AS link FROM ${table} WHERE company_link IS NOT 'source'`,
      );
      const total = count(`SELECT count(*) FROM ${table}`);
      assert.ok(
        unnumbered.length >= total * 0.05 && unnumbered.length <= total * 0.2,
        `${table}: ${unnumbered.length} without a number of ${total}`,
      );
      assert.ok(
        unnumbered.every((r) => names.has(r.name_norm)),
        table,
      );
      assert.ok(unnumbered.some((r) => r.link === null) && unnumbered.some((r) => r.link === 'name_address'), table);
      assert.equal(
        count(`SELECT count(*) FROM ${table} WHERE company_corporate_number IS NULL AND company_link IS NOT NULL`),
        0,
        table,
      );
    }
    const written = all<{ name: string }>(
      'SELECT company_name AS name FROM enforcements UNION SELECT company_name FROM procurement_suspensions UNION SELECT company_name FROM license_actions',
    ).map((r) => r.name);
    assert.ok(
      written.some((n) => n.includes('㈱')),
      'a name with ㈱',
    );
    assert.ok(
      written.some((n) => /[\uff66-\uff9f]/u.test(n)),
      'a name in half-width kana',
    );
    assert.ok(
      written.some((n) => n.includes('（株）')),
      'a name with （株）',
    );
    assert.ok(
      count('SELECT sum(enforcement_count + procurement_suspension_count + license_action_count) FROM companies') > 0,
    );
  });
});

describe('demo enforcement records', () => {
  it('has at least 400 records from at least 10 authorities under at least 8 laws', () => {
    assert.ok(count('SELECT count(*) FROM enforcements') >= 400);
    assert.ok(count('SELECT count(DISTINCT authority_code) FROM enforcements') >= 10);
    assert.ok(count('SELECT count(DISTINCT law_code) FROM enforcement_laws') >= 8);
  });

  it('has most action types, surcharges with amounts, several laws on one record, English summaries', () => {
    assert.ok(count('SELECT count(DISTINCT action_type) FROM enforcements') >= 12);
    assert.equal(
      count("SELECT count(*) FROM enforcements WHERE action_type = 'surcharge_payment_order' AND amount_jpy IS NULL"),
      0,
    );
    assert.ok(count("SELECT count(*) FROM enforcements WHERE action_type = 'surcharge_payment_order'") >= 5);
    assert.ok(count('SELECT count(*) FROM (SELECT rid FROM enforcement_laws GROUP BY rid HAVING count(*) > 1)') >= 5);
    assert.ok(count('SELECT count(*) FROM enforcements WHERE summary_en IS NOT NULL') >= 10);
    assert.ok(count('SELECT count(*) FROM enforcements WHERE law_detail IS NOT NULL') >= 300);
  });

  it('dates every record no later than its source was read', () => {
    assert.equal(
      count(`SELECT count(*) FROM enforcements WHERE date > '${TODAY}' OR published_on > substr(retrieved_at, 1, 10)`),
      0,
    );
  });
});

describe('demo procurement suspensions', () => {
  it('has at least 300 records from authorities of all five publisher groups', () => {
    assert.ok(count('SELECT count(*) FROM procurement_suspensions') >= 300);
    const groups = all<{ g: string }>(
      'SELECT DISTINCT a.group_code AS g FROM procurement_suspensions p JOIN authorities a ON a.code = p.authority_code',
    ).map((r) => r.g);
    assert.deepEqual(groups.sort(), [
      'designated_city',
      'independent_agency',
      'national',
      'prefecture',
      'public_corporation',
    ]);
  });

  it('has every status, open-ended periods, several reasons and scopes', () => {
    const rows = all<{ from: string; to: string | null; lifted: string | null }>(
      'SELECT period_from AS "from", period_to AS "to", lifted_on AS lifted FROM procurement_suspensions',
    );
    const statuses = new Set(rows.map((r) => procurementStatus({ from: r.from, to: r.to }, r.lifted, TODAY)));
    assert.deepEqual([...statuses].sort(), ['active', 'ended', 'lifted', 'scheduled']);
    assert.ok(rows.filter((r) => r.to === null && r.lifted === null).length >= 5);
    assert.ok(rows.every((r) => r.to === null || r.from <= r.to));
    assert.ok(rows.every((r) => r.lifted === null || (r.lifted >= r.from && r.lifted <= TODAY)));
    assert.ok(count('SELECT count(DISTINCT reason_code) FROM procurement_suspensions') >= 8);
    assert.ok(count('SELECT count(*) FROM procurement_suspensions WHERE scope IS NOT NULL') >= 20);
  });
});

describe('demo licence actions', () => {
  it('has at least 300 records in at least 6 sectors, some of several sectors', () => {
    assert.ok(count('SELECT count(*) FROM license_actions') >= 300);
    assert.ok(count('SELECT count(DISTINCT sector_code) FROM license_actions') >= 6);
    assert.ok(
      count('SELECT count(*) FROM (SELECT rid FROM license_action_sectors GROUP BY rid HAVING count(*) > 1)') >= 10,
    );
    assert.ok(
      count(
        'SELECT count(*) FROM (SELECT rid FROM license_action_permits GROUP BY rid HAVING count(DISTINCT sector_code) > 1)',
      ) >= 5,
    );
  });

  it('has every nature, every action type and every status', () => {
    assert.deepEqual(
      all<{ n: string }>('SELECT DISTINCT nature AS n FROM license_actions ORDER BY 1').map((r) => r.n),
      ['other', 'violation', 'voluntary_closure'],
    );
    assert.equal(count('SELECT count(DISTINCT action_type) FROM license_actions'), 8);
    const rows = all<{ date: string; from: string | null; to: string | null }>(
      'SELECT date, period_from AS "from", period_to AS "to" FROM license_actions',
    );
    const status = (r: (typeof rows)[number]) =>
      licenseStatus(r.date, r.from === null ? null : { from: r.from, to: r.to }, TODAY);
    assert.deepEqual([...new Set(rows.map(status))].sort(), ['completed', 'in_effect', 'scheduled']);
    // both one-off actions and suspensions are scheduled somewhere
    assert.ok(rows.some((r) => r.from === null && status(r) === 'scheduled'));
    assert.ok(rows.some((r) => r.from !== null && status(r) === 'scheduled'));
  });
});

describe('demo sources and collection runs', () => {
  it('shows fresh, stale, failing and never-collected procurement sources in every publisher group', () => {
    const sources = sourceCoverage(db, 'procurement_suspension');
    const state = (s: (typeof sources)[number]) => freshness(s.last_success_at, NOW, 48).status;
    assert.deepEqual(new Set(sources.map((s) => s.group_code)).size, 5);
    assert.ok(sources.some((s) => state(s) === 'fresh'));
    assert.ok(sources.some((s) => state(s) === 'stale'));
    const never = sources.filter((s) => state(s) === 'never_collected');
    assert.ok(never.length >= 2);
    assert.ok(never.every((s) => s.observed_count === 0));
    assert.ok(
      sources.some((s) => s.last_error !== null && s.last_success_at !== null),
      'a failure after an older success',
    );
    const coverage = buildCoverage(publisherGroups(db), sources, NOW, 48);
    const byGroup = new Map(coverage.map((g) => [g.publisher_group.code, g]));
    assert.equal(byGroup.get('public_corporation')!.coverage_ratio, null);
    assert.ok(byGroup.get('public_corporation')!.observed_count > 0);
    assert.equal(byGroup.get('national')!.freshness.status, 'fresh');
    assert.equal(byGroup.get('prefecture')!.freshness.status, 'stale');
  });

  it('gives every record kind a data_as_of', () => {
    for (const kind of ['enforcement', 'procurement_suspension', 'license_action'] as const) {
      const asOf = dataAsOf(db, kind);
      assert.ok(asOf !== null && asOf < NOW.toISOString(), kind);
    }
  });
});

describe('building again', () => {
  it('gives the same companies and the same record ids for the same build time', () => {
    const again = path.join(dir, 'again.sqlite');
    buildDemoDatabase(again, { now: NOW });
    const other = new Database(again, { readonly: true });
    try {
      for (const sql of [
        'SELECT corporate_number, name, name_kana, name_en, city, street, status, closed_on FROM companies ORDER BY corporate_number',
        'SELECT id FROM enforcements ORDER BY id',
        'SELECT id, period_from, period_to, lifted_on FROM procurement_suspensions ORDER BY id',
        'SELECT id, date, period_from FROM license_actions ORDER BY id',
        'SELECT source_id, finished_at, outcome FROM collection_runs ORDER BY id',
      ]) {
        assert.deepEqual(other.prepare(sql).all(), db.prepare(sql).all(), sql);
      }
    } finally {
      other.close();
      fs.rmSync(again);
    }
  });

  it('replaces an existing file, and leaves nothing behind when it cannot', () => {
    const target = path.join(dir, 'replace.sqlite');
    fs.writeFileSync(target, 'not a database');
    buildDemoDatabase(target, { now: NOW });
    const replaced = openReadOnly(target);
    assert.equal(readDatasetMeta(replaced).kind, 'demo');
    replaced.close();
    fs.rmSync(target);

    // a directory in the way makes the final rename fail
    const blocked = path.join(dir, 'blocked');
    fs.mkdirSync(path.join(blocked, 'inside'), { recursive: true });
    assert.throws(() => buildDemoDatabase(blocked, { now: NOW }));
    assert.deepEqual(
      fs.readdirSync(dir).filter((f) => f.includes('.next-') || f.endsWith('.lock')),
      [],
    );
    fs.rmSync(blocked, { recursive: true });
  });
});
