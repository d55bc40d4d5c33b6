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
  const finds = (index: string) =>
    db.prepare<[string, number], number>(`SELECT 1 FROM ${index} WHERE ${index} MATCH ? AND rowid = ?`).pluck();
  const byTrigram = finds('company_trigrams');
  const byGram = finds('company_grams');
  const byLongGram = finds('company_long_grams');
  const gaps: string[] = [];
  for (const t of terms) {
    const phrase = `"${t.term.replace(/"/gu, '""')}"`;
    if ([...t.term].length >= TRIGRAM_MIN_LENGTH && byTrigram.get(phrase, t.company_id) === undefined)
      gaps.push(`company_trigrams: ${t.company_id} ${t.term}`);
    for (const gram of longGrams(t.term))
      if (byLongGram.get(`"${gram}"`, t.company_id) === undefined)
        gaps.push(`company_long_grams: ${t.company_id} ${gram}`);
    if (!hasShortGrams(t as Parameters<typeof hasShortGrams>[0])) continue;
    for (const gram of termGrams(t.term)
      .split(' ')
      .filter((g) => g !== ''))
      if (byGram.get(`"${gram}"`, t.company_id) === undefined) gaps.push(`company_grams: ${t.company_id} ${gram}`);
  }
  return gaps;
}
