// Parts of a dataset's stored terms as long keys, and the check that the company search finds, for each, the companies
// a scan of every term finds: what the long-gram index must give.
import assert from 'node:assert/strict';
import type { Db } from '../../src/store/schema/database.js';
import { CompanyQueries } from '../../src/store/read/company-queries.js';
import { hasLongGram } from '../../src/domain/text/index-keys.js';

/** Parts of stored terms, five to nine characters long, from their start and from inside: every `step`-th term's. */
export function longKeysOf(db: Db, step: number): string[] {
  const terms = db.prepare<[number], string>('SELECT term FROM company_terms WHERE id % ? = 0').pluck().all(step);
  const keys = new Set<string>();
  for (const term of terms) {
    const chars = [...term];
    for (const [from, length] of [
      [0, 5],
      [1, 6],
      [2, 9],
    ] as const) {
      const key = chars.slice(from, from + length).join('');
      if ([...key].length === length) keys.add(key);
    }
  }
  return [...keys].filter(hasLongGram);
}

/** The companies with a term that holds `key`, by a scan of every term: what the index must find. */
function holders(db: Db, key: string): number[] {
  return db
    .prepare<[string], number>('SELECT DISTINCT company_id FROM company_terms WHERE instr(term, ?) > 0 ORDER BY 1')
    .pluck()
    .all(key);
}

/** Each key's count, and the companies found (when few enough to read), are those the scan finds. */
export function assertFoundAsScanned(db: Db, keys: readonly string[]): void {
  const queries = new CompanyQueries(db);
  for (const key of keys) {
    const expected = holders(db, key);
    assert.equal(queries.countByKeys([key], 1000), Math.min(expected.length, 1000), key);
    if (expected.length > 200) continue;
    const found = queries.findByKeys([key], 1000, null, 0).ids;
    assert.deepEqual(
      [...found].sort((a, b) => a - b),
      expected,
      key,
    );
  }
}
