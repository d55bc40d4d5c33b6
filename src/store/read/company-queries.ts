// Company look-ups: by Corporate Number, and by name keys over the term index (exact, prefix, partial) with ranking,
// and the cache of their answers.
import type { Db } from '../schema/database.js';
import {
  COMPANY_SELECT,
  PREDECESSOR_NUMBERS,
  companyFromRow,
  type CompanyRecord,
  type CompanyRow,
} from './company-row.js';
import { prefixUpperBound } from '../../domain/text/index-keys.js';
import type { TermField } from '../../domain/companies/company-terms.js';
import { limitSql, StatementCache } from './statement-cache.js';
import { exactWithFormSql, lookupSql, rankedStageSql, shortGramTermsSql } from './company-stage-sql.js';
import { AnswerCache } from './answer-cache.js';
import { countDistinctUpTo } from './distinct-count.js';
import { FollowedCompanyQueries, type FollowedCompanies, type CompanyOfNumber } from './followed-companies.js';
import { PartialMatches } from './company-partial-match.js';
import { RegisteredNames } from './company-registered-name.js';

/** How a term matched, best first: the stages of a search run in this order, each only while the page is not full. */
const MATCH_KINDS = ['exact', 'prefix', 'partial'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

interface CompanyMatch {
  readonly field: TermField | 'corporate_number';
  readonly kind: MatchKind;
  readonly alias_kind: string | null;
  /** Set when the search named a prefecture: the company is in it (the others are left out). */
  readonly prefecture?: true;
  /** Set when the search named part of an address: whether the company's registered address holds it. */
  readonly address?: boolean;
}

export interface CompanyHit {
  readonly company: CompanyRecord;
  readonly match: CompanyMatch;
}

/**
 * What a search found, best first: every company's id with how it matched (`ranked`, which `hitsOf` reads whole), and
 * the first of them read whole.
 */
export interface FoundCompanyIds {
  readonly ids: readonly number[];
  readonly ranked: readonly RankedId[];
  readonly hits: CompanyHit[];
}

/** A stage asks for a 1/ROWS_SLACK more rows than the companies it wants, for companies with several matching terms. */
const ROWS_SLACK = 4;

/** How many term rows each look-up may bring back before ranking, so that a common term stays cheap. */
const CANDIDATES_PER_LOOKUP = 400;

/** A company a search found, by its id, and how it matched. */
export type RankedId = {
  readonly id: number;
  readonly match_kind: MatchKind;
  readonly match_field: TermField;
  readonly match_alias_kind: string | null;
};
/** A term row of a stage, as the statement gives its columns: an array, not an object made for each row. */
type StageRow = readonly [companyId: number, field: TermField, aliasKind: string | null];

export class CompanyQueries {
  private readonly byNumber;
  private readonly byIds;
  /** The stage statements: one per number of keys, stage, kind of partial look-up and row limit. */
  private readonly byKeys: StatementCache<StageRow>;
  private readonly counts: StatementCache<{ n: number }>;
  private readonly companyIds: StatementCache<number>;
  private readonly predecessors;
  private readonly followedCompanies;
  private readonly registeredNames;
  /** The index and MATCH expression of each key's partial look-up. */
  private readonly partials: PartialMatches;
  /** Whether searchByKeys hands out hits the answer cache keeps, the same objects again for the same search. */
  readonly hitsShared: boolean;

  constructor(
    db: Db,
    /** The answers kept for this dataset; null when none are (KOHYO_ANSWER_CACHE_ENTRIES 0). */
    readonly answers: AnswerCache<{ readonly limit: number } & FoundCompanyIds> | null = null,
  ) {
    this.hitsShared = answers !== null;
    // a company and its aliases in one statement (one statement less per answer, a fair share of a look-up)
    this.byNumber = db
      .prepare<[string], CompanyRow>(`SELECT ${COMPANY_SELECT} FROM companies c WHERE c.corporate_number = ?`)
      .raw();
    // the page's companies with their aliases in one statement, not one per company
    this.byIds = db
      .prepare<[string], CompanyRow>(
        `SELECT ${COMPANY_SELECT} FROM companies c WHERE c.id IN (SELECT value FROM json_each(?))`,
      )
      .raw();
    this.partials = new PartialMatches(db);
    this.byKeys = new StatementCache<StageRow>(db);
    // one statement per kind of look-up and cap, a count or the ids
    this.counts = new StatementCache<{ n: number }>(db, 1 / 32);
    this.companyIds = new StatementCache<number>(db, 1 / 32);
    this.predecessors = db.prepare<[string], string>(PREDECESSOR_NUMBERS('?')).pluck();
    this.followedCompanies = new FollowedCompanyQueries(db);
    this.registeredNames = new RegisteredNames(db, CANDIDATES_PER_LOOKUP);
  }

  /**
   * The Corporate Numbers of the companies merged into `number`, at any depth of successors, each once and never
   * `number` itself; at most MAX_PREDECESSORS_COUNTED.
   */
  predecessorsOf(number: string): string[] {
    return this.predecessors.all(number);
  }

  findByCorporateNumber(number: string): CompanyRecord | null {
    const row = this.byNumber.get(number);
    return row ? companyFromRow(row).company : null;
  }

  /**
   * Companies whose terms match any key, best first: match kind and field, the legal form the query named,
   * active before closed, record counts, number. The look-ups run in stages, cheapest first: exact, then
   * prefix, then partial (trigram index for keys of three characters or more, short-gram index below that),
   * each only when the stages before it did not fill the limit, since its matches always rank below theirs.
   * Each stage ranks the bare candidates; only the companies shown are read whole.
   */
  searchByKeys(
    keys: readonly string[],
    limit: number,
    legalForm: string | null = null,
    registered: string | null = null,
  ): CompanyHit[] {
    return this.findByKeys(keys, limit, legalForm, limit, registered).hits;
  }

  /**
   * The same search, every company found by its id and only the first `whole` read whole: a query that follows many
   * companies into the records (/search follows 50) shows ten of them, and reading a company whole (aliases,
   * predecessors) was most of the search's cost. `registered` is the query as a registered name (registeredNameKey):
   * the companies registered under exactly that name rank first among the name's.
   */
  findByKeys(
    keys: readonly string[],
    limit: number,
    legalForm: string | null,
    whole: number,
    registered: string | null = null,
  ): FoundCompanyIds {
    if (keys.length === 0) return { ids: [], ranked: [], hits: [] };
    // The best `limit` are the first `limit` of any longer answer (the stages only add lower-ranked matches),
    // so an answer kept for a larger limit, or one that held every match, serves a smaller limit too.
    if (this.answers === null) return this.foundByKeys(keys, limit, legalForm, whole, registered);
    const key = JSON.stringify([keys, legalForm, registered]);
    const kept = this.answers.peek(key);
    const shown = (ids: readonly number[]) => Math.min(whole, limit, ids.length);
    if (
      kept !== undefined &&
      (kept.limit >= limit || kept.ids.length < kept.limit) &&
      kept.hits.length >= shown(kept.ids)
    )
      return {
        ids: kept.ids.slice(0, limit),
        ranked: kept.ranked.slice(0, limit),
        hits: kept.hits.slice(0, shown(kept.ids)),
      };
    const found = this.foundByKeys(keys, limit, legalForm, whole, registered);
    this.answers.put(key, { limit, ...found });
    return found;
  }

  private foundByKeys(
    keys: readonly string[],
    limit: number,
    legalForm: string | null,
    whole: number,
    registered: string | null,
  ): FoundCompanyIds {
    const ranked = this.search(keys, limit, legalForm, registered);
    // a search that follows companies into the records and shows none (company=) reads none whole
    return { ids: ranked.map((row) => row.id), ranked, hits: whole > 0 ? this.hitsOf(ranked.slice(0, whole)) : [] };
  }

  /** The Corporate Numbers and name keys of these companies (ids of findByKeys), best first; an unknown id is skipped. */
  followed(ids: readonly number[]): FollowedCompanies {
    return this.followedCompanies.followed(ids);
  }

  /** The company of this Corporate Number as an answer about it follows it into the records; null for none. */
  ofNumber(number: string): CompanyOfNumber | null {
    return this.followedCompanies.ofNumber(number);
  }

  /**
   * How many companies searchByKeys would find without a limit, counted no further than `cap`: the companies with a
   * term that holds a key, which every exact and prefix match does too. Each key's look-up reads its index no
   * further than the cap needs, the last key (a Latin query's loose romaji key, which folds the spellings of a sound
   * together and so finds the most) first: a common romanized name (yoshida) reaches the cap on it alone.
   */
  countByKeys(keys: readonly string[], cap: number): number {
    const [only] = keys;
    if (keys.length === 1 && only !== undefined) {
      const { sql, params } = this.companiesHolding(only, cap);
      return this.counts.prepared(`SELECT count(*) AS n FROM (${sql})`).get(...params)?.n ?? 0;
    }
    const idsOf = (key: string) => () => {
      const { sql, params } = this.companiesHolding(key, cap);
      return this.companyIds
        .prepared(sql)
        .pluck()
        .all(...params);
    };
    return countDistinctUpTo([...keys].reverse().map(idsOf), cap);
  }

  /**
   * The ids of the companies with a term that holds `key`, at most `cap` of them, as SQL and its parameters. A document
   * is a company: the index alone counts them, unless each must be checked for the whole key. Then a company with a
   * term that starts with the key (read in order from the term index, at most `cap` of them: any of them is one) is
   * one without a check: a common name's companies are mostly those, and each check is a read of the company's terms
   * on a random page of their index, most of a count's cost at all Japan.
   */
  private companiesHolding(key: string, cap: number): { sql: string; params: string[] } {
    const { index, match, exact } = this.partials.of(key);
    const matches = `SELECT f.rowid AS company_id FROM ${index} f WHERE ${index} MATCH ?`;
    if (exact) return { sql: `${matches} ${limitSql(cap)}`, params: [match] };
    const startsWith = `SELECT s.company_id FROM company_terms s WHERE s.term >= ? AND s.term < ? ${limitSql(cap)}`;
    const holds = 'SELECT 1 FROM company_terms t WHERE t.company_id = f.rowid AND instr(t.term, ?) > 0';
    return {
      sql: `${matches} AND (f.rowid IN (${startsWith}) OR EXISTS (${holds})) ${limitSql(cap)}`,
      params: [match, key, prefixUpperBound(key), key],
    };
  }

  /** The companies found, best first, at most `limit`: ids and how each matched. */
  private search(
    keys: readonly string[],
    limit: number,
    legalForm: string | null,
    registered: string | null,
  ): RankedId[] {
    const ranked: RankedId[] = this.registeredNames
      .registeredAs(keys, legalForm, registered, limit)
      .map((id) => ({ id, match_kind: 'exact', match_field: 'name', match_alias_kind: null }));
    for (const stage of MATCH_KINDS) {
      this.rankStage(keys, limit, legalForm, stage, ranked);
      if (ranked.length >= limit) break;
    }
    return ranked;
  }

  /** These companies (of a search's `ranked`) read whole, in their order, with how each matched. */
  hitsOf(ranked: readonly RankedId[]): CompanyHit[] {
    const companies = this.companiesById(ranked.map((row) => row.id));
    const hits: CompanyHit[] = [];
    for (const row of ranked) {
      // a company deleted by another process between the two statements (outside a held read transaction) is left out
      const company = companies.get(row.id);
      if (company === undefined) continue;
      hits.push({
        company,
        match: {
          field: row.match_field,
          kind: row.match_kind,
          alias_kind: row.match_field === 'alias' ? row.match_alias_kind : null,
        },
      });
    }
    return hits;
  }

  /**
   * Appends to `ranked` the companies the stage's look-ups find, best first, until it holds `limit`. A stage's
   * matches all rank below those of the stages before it, so a company `ranked` already holds keeps its place and
   * its better match. The statement returns term rows, not companies: sorted by match and then by the rank copies
   * every row of a company shares, a company's first row is its best match, and the companies come in the order
   * of their first rows. Sorting the rows and skipping repeats here is cheaper than grouping them in SQLite; when
   * the rows asked for hold too few companies, the stage is asked again for more. Each row handed over costs about a
   * microsecond, as much as a company's whole share of the sort: the rows asked for are the companies still wanted,
   * the repeats of those ranked before, and a quarter more for companies with several matching terms.
   */
  private rankStage(
    keys: readonly string[],
    limit: number,
    legalForm: string | null,
    stage: MatchKind,
    ranked: RankedId[],
  ): void {
    const before = ranked.length;
    const known = new Set(ranked.map((row) => row.id));
    for (let rows = limit + Math.ceil(limit / ROWS_SLACK) + before; ; rows *= 4) {
      const { sql, params } = this.stageQuery(keys, stage, rows, legalForm);
      ranked.length = before;
      const found = new Set(known);
      const termRows = this.byKeys
        .prepared(sql)
        .raw()
        .all(...params);
      for (const [id, field, aliasKind] of termRows) {
        if (found.has(id)) continue;
        found.add(id);
        ranked.push({ id, match_kind: stage, match_field: field, match_alias_kind: aliasKind });
        if (ranked.length >= limit) return;
      }
      if (termRows.length < rows) return;
    }
  }

  /**
   * The stage's statement, ranking the first `ranked` rows of its look-ups, and its parameters: each key's bounded
   * look-up of the term index. An exact look-up reads the term's rows in the index's order, which is the rank's (field,
   * then the company's rank key): the first `ranked` of them hold the best `ranked` of every company the name is a
   * term of. Where the query names a legal form, which ranks first, the best CANDIDATES_PER_LOOKUP are ranked; a
   * single key's are read a field and form at a time in rank order (exactWithFormSql), with no sort. The other
   * look-ups read the first CANDIDATES_PER_LOOKUP rows they find, which the statement sorts.
   */
  private stageQuery(
    keys: readonly string[],
    stage: MatchKind,
    ranked: number,
    legalForm: string | null,
  ): { sql: string; params: readonly unknown[] } {
    const rows = CANDIDATES_PER_LOOKUP;
    const [only] = keys;
    if (stage === 'exact' && legalForm !== null && keys.length === 1 && only !== undefined)
      return { sql: exactWithFormSql(rows, ranked), params: [{ key: only, form: legalForm }] };
    const stageRank = MATCH_KINDS.indexOf(stage) * 10;
    const params: string[] = [];
    const parts: string[] = [];
    for (const key of keys) {
      if (stage === 'exact') {
        const inRank = 'company_terms t WHERE t.term = ? ORDER BY t.field_rank, t.rank_key, t.field, t.alias_kind';
        parts.push(lookupSql(legalForm === null ? Math.min(ranked, rows) : rows, stageRank, inRank));
        params.push(key);
        continue;
      }
      if (stage === 'prefix') {
        parts.push(lookupSql(rows, stageRank, 'company_terms t WHERE t.term > ? AND t.term < ?'));
        params.push(key, prefixUpperBound(key));
        continue;
      }
      // the index finds the companies; the company's terms that hold the key are its matches
      const { index, match } = this.partials.of(key);
      const short = index === 'company_grams' ? ` AND ${shortGramTermsSql('t.')}` : '';
      const from = `${index} f JOIN company_terms t ON t.company_id = f.rowid WHERE ${index} MATCH ?${short} AND instr(t.term, ?) > 0`;
      parts.push(lookupSql(rows, stageRank, from));
      params.push(match, key);
    }
    return { sql: rankedStageSql(parts.join(' UNION ALL '), ranked), params: [...params, legalForm] };
  }

  /** The companies of these ids with their aliases, by id. */
  private companiesById(ids: readonly number[]): Map<number, CompanyRecord> {
    const companies = new Map<number, CompanyRecord>();
    for (const row of this.byIds.all(JSON.stringify(ids))) {
      const { id, company } = companyFromRow(row);
      companies.set(id, company);
    }
    return companies;
  }
}
