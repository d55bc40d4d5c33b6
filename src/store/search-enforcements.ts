// The enforcement records /api/v1/search answers: those of the companies a query recalls, then those whose text
// matches it, without duplicates; each part is the query the record endpoint runs for `company=` or `q=`.
import type { Enforcement } from '../domain/record.js';
import type { CompanyFilter } from '../domain/record-query.js';
import type { RecordPage, RecordQueries } from './record-queries.js';

export function searchEnforcements(
  records: RecordQueries,
  companies: CompanyFilter,
  text: string,
  today: string,
  limit: number,
): RecordPage<Enforcement> {
  const ofCompanies = records.page('enforcement', { company: companies, today }, { limit, page: 1 });
  if (ofCompanies.records.length === limit) return ofCompanies;
  // as many text matches as could be duplicates of the company's records, and enough besides to fill the page
  const byText = records.page(
    'enforcement',
    { q: text, today },
    { limit: limit + ofCompanies.records.length, page: 1 },
  );
  const seen = new Set(ofCompanies.records.map((r) => r.id));
  const added = byText.records.filter((r) => !seen.has(r.id));
  const all = [...ofCompanies.records, ...added];
  return { records: all.slice(0, limit), hasMore: ofCompanies.hasMore || byText.hasMore || all.length > limit };
}
