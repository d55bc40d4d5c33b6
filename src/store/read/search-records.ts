// The records of one kind that /api/v1/search answers: those linked to the companies a query finds (or to their
// predecessors), then those linked to none that name them, then those whose printed company name holds the query's,
// then those whose text matches it, without duplicates; together the parts are what the record endpoints find for
// `company=` and for `q=` (domain/records/company-records.ts).
import type { RecordKind, RecordOfKind } from '../../domain/records/record.js';
import { recordFromDoc } from './record-docs.js';
import type { RecordQuery } from '../../domain/records/record-query.js';
import { byRelation, NO_RECORDS, type CompanyFilter, type Relation } from '../../domain/records/company-records.js';
import type { RecordEntry, RecordQueries } from './record-queries.js';
import { countDistinctUpTo } from './distinct-count.js';

/** What /search looks for in the records: the companies `q` found, and `q` as free text (null: not as text). */
export interface RecordSearch {
  readonly companies: CompanyFilter;
  readonly text: string | null;
  readonly today: string;
}

/** A query of a search, and the relation of the records it stands for, which places them in the list. */
interface SearchPart {
  readonly query: RecordQuery;
  readonly relation: Relation;
}

/**
 * The queries a search stands for, in the order their records are listed (relationRank): those linked to the companies
 * found (or to their predecessors), then apart those linked to none that name them, then those whose printed company
 * name holds the query's and those whose text matches it. A record is listed with the first that finds it.
 */
function searchParts(search: RecordSearch): SearchPart[] {
  const parts: SearchPart[] = [];
  const { companies, text, today } = search;
  const { corporateNumbers, predecessors = [], nameKeys, named, nameParts } = companies;
  const part = (filter: Partial<CompanyFilter>, relation: Relation): SearchPart => ({
    query: { company: { ...NO_RECORDS, ...filter }, today },
    relation,
  });
  if (corporateNumbers.length + predecessors.length > 0) parts.push(part({ corporateNumbers, predecessors }, 'linked'));
  if (nameKeys.length > 0) parts.push(part(named === undefined ? { nameKeys } : { nameKeys, named }, 'named'));
  if (nameParts.length > 0) parts.push(part({ nameParts }, 'text'));
  if (text !== null) parts.push({ query: { q: text, today }, relation: 'text' });
  // a stable sort: the parts of one rank keep the order above
  return parts.sort(byRelation((p) => p.relation));
}

/**
 * A record a search found, its document not yet read, and whether only a part that reads the records' own words
 * found it: the answer reads its relation from the company it names otherwise (company-records.ts foundRelation).
 */
interface FoundEntry extends RecordEntry {
  readonly byText: boolean;
}

/** A kind's first records a search finds, and how many it finds in all. */
export interface FoundRecords {
  /** How many records the search found of the first `limit` it was asked for. */
  readonly found: number;
  /** True when a record exists after those. */
  readonly hasMore: boolean;
  /**
   * The records found from the `from`th to before the `to`th, in list order, their documents read now: an answer
   * shares its rows between the lists, and reads only the records it shows. A record no longer held is left out.
   */
  entries(from: number, to: number): FoundEntry[];
  /** How many records of the kind the search finds, each once, counted up to the `cap` searchRecords was given. */
  matches(): number;
}

/**
 * The first `limit` records of the kind the search finds, their documents read only when asked for (`entries`).
 * `hasMore` is true when more may exist: `matches()` then says how many, up to `cap`. Each query's records are read
 * once, in list order and at least `cap` of them, so that the count takes the ids the page read and reads only the
 * queries the page did not need: the page and the count read each part apart, the records of 50 followed companies
 * and of a name's prefix twice (bench/README.md).
 */
export function searchRecords(
  records: RecordQueries,
  kind: RecordKind,
  search: RecordSearch,
  limit: number,
  cap = 0,
): FoundRecords {
  const parts = searchParts(search);
  const queries = parts.map((part) => part.query);
  const read = new Map<RecordQuery, readonly number[]>();
  // each record found, with whether the first part that found it reads the records' own words
  const seen = new Map<number, boolean>();
  let hasMore = false;
  for (const { query, relation } of parts) {
    if (seen.size >= limit) {
      hasMore = true;
      break;
    }
    // as many rows as could be duplicates of the records before, and enough besides to fill the page
    const wanted = limit + seen.size;
    // a text's matches are listed in its index's order, read once for the page and the count; a company part's are
    // sorted to be listed, so the page sorts no more than it shows and the count reads the rest unsorted
    const inIndexOrder = query.q !== undefined;
    const rids = records.listedRids(kind, query, inIndexOrder ? Math.max(cap, wanted + 1) : wanted + 1);
    if (inIndexOrder || rids.length <= wanted) read.set(query, rids);
    hasMore ||= rids.length > wanted;
    for (const rid of rids.slice(0, wanted)) if (!seen.has(rid)) seen.set(rid, relation === 'text');
  }
  const listed = [...seen.keys()].slice(0, limit);
  return {
    found: listed.length,
    entries: (from, to) =>
      records
        .entriesOf(kind, listed.slice(from, to))
        .map(({ id, doc, rid }) => ({ id, doc, byText: seen.get(rid) ?? true })),
    hasMore: hasMore || seen.size > limit,
    matches: () => countFound(records, kind, queries, read, cap),
  };
}

/**
 * How many records the queries find together, each once, up to `cap`: first the ids a page read (every match of a
 * query, or at least `cap` of them), then the other queries' ids, the last (the text, the broadest) first, since a
 * short word's text matches alone reach the cap on a large register.
 */
function countFound(
  records: RecordQueries,
  kind: RecordKind,
  queries: readonly RecordQuery[],
  read: ReadonlyMap<RecordQuery, readonly number[]>,
  cap: number,
): number {
  const unread = queries.filter((query) => !read.has(query)).reverse();
  return countDistinctUpTo(
    [...[...read.values()].map((rids) => () => rids), ...unread.map((query) => () => records.rids(kind, query, cap))],
    cap,
  );
}

/** The record an entry `searchRecords` found for `kind` stands for. */
export function readFoundRecord<K extends RecordKind>(_kind: K, entry: RecordEntry): RecordOfKind<K> {
  return recordFromDoc<K>(entry.doc);
}
