// Whether the company terms' trigram, short-gram and long-gram indexes hold, for every company, a document that finds
// it by each of its terms (three characters or more), by each gram of its names and by each long gram of its terms:
// what search reads them for.
import type { Db } from '../../src/store/schema/database.js';
import { hasShortGrams, termGrams } from '../../src/domain/companies/company-terms.js';
import { longGrams, TRIGRAM_MIN_LENGTH } from '../../src/domain/text/index-keys.js';

/**
 * The company terms an index does not find their company by, as "index: company id term"; empty when in step. Every
 * `sample`-th company is read (by id), so that a register of tens of thousands is checked in a second.
 */
export function companyIndexGaps(db: Db, sample = 1): string[] {
  const terms = db
    .prepare<[number], { company_id: number; field: string; alias_kind: string | null; term: string }>(
      'SELECT company_id, field, alias_kind, term FROM company_terms WHERE company_id % ? = 0 ORDER BY company_id, id',
    )
    .all(sample);
  const byTrigram = finder(db, 'company_trigrams');
  const byGram = finder(db, 'company_grams');
  const byLongGram = finder(db, 'company_long_grams');
  const gaps: string[] = [];
  for (const t of terms) {
    const phrase = `"${t.term.replace(/"/gu, '""')}"`;
    if ([...t.term].length >= TRIGRAM_MIN_LENGTH && !byTrigram(phrase, t.company_id))
      gaps.push(`company_trigrams: ${t.company_id} ${t.term}`);
    for (const gram of longGrams(t.term))
      if (!byLongGram(`"${gram}"`, t.company_id)) gaps.push(`company_long_grams: ${t.company_id} ${gram}`);
    if (!hasShortGrams(t as Parameters<typeof hasShortGrams>[0])) continue;
    for (const gram of termGrams(t.term)
      .split(' ')
      .filter((g) => g !== ''))
      if (!byGram(`"${gram}"`, t.company_id)) gaps.push(`company_grams: ${t.company_id} ${gram}`);
  }
  return gaps;
}

/**
 * Whether `index` finds the company of id `rowid` by `query`: the companies a query finds, read once and kept, since
 * most grams are shared by many companies (a look-up a company and gram, `MATCH ? AND rowid = ?`, asked the short-gram
 * index of 5,000 companies 54,000 times for its 8,600 grams). That look-up also found a company whose document had
 * been deleted, where another company's document held the gram (SQLite 3.53.2, contentless_delete): a gap it hid.
 */
function finder(db: Db, index: string): (query: string, rowid: number) => boolean {
  const found = db.prepare<[string], number>(`SELECT rowid FROM ${index} WHERE ${index} MATCH ?`).pluck();
  const companies = new Map<string, ReadonlySet<number>>();
  return (query, rowid) => {
    let ids = companies.get(query);
    if (ids === undefined) {
      ids = new Set(found.all(query));
      companies.set(query, ids);
    }
    return ids.has(rowid);
  };
}
