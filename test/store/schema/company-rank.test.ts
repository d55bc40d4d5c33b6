import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { CompanyInput } from '../../../src/domain/companies/company.js';
import { companyInput } from '../../helpers/company-input.js';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { TERMS_VERSION } from '../../../src/domain/companies/company-terms.js';
import { rankKeySql } from '../../../src/store/schema/company-rank.js';
import { CompanyQueries } from '../../../src/store/read/company-queries.js';
import { createCompanyWriter } from '../../../src/store/write/company-writer.js';
import { type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { migrate } from '../../../src/store/schema/migrate.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/store/schema/schema.js';

const dir = mkdtempSync(join(tmpdir(), 'kohyo-company-rank-'));
let files = 0;

const company = (corporateNumber: string, overrides: Partial<CompanyInput> = {}): CompanyInput =>
  companyInput({
    corporate_number: corporateNumber,
    name: '株式会社北辰建設',
    name_kana: 'ホクシンケンセツ',
    ...overrides,
  });

/** Term rows whose rank copies differ from what their company's row gives now. */
function staleCopies(db: Db): number {
  return db
    .prepare(
      `SELECT count(*) FROM company_terms t JOIN companies c ON c.id = t.company_id
     WHERE t.legal_form IS NOT c.legal_form OR t.rank_key IS NOT ${rankKeySql('c')}`,
    )
    .pluck()
    .get() as number;
}

const order = (db: Db, key = '北辰建設', legalForm: string | null = null) =>
  new CompanyQueries(db).searchByKeys([key], 10, legalForm).map((hit) => hit.company.corporate_number);

describe('rank key', () => {
  const key = (row: { status: string; records: number; cn: string }): bigint => {
    const db = new Database(':memory:');
    try {
      return db
        .prepare(
          `SELECT ${rankKeySql('c')} FROM (SELECT ? AS status, ? AS enforcement_count, 0 AS procurement_suspension_count, 0 AS license_action_count, ? AS corporate_number) c`,
        )
        .safeIntegers()
        .pluck()
        .get(row.status, row.records, row.cn) as bigint;
    } finally {
      db.close();
    }
  };

  it('orders active before closed, then more records before fewer, then by Corporate Number', () => {
    const rows = [
      { status: 'closed', records: 500, cn: '1000000000001' },
      { status: 'active', records: 0, cn: '1000000000001' },
      { status: 'active', records: 3, cn: '9000000000009' },
      { status: 'active', records: 0, cn: '2000000000002' },
      { status: 'active', records: 1_000_000, cn: '9999999999999' },
      { status: 'closed', records: 0, cn: '1000000000001' },
    ];
    const sorted = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    assert.deepEqual(
      sorted.map((r) => `${r.status} ${r.records} ${r.cn}`),
      [
        'active 1000000 9999999999999',
        'active 3 9000000000009',
        'active 0 1000000000001',
        'active 0 2000000000002',
        'closed 500 1000000000001',
        'closed 0 1000000000001',
      ],
    );
    assert.ok(key({ status: 'closed', records: 0, cn: '9999999999999' }) < 2n ** 63n - 1n);
  });
});

describe('rank copies on company terms', () => {
  const open = () => openWritable(join(dir, `${++files}.sqlite`));

  it('are written with each term and follow the company: status, legal form and record counts', () => {
    const db = open();
    const writer = createCompanyWriter(db);
    writer.upsertCompany(company('1000000000001'));
    writer.upsertCompany(company('2000000000002'));
    writer.upsertCompany(company('3000000000003', { legal_form: 'yugen_kaisha' }));
    assert.equal(staleCopies(db), 0);
    assert.deepEqual(order(db), ['1000000000001', '2000000000002', '3000000000003']);

    db.prepare("UPDATE companies SET license_action_count = 2 WHERE corporate_number = '3000000000003'").run();
    assert.equal(staleCopies(db), 0);
    assert.deepEqual(order(db), ['3000000000003', '1000000000001', '2000000000002']);

    writer.upsertCompany(
      company('3000000000003', {
        legal_form: 'yugen_kaisha',
        status: 'closed',
        closed_on: '2026-01-20',
        close_cause: '01',
        changed_on: '2026-01-20',
      }),
    );
    assert.equal(staleCopies(db), 0);
    assert.deepEqual(order(db), ['1000000000001', '2000000000002', '3000000000003']);
    // the legal form the query names comes before the rest, closed or not
    assert.deepEqual(order(db, '北辰建設', 'yugen_kaisha'), ['3000000000003', '1000000000001', '2000000000002']);

    db.prepare("UPDATE companies SET legal_form = 'godo_kaisha' WHERE corporate_number = '2000000000002'").run();
    assert.equal(staleCopies(db), 0);
    assert.deepEqual(order(db, '北辰建設', 'godo_kaisha'), ['2000000000002', '1000000000001', '3000000000003']);
    db.close();
  });

  it('rank every company of a name, not the first few hundred of them: the best of 900 namesakes comes first', () => {
    const db = open();
    const writer = createCompanyWriter(db);
    db.exec('BEGIN');
    writer.startBulk();
    const numbers = Array.from({ length: 900 }, (_, i) => corporateNumberFromBase(String(100000000000 + i)));
    for (const number of numbers) writer.upsertCompany(company(number));
    writer.finishBulk();
    db.exec('COMMIT');
    // the last written (the last of the name in company order) has records
    const withRecords = numbers.at(-1);
    db.prepare('UPDATE companies SET enforcement_count = 1 WHERE corporate_number = ?').run(withRecords);
    const others = [...numbers].sort().filter((n) => n !== withRecords);
    assert.deepEqual(order(db), [withRecords, ...others.slice(0, 9)]);
    // the legal form the query names ranks first among the name's best 400: here one written late and ranked 200th
    const ofForm = others.slice(200).find((n) => numbers.indexOf(n) >= 600);
    db.prepare("UPDATE companies SET legal_form = 'godo_kaisha' WHERE corporate_number = ?").run(ofForm);
    assert.deepEqual(order(db, '北辰建設', 'godo_kaisha').slice(0, 3), [ofForm, withRecords, others[0]]);
    // a stage asks for more rows when those it read hold too few companies: a page of 300 is in rank order too
    const page = new CompanyQueries(db)
      .searchByKeys(['北辰建設'], 300, null)
      .map((hit) => hit.company.corporate_number);
    assert.deepEqual(page, [withRecords, ...others.slice(0, 299)]);
    db.close();
  });

  it('read the companies registered exactly as asked among the best 400 of the name and form, from the term index alone', () => {
    const db = open();
    const writer = createCompanyWriter(db);
    db.exec('BEGIN');
    writer.startBulk();
    // 900 namesakes of one form in rank order (by number), every third registered with the form after the name, and
    // one more (the 700th, past the best 400) the same way
    const numbers = Array.from({ length: 900 }, (_, i) => corporateNumberFromBase(String(100000000000 + i))).sort();
    const after = (i: number) => i % 3 === 0 || i === 700;
    numbers.forEach((number, i) => writer.upsertCompany(company(number, after(i) ? { name: '北辰建設株式会社' } : {})));
    writer.finishBulk();
    db.exec('COMMIT');
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    (db as unknown as { prepare: (sql: string) => unknown }).prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
    const queries = new CompanyQueries(db);
    const first = (registered: string, limit: number) => {
      const hits = queries.searchByKeys(['北辰建設'], limit, 'kabushiki_kaisha', registered);
      return { numbers: hits.map((hit) => hit.company.corporate_number) };
    };
    const before = numbers.filter((_, i) => !after(i));
    const registeredAfter = numbers.filter((_, i) => after(i));
    assert.deepEqual(first('kabushiki_kaisha<北辰建設', 10).numbers, before.slice(0, 10));
    // the registered spelling is compared in the term index: no company's row is read for it
    const registeredReads = prepared.filter((sql) => sql.includes('registered_name = ?'));
    assert.equal(registeredReads.length, 1);
    assert.ok(registeredReads.every((sql) => !sql.includes('companies')));
    // those with the form after are one in three: the best 400 of the name are read for them, and no more
    const { numbers: found } = first('北辰建設>kabushiki_kaisha', 200);
    assert.deepEqual(found.slice(0, 134), registeredAfter.slice(0, 134));
    // the 700th is past the best 400 of the name: ranked with its namesakes, not first
    assert.ok(found.indexOf(numbers[700]!) === -1 || found.indexOf(numbers[700]!) >= 134);
    const fewer = first('北辰建設>kabushiki_kaisha', 120);
    assert.deepEqual(fewer.numbers, registeredAfter.slice(0, 120));
    db.close();
  });

  it('are written by a bulk write too', () => {
    const db = open();
    const writer = createCompanyWriter(db);
    db.exec('BEGIN');
    writer.startBulk();
    for (let i = 1; i <= 250; i++)
      writer.upsertCompany(
        company(`1${String(i).padStart(12, '0')}`, {
          status: i % 2 === 0 ? 'closed' : 'active',
          closed_on: i % 2 === 0 ? '2026-01-01' : null,
        }),
      );
    writer.finishBulk();
    db.exec('COMMIT');
    assert.equal(
      db.prepare('SELECT count(*) FROM company_terms WHERE rank_key IS NULL OR legal_form IS NULL').pluck().get(),
      0,
    );
    assert.equal(staleCopies(db), 0);
    assert.deepEqual(order(db).slice(0, 3), ['1000000000001', '1000000000003', '1000000000005']);
    db.close();
  });

  it('are filled by the migration in a file written before them', () => {
    const path = join(dir, `${++files}.sqlite`);
    const old = new Database(path);
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version < 9),
    );
    old.prepare('INSERT INTO company_terms_version (version) VALUES (?)').run(TERMS_VERSION);
    const insertCompany = old.prepare(
      "INSERT INTO companies (id, corporate_number, name, legal_form, status, license_action_count) VALUES (?, ?, '株式会社北辰建設', ?, ?, ?)",
    );
    insertCompany.run(1, '1000000000001', 'kabushiki_kaisha', 'closed', 0);
    insertCompany.run(2, '2000000000002', 'yugen_kaisha', 'active', 0);
    insertCompany.run(3, '3000000000003', 'kabushiki_kaisha', 'active', 4);
    for (const id of [1, 2, 3])
      old.prepare("INSERT INTO company_terms (company_id, field, term) VALUES (?, 'name', '北辰建設')").run(id);
    old.close();

    const db = openWritable(path);
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.equal(staleCopies(db), 0);
    assert.deepEqual(order(db), ['3000000000003', '2000000000002', '1000000000001']);
    db.close();
  });
});
