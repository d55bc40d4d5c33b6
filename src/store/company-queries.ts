// Company look-ups: by Corporate Number, and by name keys over the term index (exact, prefix, partial) with ranking.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';
import { ftsPhrase, prefixUpperBound, TRIGRAM_MIN_LENGTH } from '../domain/company-search-plan.js';
import type { TermField } from '../domain/company-terms.js';

export interface CompanyRecord {
  readonly corporate_number: string;
  readonly name: string;
  readonly name_kana: string | null;
  readonly name_en: string | null;
  readonly legal_form: string;
  readonly prefecture_code: string | null;
  readonly prefecture: string | null;
  readonly city: string | null;
  readonly street: string | null;
  readonly postal_code: string | null;
  readonly address_outside: string | null;
  readonly address_en: string | null;
  readonly status: 'active' | 'closed';
  readonly closed_on: string | null;
  readonly close_cause: string | null;
  readonly successor_corporate_number: string | null;
  readonly updated_on: string | null;
  readonly enforcement_count: number;
  readonly procurement_suspension_count: number;
  readonly license_action_count: number;
  readonly aliases: { readonly name: string; readonly kind: string }[];
}

export type MatchKind = 'exact' | 'prefix' | 'partial';

export interface CompanyMatch {
  readonly field: TermField | 'corporate_number';
  readonly kind: MatchKind;
  readonly alias_kind: string | null;
}

export interface CompanyHit {
  readonly company: CompanyRecord;
  readonly match: CompanyMatch;
}

/** How many term rows each look-up may bring back before ranking, so that a common term stays cheap. */
const CANDIDATES_PER_LOOKUP = 400;
const MATCH_KINDS: readonly MatchKind[] = ['exact', 'prefix', 'partial'];
// name, then English name, then aliases and kana (ties broken by activity and record counts)
const FIELD_RANK_SQL = "CASE t.field WHEN 'name' THEN 0 WHEN 'name_en' THEN 1 ELSE 2 END";

const COMPANY_COLUMNS = `c.id, c.corporate_number, c.name, c.name_kana, c.name_en, c.legal_form, c.prefecture_code, c.prefecture,
  c.city, c.street, c.postal_code, c.address_outside, c.address_en, c.status, c.closed_on, c.close_cause,
  c.successor_corporate_number, c.updated_on, c.enforcement_count, c.procurement_suspension_count, c.license_action_count`;

type CompanyRow = Omit<CompanyRecord, 'aliases'> & { id: number };
type RankedRow = CompanyRow & { match_rank: number; match_field: TermField; match_alias_kind: string | null };

export class CompanyQueries {
  private readonly byNumber;
  private readonly aliasesOf;
  private readonly byKeys = new Map<string, Statement<unknown[]>>();

  constructor(private readonly db: Db) {
    this.byNumber = db.prepare(`SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.corporate_number = ?`);
    this.aliasesOf = db.prepare('SELECT name, kind FROM company_aliases WHERE company_id = ? ORDER BY kind, name');
  }

  findByCorporateNumber(number: string): CompanyRecord | null {
    const row = this.byNumber.get(number) as CompanyRow | undefined;
    return row ? this.withAliases(row) : null;
  }

  /**
   * Companies whose terms match any key, best first: match kind and field, the legal form the query named,
   * active before closed, record counts, number. Exact and prefix look-ups run first; the partial look-ups
   * (trigram index for keys of three characters or more, short-gram index below that) run only when those
   * do not already fill the limit, since a partial match always ranks below them.
   */
  searchByKeys(keys: readonly string[], limit: number, legalForm: string | null = null): CompanyHit[] {
    if (keys.length === 0) return [];
    const head = this.run(keys, limit, legalForm, false);
    return head.length >= limit ? head : this.run(keys, limit, legalForm, true);
  }

  private run(keys: readonly string[], limit: number, legalForm: string | null, partial: boolean): CompanyHit[] {
    const params: string[] = [];
    const parts: string[] = [];
    const shape: string[] = [];
    for (const key of keys) {
      parts.push(lookup(0, 'company_terms t WHERE t.term = ?'));
      params.push(key);
      parts.push(lookup(1, 'company_terms t WHERE t.term > ? AND t.term < ?'));
      params.push(key, prefixUpperBound(key));
      if (!partial) continue;
      const long = [...key].length >= TRIGRAM_MIN_LENGTH;
      shape.push(long ? 't' : 'g');
      parts.push(lookup(2, long
        ? 'company_terms_fts f JOIN company_terms t ON t.id = f.rowid WHERE company_terms_fts MATCH ?'
        : 'company_grams g JOIN company_terms t ON t.id = g.rowid WHERE company_grams MATCH ?'));
      params.push(ftsPhrase(key));
    }
    const cacheKey = `${keys.length}:${partial}:${shape.join('')}`;
    let statement = this.byKeys.get(cacheKey);
    if (!statement) {
      statement = this.db.prepare(`
      WITH hits AS (${parts.join(' UNION ALL ')}),
      best AS (
        SELECT company_id, rank, field, alias_kind,
               ROW_NUMBER() OVER (PARTITION BY company_id ORDER BY rank, field, alias_kind) AS n
        FROM hits
      )
      SELECT ${COMPANY_COLUMNS}, b.rank AS match_rank, b.field AS match_field, b.alias_kind AS match_alias_kind
      FROM best b JOIN companies c ON c.id = b.company_id
      WHERE b.n = 1
      ORDER BY b.rank, c.legal_form IS NOT ?, c.status = 'closed',
               c.enforcement_count + c.procurement_suspension_count + c.license_action_count DESC,
               c.corporate_number
      LIMIT ?`);
      this.byKeys.set(cacheKey, statement);
    }
    const rows = statement.all(...params, legalForm, limit) as RankedRow[];
    return rows.map((row) => ({
      company: this.withAliases(row),
      match: {
        field: row.match_field,
        kind: MATCH_KINDS[Math.floor(row.match_rank / 10)]!,
        alias_kind: row.match_field === 'alias' ? row.match_alias_kind : null,
      },
    }));
  }

  private withAliases(row: CompanyRow): CompanyRecord {
    const { id, ...company } = row;
    const aliases = this.aliasesOf.all(id) as { name: string; kind: string }[];
    return { ...company, aliases };
  }
}

/** One bounded look-up of the term index, ranked: kind × 10 + field. */
function lookup(kind: number, from: string): string {
  return `SELECT * FROM (SELECT t.company_id, ${kind * 10} + ${FIELD_RANK_SQL} AS rank, t.field, t.alias_kind
    FROM ${from} LIMIT ${CANDIDATES_PER_LOOKUP})`;
}
