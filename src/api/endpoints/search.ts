// GET /api/v1/search: companies and the records of every kind for one query, at most `limit` rows in all.
import type { Static } from '@sinclair/typebox';
import { openDataset, type RouteContext } from '../endpoint.js';
import type { Endpoint, PresentedRecord } from '../endpoint.js';
import { DEFAULT_LIMIT, SearchQuery } from '../schemas/queries.js';
import { SearchAnswer } from '../schemas/search.js';
import { listMeta } from '../endpoint.js';
import { presentCompany } from '../present/company.js';
import { presentRecord, type PresentedOfKind } from '../present/records.js';
import {
  bestCompanies,
  companyQuestion,
  countCompanies,
  recallOf,
  searchCompanies,
  type FoundCompanies,
} from '../company-search.js';
import { countNamedElsewhere, namedElsewhereMeta, recordListMeta } from '../record-endpoint.js';
import { SEARCH_PATH } from '../links.js';
import { byRelation, foundRelation, type CompanyFilter } from '../../domain/records/company-records.js';
import { MATCHES_COUNTED_UP_TO, shareSearchLimit } from '../../domain/text/search-split.js';
import { COMPANY_FILTER_MATCHES } from '../../domain/records/filter-names.js';
import { japanDate } from '../../domain/dates.js';
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from '../../domain/records/record.js';
import type { Store } from '../../store/read/store.js';
import {
  readFoundRecord,
  searchRecords,
  type FoundRecords,
  type RecordSearch,
} from '../../store/read/search-records.js';
import { foldWidth } from '../../domain/text/text-fold.js';
import { companyAsTyped } from '../feed-follows.js';

/** One kind's first records a search finds. */
interface KindFound<K extends RecordKind> {
  readonly kind: K;
  readonly page: FoundRecords;
}

/**
 * What a query finds: the companies (none read whole yet: the answer reads those its share of the rows shows), and
 * each kind's first `limit` records with the search that found them, their counts taken up to `cap` (0 where none is
 * asked for).
 */
function find(context: RouteContext, query: Static<typeof SearchQuery>, cap: number) {
  const store = openDataset(context);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const companies = searchCompanies(store, companyQuestion(query.q, 'q'), limit, COMPANY_FILTER_MATCHES, 0);
  const search = recordSearchOf(context, companies);
  const kindFound = <K extends RecordKind>(kind: K): KindFound<K> => ({
    kind,
    page: searchRecords(store.records, kind, search, limit, cap),
  });
  const records = {
    enforcement: kindFound('enforcement'),
    procurement_suspension: kindFound('procurement_suspension'),
    license_action: kindFound('license_action'),
  };
  return { store, limit, companies, search, records };
}

/** What the records of a search are looked for by: the companies the question found, and the question as text. */
function recordSearchOf(context: RouteContext, companies: FoundCompanies): RecordSearch {
  // a Corporate Number stands for its company and its records, not for text; one with a wrong check digit for nothing
  const { plan, value } = companies.question;
  const byNumber = plan.kind === 'corporate_number' || plan.kind === 'invalid_corporate_number';
  return {
    companies: companies.filter,
    text: byNumber ? null : foldWidth(value),
    today: japanDate(context.clock()),
  };
}

/**
 * Page `page` of one kind's records the search for `q` finds, `limit` to a page, in the order the answer lists them:
 * the rest of a list the answer shows the first rows of (the search page's `kind=` and `page=`). The caller bounds
 * `page` by the API's page cap.
 */
export function searchKindPage(context: RouteContext, q: string, kind: RecordKind, page: number, limit: number) {
  const store = openDataset(context);
  const companies = searchCompanies(store, companyQuestion(q, 'q'), 0, COMPANY_FILTER_MATCHES);
  const search = recordSearchOf(context, companies);
  const found = searchRecords(store.records, kind, search, page * limit, MATCHES_COUNTED_UP_TO);
  const notices = [...companies.notices];
  const recall = recallOf(store, companies, notices);
  return {
    plan: companies.question.plan,
    records: presented({ kind, page: found }, search, page * limit, (page - 1) * limit),
    matches: found.matches(),
    notices,
    recall,
    ...namedElsewhereMeta(
      countNamedElsewhere(companies.elsewhere, (filter) => countNamed(store, kind, filter, search.today)),
    ),
    ...recordListMeta(store, context, kind, undefined),
  };
}

/** How many records of a kind a company filter finds, up to MATCHES_COUNTED_UP_TO. */
function countNamed(store: Store, kind: RecordKind, filter: CompanyFilter, today: string): number {
  return store.records.count(kind, { company: filter, today }, MATCHES_COUNTED_UP_TO);
}

/** How many records of every kind a company filter finds, up to MATCHES_COUNTED_UP_TO. */
function countEveryKind(store: Store, filter: CompanyFilter, today: string): number {
  return Math.min(
    MATCHES_COUNTED_UP_TO,
    store.records.countEveryKind({ company: filter, today }, MATCHES_COUNTED_UP_TO),
  );
}

/**
 * Page `page` of the companies the search for `q` finds, `limit` to a page, in the order the answer lists them, and
 * how many it finds in all (up to MATCHES_COUNTED_UP_TO): the rest of the list the answer shows the first of (the
 * search page's `kind=companies`). The caller bounds `page` by the API's page cap.
 */
export function searchCompanyPage(context: RouteContext, q: string, page: number, limit: number) {
  const store = openDataset(context);
  const found = searchCompanies(store, companyQuestion(q, 'q'), page * limit, 0);
  return {
    plan: found.question.plan,
    companies: found.hits.slice((page - 1) * limit).map(presentCompany),
    matches: countCompanies(store, found, MATCHES_COUNTED_UP_TO),
  };
}

/**
 * A kind's records found, from the `from`th to before the `to`th, presented, each saying how it relates to the
 * companies the search found (company-records.ts; a record found by the query's text relates by its text).
 */
function presented<K extends RecordKind>(
  found: KindFound<K>,
  search: RecordSearch,
  to: number,
  from = 0,
): PresentedOfKind<K>[] {
  return found.page.entries(from, to).map((entry) => {
    const record = readFoundRecord(found.kind, entry);
    const relation = foundRelation(record.company, search.companies, entry.byText);
    return presentRecord(found.kind, record, search.today, relation);
  });
}

/** A value for each record kind, under its list's name (as SearchAnswer and SearchMeta name them). */
function perList<T>(value: (kind: RecordKind) => T) {
  return {
    [RECORD_LISTS.enforcement]: value('enforcement'),
    [RECORD_LISTS.procurement_suspension]: value('procurement_suspension'),
    [RECORD_LISTS.license_action]: value('license_action'),
  };
}

/** The day a record is listed by: its date, or a suspension's first day. */
function dayOf(record: PresentedRecord): string {
  return 'date' in record ? record.date : record.period.from;
}

/** Each kind's `data_as_of` and `coverage`: the answer rests on the stalest of them. */
function recordMeta(store: Store, context: RouteContext) {
  const metas = perList((kind) => recordListMeta(store, context, kind, undefined));
  const asOf = Object.values(metas)
    .flatMap((m) => (m.data_as_of === null ? [] : [m.data_as_of]))
    .sort();
  return { data_as_of: asOf[0] ?? null, coverage: perList((kind) => metas[RECORD_LISTS[kind]].coverage) };
}

export const SEARCH: Endpoint<typeof SearchQuery, typeof SearchAnswer> = {
  path: SEARCH_PATH,
  operationId: 'search',
  summary: 'Search companies and records of every kind together',
  description: () =>
    'Is there anything on this company? One query (a company name in any script, a romanized or English name, or a ' +
    'Corporate Number) answers the companies as /api/v1/companies finds them and the records of every kind: ' +
    '`data.enforcements`, `data.procurement_suspensions` and `data.license_actions`, each first those linked to the ' +
    'companies `q` recalls, in whatever script it is typed, then apart those linked to no company that name one of ' +
    'their names, then those whose printed company name holds `q` (together what `company=` finds on the record ' +
    'endpoints), then those whose text matches `q` (as `q=` there: company name, summary or reason, law and authority ' +
    'labels), without duplicates, each saying its `relation` to the query; a record linked to a company is never found ' +
    'through a name another company shares. `meta.recall` says when `q` recalls more companies than are followed. A ' +
    'Corporate Number finds that company, its own records first (linked to it, or `predecessor`: linked to a company ' +
    'merged into it) and, after them, every record naming it linked to none that places it nowhere or in its ' +
    'prefecture; `meta.named_elsewhere` counts those placing it elsewhere, with the ' +
    'search of its name. The lists together hold at most `limit` rows, ' +
    'shared in turn (companies, ' +
    'enforcements, suspensions, licence actions, one row each while a list has more), so that every list with a ' +
    `match shows at least one row when \`limit\` allows. \`meta.matches\` gives each list's full count, up to ` +
    `${MATCHES_COUNTED_UP_TO} (${MATCHES_COUNTED_UP_TO} reads "or more"): ask the list's own endpoint for the rest. ` +
    '`meta.coverage` says, per record kind, how the sources behind it stand, and `meta.data_as_of` is the stalest ' +
    "kind's: an empty list means nothing in what Kohyo held then, not that the company is clean. `format=atom` (or " +
    '`Accept: application/atom+xml`) answers an Atom feed of the records of every kind the query finds, those linked ' +
    'to the companies found first, then newest first, at most `limit`; each title says whose record it is.',
  tags: ['search'],
  query: () => SearchQuery,
  response: SearchAnswer,
  counted: true,
  conditional: true,
  paged: false,
  listAnswer: true,
  needsDataset: true,
  tools: [
    {
      name: 'search',
      title: 'Search companies and records of every kind',
      // shorter than the endpoint's: every tool's description is in an agent's context at once (tools/list)
      description:
        'Is there anything on this company? One query (a name in any script, romanized or English, or a Corporate ' +
        'Number) answers the companies and the records of every kind (`data.enforcements`, ' +
        '`data.procurement_suspensions`, `data.license_actions`), at most `limit` rows shared so that every list with ' +
        "a match shows one; `meta.matches` gives each list's full count (up to 1000) and `meta.coverage` how the " +
        'sources of each kind stand. Ask the list tools for more of one kind.',
    },
  ],
  // every kind's records the search finds, a company's own first (company-records.ts), then newest first, at most
  // `limit`: the records of the answer's lists, and as many more as the rows the companies take there
  feed: {
    lists: 'Records of every kind',
    records(context, query) {
      const found = find(context, query, 0);
      return RECORD_KINDS.flatMap((kind) => presented(found.records[kind], found.search, found.limit))
        .sort(
          byRelation(
            (record) => record.relation,
            (a, b) => dayOf(b).localeCompare(dayOf(a)),
          ),
        )
        .slice(0, found.limit);
    },
    follows: (context, query) => [companyAsTyped(openDataset(context), query.q)],
  },
  answer: (context, query, requestId) => searchAnswer(context, query, requestId).answer,
};

/**
 * What /api/v1/search answers for a query, and how the query was read (its plan), which a page says in its words
 * rather than reading the query again.
 */
export function searchAnswer(context: RouteContext, query: Static<typeof SearchQuery>, requestId: string) {
  const { store, limit, companies, search, records } = find(context, query, MATCHES_COUNTED_UP_TO);
  const [companyRows = 0, ...recordRows] = shareSearchLimit(limit, [
    companies.shown,
    ...RECORD_KINDS.map((kind) => records[kind].page.found),
  ]);
  const rowsOf = (kind: RecordKind) => recordRows[RECORD_KINDS.indexOf(kind)] ?? 0;
  const companyMatches =
    companies.hasMore || companies.shown > companyRows
      ? countCompanies(store, companies, MATCHES_COUNTED_UP_TO)
      : companies.shown;
  // the full count only when the list may hold more than it found
  const matches = perList((kind) => {
    const { page } = records[kind];
    return page.hasMore ? Math.max(page.found, page.matches()) : page.found;
  });
  const data = {
    companies: bestCompanies(store, companies, companyRows).map(presentCompany),
    [RECORD_LISTS.enforcement]: presented(records.enforcement, search, rowsOf('enforcement')),
    [RECORD_LISTS.procurement_suspension]: presented(
      records.procurement_suspension,
      search,
      rowsOf('procurement_suspension'),
    ),
    [RECORD_LISTS.license_action]: presented(records.license_action, search, rowsOf('license_action')),
  };
  const shown = (kind: RecordKind) => data[RECORD_LISTS[kind]].length;
  const returned = companyRows + RECORD_KINDS.reduce((sum, kind) => sum + shown(kind), 0);
  const hasMore =
    companyMatches > companyRows || RECORD_KINDS.some((kind) => matches[RECORD_LISTS[kind]] > shown(kind));
  const notices = [...companies.notices];
  // a search that recalls more companies than it follows has more than it shows, so companyMatches is their count
  const recall = recallOf(store, companies, notices, companyMatches);
  const answer = {
    data,
    meta: Object.assign(
      listMeta(requestId, store, { limit, returned, hasMore, notices }),
      { matches: { companies: companyMatches, ...matches } },
      recordMeta(store, context),
      {
        ...(recall === undefined ? {} : { recall }),
        ...namedElsewhereMeta(
          countNamedElsewhere(companies.elsewhere, (filter) => countEveryKind(store, filter, search.today)),
        ),
      },
    ),
  };
  return { answer, plan: companies.question.plan };
}
