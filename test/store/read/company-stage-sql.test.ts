// An exact look-up by a query that names a legal form reads the term index a field and form at a time (exactWithFormSql)
// and ranks exactly as sorting the term's best rows did (rankedStageSql over the same window), with no sort.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { companyInput } from '../../helpers/company-input.js';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { createCompanyWriter } from '../../../src/store/write/company-writer.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { exactWithFormSql, lookupSql, rankedStageSql } from '../../../src/store/read/company-stage-sql.js';

const FORMS = ['kabushiki_kaisha', 'godo_kaisha', 'yugen_kaisha'] as const;
const NAMES = {
  kabushiki_kaisha: '株式会社北辰建設',
  godo_kaisha: '北辰建設合同会社',
  yugen_kaisha: '有限会社北辰建設',
};

/** 60 namesakes of three forms, some closed or with records, and 15 companies that were once named so. */
function namesakes() {
  const db = openWritable(join(mkdtempSync(join(tmpdir(), 'kohyo-stage-')), 'stage.sqlite'));
  const writer = createCompanyWriter(db);
  for (let i = 0; i < 75; i++) {
    const legalForm = FORMS[(i * 7) % 3] ?? 'kabushiki_kaisha';
    const renamed = i >= 60;
    writer.upsertCompany(
      companyInput({
        corporate_number: corporateNumberFromBase(String(200000000000 + ((i * 37) % 75))),
        name: renamed ? `株式会社南星${i}` : NAMES[legalForm],
        name_kana: renamed ? 'ナンセイ' : 'ホクシンケンセツ',
        legal_form: legalForm,
        aliases: renamed ? [{ kind: 'former_name', name: NAMES[legalForm] }] : [],
        ...(i % 11 === 0 ? { status: 'closed', closed_on: '2025-01-01', close_cause: '01' } : {}),
      }),
    );
  }
  db.prepare('UPDATE companies SET enforcement_count = 2 WHERE id % 9 = 0').run();
  return db;
}

test('a legal form named ranks a name the way sorting its best rows did, for every window, page and form', () => {
  const db = namesakes();
  try {
    const inRank = 'company_terms t WHERE t.term = ? ORDER BY t.field_rank, t.rank_key, t.field, t.alias_kind';
    let compared = 0;
    for (const window of [1, 7, 30, 61, 400])
      for (const rows of [1, 5, 20, 80])
        for (const form of [...FORMS, 'npo']) {
          const sorted = db
            .prepare(rankedStageSql(lookupSql(window, 0, inRank), rows))
            .raw()
            .all('北辰建設', form);
          const read = db.prepare(exactWithFormSql(window, rows)).raw().all({ key: '北辰建設', form });
          assert.deepEqual(read, sorted, `window ${window}, rows ${rows}, ${form}`);
          compared += read.length;
        }
    // the names and the former names both answered, of every form
    const all = db.prepare(exactWithFormSql(400, 400)).raw().all({ key: '北辰建設', form: 'godo_kaisha' }) as [
      number,
      string,
      string | null,
    ][];
    assert.equal(all.length, 75);
    assert.deepEqual(new Set(all.map(([, field]) => field)), new Set(['name', 'alias']));
    assert.ok(compared > 1000);
  } finally {
    db.close();
  }
});

test('a legal form named reads the term index in rank order, with no sort', () => {
  const db = namesakes();
  try {
    const steps = db
      .prepare(`EXPLAIN QUERY PLAN ${exactWithFormSql(400, 51)}`)
      .all({ key: 'x', form: 'y' })
      .map((row) => (row as { detail: string }).detail);
    assert.deepEqual(
      steps.filter((step) => step.includes('TEMP B-TREE')),
      [],
    );
    assert.ok(
      steps.every((step) => !step.startsWith('SEARCH') || step.includes('COVERING INDEX company_terms_by_term')),
    );
    assert.ok(
      steps.some((step) => step.includes('COVERING INDEX company_terms_by_term (term=?)')),
      steps.join('\n'),
    );
  } finally {
    db.close();
  }
});
