import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { companyInput } from '../../helpers/company-input.js';
import type { CompanyInput } from '../../../src/domain/companies/company.js';
import { CompanyQueries } from '../../../src/store/read/company-queries.js';
import { refreshCompanyTrigramDocs } from '../../../src/store/write/token-counts.js';
import { COMMON_TOKEN_DOCS } from '../../../src/store/read/token-counts.js';
import { createCompanyWriter } from '../../../src/store/write/company-writer.js';
import { openReadOnly } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';

const dir = mkdtempSync(join(tmpdir(), 'kohyo-trigram-docs-'));
let serial = 0;

function company(name: string): CompanyInput {
  serial++;
  const address = {
    prefecture_code: '13',
    prefecture: '東京都',
    city: '港区',
    city_code: '13103',
    street: null,
    postal_code: null,
    outside: null,
    en: null,
  };
  return companyInput({
    corporate_number: corporateNumberFromBase(`100099${String(serial).padStart(6, '0')}`),
    name,
    address,
  });
}

// Enough companies that 建設工 and 設工業 are common; the stems' trigrams stay rare.
const STEMS = Array.from(
  { length: COMMON_TOKEN_DOCS + 8 },
  (_, i) => `${String.fromCodePoint(0x4e00 + i * 7)}${String.fromCodePoint(0x5000 + i * 11)}`,
);

function build(path: string): void {
  const db = openWritable(path);
  const writer = createCompanyWriter(db);
  db.transaction(() => {
    for (const stem of STEMS) writer.upsertCompany(company(`株式会社${stem}建設工業所`));
    writer.upsertCompany(company('株式会社北辰建設工業'));
    writer.upsertCompany(company('株式会社大北辰建設工業所'));
    // holds every trigram the partial look-up of 北辰建設工業 picks, but not the key itself
    writer.upsertCompany(company('株式会社北辰建築設工業'));
  })();
  assert.equal(refreshCompanyTrigramDocs(db), true, 'the first count');
  assert.equal(refreshCompanyTrigramDocs(db), false, 'nothing changed, nothing recounted');
  db.close();
}

test('the common trigrams and long grams of the company terms are counted, the rare ones are not', () => {
  const path = join(dir, 'counts.sqlite');
  build(path);
  const db = openWritable(path);
  const docs = new Map(
    (db.prepare('SELECT trigram, docs FROM company_trigram_docs').all() as { trigram: string; docs: number }[]).map(
      (r) => [r.trigram, r.docs],
    ),
  );
  assert.equal(docs.get('建設工'), STEMS.length + 2);
  assert.equal(docs.get('設工業'), STEMS.length + 3);
  assert.equal(docs.has('北辰建'), false, 'held by three terms: too rare to count');
  const grams = new Map(
    (db.prepare('SELECT gram, docs FROM company_long_gram_docs').all() as { gram: string; docs: number }[]).map((r) => [
      r.gram,
      r.docs,
    ]),
  );
  assert.equal(grams.get('建設工業所'), STEMS.length + 1, 'a long gram of every stem');
  assert.equal(grams.has('北辰建設工'), false, 'a long gram of two terms');
  createCompanyWriter(db).upsertCompany(company('株式会社南星建設工業'));
  assert.equal(refreshCompanyTrigramDocs(db), true, 'a new term: recounted');
  assert.equal(
    (db.prepare("SELECT docs FROM company_trigram_docs WHERE trigram = '建設工'").get() as { docs: number }).docs,
    STEMS.length + 3,
  );
  db.close();
});

test('a long key looked up by its rare trigrams finds exactly the terms that contain it, from indexes', () => {
  const path = join(dir, 'search.sqlite');
  build(path);
  const db = openReadOnly(path);
  const seen: string[] = [];
  const prepare = db.prepare.bind(db);
  (db as unknown as { prepare: typeof db.prepare }).prepare = (sql: string) => {
    seen.push(sql);
    return prepare(sql);
  };
  const queries = new CompanyQueries(db);
  const names = (keys: string[]) => queries.searchByKeys(keys, 10).map((h) => `${h.company.name} ${h.match.kind}`);
  assert.deepEqual(names(['北辰建設工業']), ['株式会社北辰建設工業 exact', '株式会社大北辰建設工業所 partial']);
  assert.deepEqual(names(['辰建設工業所']), ['株式会社大北辰建設工業所 partial']);
  assert.deepEqual(names(['北辰建築設工']), ['株式会社北辰建築設工業 prefix']);
  const partial = seen.filter((sql) => sql.includes('instr(t.term'));
  assert.ok(partial.length > 0, 'the rare-trigram look-up ran');
  for (const sql of partial) {
    const params = Array.from({ length: sql.split('?').length - 1 }, () => 'x');
    const steps = (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    assert.deepEqual(
      steps.filter((s) => /^SCAN (c|t|companies|company_terms)\b/u.test(s)),
      [],
      steps.join('\n'),
    );
  }
  db.close();
});
