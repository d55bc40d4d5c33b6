// The records of one kind that /api/v1/search answers: those of the companies a query recalls (linked to them or naming
// them), then those whose company's name holds the query's, then those whose text matches it, without duplicates;
// together the parts are what the record endpoints find for `company=` and for `q=`.
import type { RecordKind, RecordOfKind } from '../domain/records/record.js';
import { recordFromDoc } from './record-docs.js';
import type { CompanyFilter, RecordQuery } from '../domain/records/record-query.js';
import type { RecordEntry, RecordPage, RecordQueries } from './record-queries.js';

/** What /search looks for in the records: the companies `q` found, and `q` as free text (null: not as text). */
export interface RecordSearch {
  readonly companies: CompanyFilter;
  readonly text: string | null;
  readonly today: string;
}

/** The queries a search stands for, in the order their records are listed: the recalled companies' own first. */
function searchQueries(search: RecordSearch): RecordQuery[] {
  const queries: RecordQuery[] = [];
  const { companies, text, today } = search;
  const { corporateNumbers, nameKeys, nameParts } = companies;
  if (corporateNumbers.length > 0 || nameKeys.length > 0)
    queries.push({ company: { corporateNumbers, nameKeys, nameParts: [] }, today });
  if (nameParts.length > 0) queries.push({ company: { corporateNumbers: [], nameKeys: [], nameParts }, today });
  if (text !== null) queries.push({ q: text, today });
  return queries;
}

/**
 * The first `limit` records of the kind the search finds, their documents not yet read (the answer reads those it
 * shows). `hasMore` is true when more may exist: the count (countSearchRecords) then says how many.
 */
export function searchRecords(
  records: RecordQueries,
  kind: RecordKind,
  search: RecordSearch,
  limit: number,
): RecordPage<RecordEntry> {
  const seen = new Set<string>();
  const all: RecordEntry[] = [];
  let hasMore = false;
  for (const query of searchQueries(search)) {
    if (all.length >= limit) {
      hasMore = true;
      break;
    }
    // as many rows as could be duplicates of the records before, and enough besides to fill the page
    const page = records.entries(kind, query, { limit: limit + all.length, page: 1 });
    hasMore ||= page.hasMore;
    for (const record of page.records) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      all.push(record);
    }
  }
  return { records: all.slice(0, limit), hasMore: hasMore || all.length > limit };
}

/** How many records of the kind the search finds in all, each once, up to `cap`. */
export function countSearchRecords(
  records: RecordQueries,
  kind: RecordKind,
  search: RecordSearch,
  cap: number,
): number {
  return records.countAny(kind, searchQueries(search), cap);
}

/** The record an entry `searchRecords` found for `kind` stands for. */
export function readFoundRecord<K extends RecordKind>(_kind: K, entry: RecordEntry): RecordOfKind<K> {
  return recordFromDoc<K>(entry.doc);
}
