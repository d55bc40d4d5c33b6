// What company search ranks equal matches by, kept on every term row of the company (company_terms.legal_form and
// rank_key) so that ranking reads the term index alone: joining each candidate term to its company was a large part
// of a search at a million companies. The schema's trigger keeps the copies in step
// when a company changes; the terms writer fills them when it writes a term.

/** Record counts above this rank alike (the key holds five decimal digits for them). */
const RANKED_RECORDS_MAX = 99_999;

/**
 * The SQL of a company row's rank key, smaller first: active before closed, then more records before fewer, then
 * by Corporate Number (13 digits, so its number orders as its text does). One integer, under 2 × 10^18.
 */
export function rankKeySql(company: string): string {
  const records = `${company}.enforcement_count + ${company}.procurement_suspension_count + ${company}.license_action_count`;
  return `((${company}.status = 'closed') * 1000000000000000000 + (${RANKED_RECORDS_MAX} - min(${RANKED_RECORDS_MAX}, ${records})) * 10000000000000 + CAST(${company}.corporate_number AS INTEGER))`;
}

/** The companies columns the rank copies depend on: a change to any of them rewrites the copies. */
export const RANKED_COMPANY_COLUMNS = [
  'legal_form',
  'status',
  'enforcement_count',
  'procurement_suspension_count',
  'license_action_count',
  'corporate_number',
] as const;

/** Every rank a term's field has (fieldRankSql), best first. */
export const FIELD_RANKS = [0, 1, 2] as const;

/**
 * A term's field's rank as an expression over the field of the term row `row`: the name, then the English name, then
 * the other names and the reading. A statement that reads the generated column (FIELD_RANK_SQL) is taken by SQLite to
 * read every column of the row, so one that ranks terms found through another index than the term index (which holds
 * every column) ranks them by the expression.
 */
export function fieldRankSql(row = ''): string {
  return `CASE ${row}field WHEN 'name' THEN ${FIELD_RANKS[0]} WHEN 'name_en' THEN ${FIELD_RANKS[1]} ELSE ${FIELD_RANKS[2]} END`;
}

/**
 * A term's field as ranking orders it (fieldRankSql). The term index holds it (company_terms.field_rank, a generated
 * column), so that an exact look-up reads a name's rows in rank order.
 */
export const FIELD_RANK_SQL = fieldRankSql();
