// Shared inputs of the NTA tests: the real day's file, the derived sample, and a writer of NTA CSV lines.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { sharedData } from '../../helpers/shared-data.js';

export const REAL_FILE = sharedData('nta/diff_20260127.sjis.csv');
export const SAMPLE_FILE = fileURLToPath(new URL('../../fixtures/nta/sample.sjis.csv', import.meta.url));

/** The fields of every row of the sample, in file order. */
export function sampleRows(): string[][] {
  return parse(iconv.decode(readFileSync(SAMPLE_FILE), 'cp932'));
}

/** The sample row of a corporate number with the given latest flag (the last such row). */
export function sampleRow(corporateNumber: string, latest: '0' | '1' = '1'): string[] {
  const rows = sampleRows().filter((r) => r[1] === corporateNumber && r[23] === latest);
  const row = rows[rows.length - 1];
  if (!row) throw new Error(`no sample row for ${corporateNumber} latest ${latest}`);
  return row;
}

/** One CSV line as the NTA writes it: text fields quoted, codes and dates bare. */
export function ntaLine(fields: readonly string[]): string {
  return fields.map((f) => (/^[\d-]*$/u.test(f) ? f : `"${f.replace(/"/gu, '""')}"`)).join(',');
}

/** A copy of `fields` with some (1-based NTA column numbers) replaced. */
export function withFields(fields: readonly string[], changes: Readonly<Record<number, string>>): string[] {
  return fields.map((f, i) => changes[i + 1] ?? f);
}
