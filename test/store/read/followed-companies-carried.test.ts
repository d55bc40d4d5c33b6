// The company names the records carry, held per reader: read once, read again after any write to the file, by
// another connection or by the reader's own.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import type { ValidRecord } from '../../../src/domain/records/record.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { openReadOnly } from '../../../src/store/schema/database.js';
import { UnlinkedRecordNames } from '../../../src/store/read/followed-companies.js';
import { createRecordWriter } from '../../../src/store/write/record-writer.js';
import { seedVocabularies } from '../../../src/store/write/vocabulary-seed.js';

function licenseAction(id: string, name: string): ValidRecord {
  const result = validateRecordLine(
    {
      kind: 'license_action',
      id,
      company: { name, corporate_number: null },
      authority: 'pref_13',
      source: {
        url: `https://example.go.jp/${id}.html`,
        title: '監督処分',
        published_on: '2025-03-14',
        retrieved_at: '2025-03-15T01:00:00Z',
      },
      sector_code: 'construction',
      action_type: 'business_suspension_order',
      nature: 'violation',
      date: '2025-03-01',
    },
    1,
  );
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  return result.record;
}

function newDataset() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-names-')), 'names.sqlite');
  const db = openWritable(file);
  seedVocabularies(db);
  const writer = createRecordWriter(db, () => new Date('2026-01-02T03:04:05Z'));
  const write = (record: ValidRecord) => {
    writer.upsertSource(record);
    writer.writeRecord(record);
  };
  return { file, db, writer, write };
}

test('the names records carry, folded as their company names are, and again after another connection writes', (t) => {
  const { file, db, writer, write } = newDataset();
  t.after(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
  write(licenseAction('la_names_1', '株式会社架空建設'));
  const reader = openReadOnly(file);
  t.after(() => reader.close());
  const names = new UnlinkedRecordNames(reader);
  // the record's company name is held as its key (legal form and width folded away); a name no record carries is not
  assert.deepEqual(names.heldOf(['架空建設', '模擬工業', 'kakukensetsu']), ['架空建設']);
  write(licenseAction('la_names_2', '模擬工業（株）'));
  assert.deepEqual(names.heldOf(['架空建設', '模擬工業']), ['架空建設', '模擬工業']);
  writer.removeRecord('license_action', 'la_names_1');
  assert.deepEqual(names.heldOf(['架空建設', '模擬工業']), ['模擬工業']);
  db.close();
});

test("the names are read again after the reader's own connection writes", (t) => {
  const { file, db, write } = newDataset();
  t.after(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
  const names = new UnlinkedRecordNames(db);
  assert.deepEqual(names.heldOf(['架空建設']), []);
  write(licenseAction('la_names_1', '株式会社架空建設'));
  assert.deepEqual(names.heldOf(['架空建設']), ['架空建設']);
  db.close();
});
