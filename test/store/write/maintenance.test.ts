// The upkeep after an import of companies: run for a new dataset and for a large change, left for later after a small
// one (a daily change file), until the small ones add up.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { createCompanyWriter } from '../../../src/store/write/company-writer.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { upkeepAfterCompanyImport } from '../../../src/store/write/maintenance.js';
import { companyInput } from '../../helpers/company-input.js';

test('an import of companies keeps their indexes up when new, and once the terms written since pass 5 %', () => {
  const db = openWritable(join(mkdtempSync(join(tmpdir(), 'kohyo-upkeep-')), 'kohyo.sqlite'));
  const writer = createCompanyWriter(db);
  let serial = 0;
  // each company gives one term (a name without a reading)
  const write = (n: number) =>
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        serial++;
        writer.upsertCompany(
          companyInput({
            corporate_number: corporateNumberFromBase(`100099${String(serial).padStart(6, '0')}`),
            name: `株式会社見本${serial}`,
          }),
        );
      }
    })();
  const terms = () => db.prepare<[], number>('SELECT count(*) FROM company_terms').pluck().get();
  const segments = () => db.prepare<[], number>('SELECT count(DISTINCT segid) FROM company_trigrams_idx').pluck().get();
  const steps: string[] = [];
  write(200);
  assert.equal(terms(), 200);
  assert.equal(
    upkeepAfterCompanyImport(db, (step) => steps.push(step)),
    true,
    'a new dataset',
  );
  assert.deepEqual(steps, [
    'merging the full-text indexes',
    'counting the common trigrams and long grams',
    'refreshing the statistics',
  ]);
  assert.equal(segments(), 1);
  write(9);
  assert.equal(upkeepAfterCompanyImport(db), false, '9 terms of 200: left for later');
  assert.ok(segments()! > 1, 'the new terms in a segment of their own');
  write(1);
  assert.equal(upkeepAfterCompanyImport(db), true, '10 of 200 since the last upkeep');
  assert.equal(segments(), 1);
  db.close();
});
