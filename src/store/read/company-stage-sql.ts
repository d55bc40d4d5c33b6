// The SQL of a company search's stages (company-queries.ts): each key's bounded look-up of the term index, and the
// statement that ranks what the look-ups found.
import { SHORT_GRAM_TERMS } from '../../domain/companies/company-terms.js';
import { FIELD_RANKS, fieldRankSql } from '../schema/company-rank.js';
import { limitSql } from './statement-cache.js';

/** The terms the short-gram index holds the grams of (SHORT_GRAM_TERMS), as a condition on the term row `row`. */
export function shortGramTermsSql(row = ''): string {
  const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
  const { fields, aliasKinds } = SHORT_GRAM_TERMS;
  return `(${row}field IN (${list(fields)}) OR (${row}field = 'alias' AND ${row}alias_kind IN (${list(aliasKinds)})))`;
}

/**
 * One bounded look-up of the term index, ranked: the stage's rank (its kind × 10) + field, with the rank copies of the
 * term's company. The field's rank is its expression (fieldRankSql), so that a partial look-up reads the index by
 * company alone.
 */
export function lookupSql(rows: number, stageRank: number, from: string): string {
  return `SELECT * FROM (SELECT t.company_id, ${stageRank} + (${fieldRankSql('t.')}) AS rank, t.field, t.alias_kind, t.legal_form, t.rank_key
    FROM ${from} ${limitSql(rows)})`;
}

/**
 * The look-ups' rows sorted best first, the first `rows` of them: match kind and field, the legal form the query named
 * (its parameter follows the look-ups'), then the company's rank key (company-rank.ts); field and alias kind last, so
 * that a company's best match is its first row.
 */
export function rankedStageSql(lookups: string, rows: number): string {
  return `SELECT company_id, field, alias_kind FROM (${lookups})
      ORDER BY rank, legal_form IS NOT ?, rank_key, field, alias_kind ${limitSql(rows)}`;
}

/**
 * An exact look-up of one key (@key) by a query that names a legal form (@form), ranked as rankedStageSql ranks it, the
 * first `rows`: of the term's best `window` rows in the term index's order (field, then rank key), those of each field
 * with the form asked, then those without it. The index gives each part in rank order, so a common name's rows are
 * read only until the page is full, where sorting the whole window cost most of a full name's look-up.
 */
export function exactWithFormSql(window: number, rows: number): string {
  const best = `SELECT t.company_id, t.field_rank, t.field, t.alias_kind, t.legal_form FROM company_terms t
    WHERE t.term = @key ORDER BY t.field_rank, t.rank_key, t.field, t.alias_kind ${limitSql(window)}`;
  const parts = FIELD_RANKS.flatMap((rank) =>
    ['legal_form = @form', 'legal_form IS NOT @form'].map(
      (form) => `SELECT company_id, field, alias_kind FROM best WHERE field_rank = ${rank} AND ${form}`,
    ),
  );
  // not materialized: each part reads the index from the term's first row, and only while the page is not full
  return `WITH best AS NOT MATERIALIZED (${best}) ${parts.join(' UNION ALL ')} ${limitSql(rows)}`;
}
