// A store's record queries over records written to a new database file by the real writer, for the store tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ValidRecord } from '../../src/domain/records/record.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { RecordQueries } from '../../src/store/read/record-queries.js';
import { createRecordWriter, refreshRecordCounts } from '../../src/store/write/record-writer.js';
import { seedVocabularies } from '../../src/store/write/vocabulary-seed.js';
import { createCompanyWriter } from '../../src/store/write/company-writer.js';
import type { CompanyInput } from '../../src/domain/companies/company.js';
import { CompanyQueries } from '../../src/store/read/company-queries.js';

/** When the records are written: their change time. */
export const WRITTEN_AT = new Date('2026-01-02T03:04:05Z');

/**
 * The records, and the companies of the register beside them (whose names records may name), written to a new file with
 * the companies' record counts.
 */
export function recordQueriesOver(
  records: readonly ValidRecord[],
  companies: readonly CompanyInput[] = [],
): RecordQueries {
  return storeOver(records, companies).records;
}

/** The same file's record queries and company queries. */
export function storeOver(
  records: readonly ValidRecord[],
  companies: readonly CompanyInput[] = [],
): { readonly records: RecordQueries; readonly companies: CompanyQueries } {
  const db = openWritable(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-read-')), 'read.sqlite'));
  seedVocabularies(db);
  const register = createCompanyWriter(db);
  for (const company of companies) register.upsertCompany(company);
  const writer = createRecordWriter(db, () => WRITTEN_AT);
  for (const record of records) {
    writer.upsertSource(record);
    writer.writeRecord(record);
  }
  // as the importers do once their records are written: the companies' record counts
  refreshRecordCounts(db);
  return { records: new RecordQueries(db), companies: new CompanyQueries(db) };
}
