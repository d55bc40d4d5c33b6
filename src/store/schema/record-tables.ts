// The one map from a record kind to where it is stored: its table and columns, the column it is ordered by,
// its child tables, its free-text indexes and the company column that counts it. Every store module reads it.
import type { RecordKind } from '../../domain/records/record.js';

export interface RecordTable {
  readonly kind: RecordKind;
  readonly table: string;
  /** Records are listed newest first by this column (a suspension by its start). */
  readonly orderColumn: string;
  /** The kind's own columns, after the shared ones (COMMON_COLUMNS). */
  readonly columns: readonly string[];
  /** Tables holding rows of each record by its `rid`. */
  readonly children: readonly string[];
  /** The trigram index of `q` (3 characters and more) and the short-gram index (1 and 2). */
  readonly textIndex: string;
  readonly gramIndex: string;
  /** Each record's text as its trigram index holds it, by the index's rowid, where a word is checked whole. */
  readonly texts: string;
  /** The trigram index of the company name key alone (`company=` on records no company was found for). */
  readonly nameIndex: string;
  /** The column of `companies` that counts the company's records of this kind. */
  readonly companyCount: string;
}

/** The columns every record table has besides `rid`; the writer fills them from the shared fields. */
export const COMMON_COLUMNS = [
  'id',
  'source_id',
  'source_key',
  'company_corporate_number',
  'company_name',
  'company_name_norm',
  'company_name_printed',
  'company_name_en',
  'company_link',
  'company_prefecture_code',
  'company_address',
  'authority_code',
  'source_url',
  'source_title',
  'published_on',
  'retrieved_at',
  'listing_status',
  'first_listed_on',
  'last_listed_on',
] as const;

function table<K extends RecordKind>(
  kind: K,
  name: string,
  orderColumn: string,
  columns: readonly string[],
  children: readonly string[] = [],
): RecordTable & { readonly kind: K } {
  return {
    kind,
    table: name,
    orderColumn,
    columns,
    children,
    textIndex: `${name}_fts`,
    gramIndex: `${name}_grams`,
    texts: `${name}_texts`,
    nameIndex: `${name}_names`,
    companyCount: `${kind}_count`,
  };
}

export const RECORD_TABLES: Readonly<{ [K in RecordKind]: RecordTable & { readonly kind: K } }> = {
  enforcement: table(
    'enforcement',
    'enforcements',
    'date',
    ['law_code', 'law_detail', 'action_type', 'date', 'summary', 'summary_en', 'amount_jpy'],
    ['enforcement_laws'],
  ),
  procurement_suspension: table('procurement_suspension', 'procurement_suspensions', 'period_from', [
    'reason_code',
    'reason_detail',
    'period_from',
    'period_to',
    'lifted_on',
    'scope',
  ]),
  license_action: table(
    'license_action',
    'license_actions',
    'date',
    ['sector_code', 'action_type', 'nature', 'date', 'period_from', 'period_to', 'reason_detail'],
    ['license_action_sectors', 'license_action_permits'],
  ),
};

/** Every record table, in the order of RECORD_KINDS. */
export const ALL_RECORD_TABLES: readonly RecordTable[] = Object.values(RECORD_TABLES);

/**
 * The condition that a company has records linked to it (one of its counts above 0), on the companies row `row`
 * (`c.`, say, or nothing). The partial index companies_with_records holds the rows it is true of.
 */
export function hasLinkedRecordsSql(row = ''): string {
  return ALL_RECORD_TABLES.map((t) => `${row}${t.companyCount} > 0`).join(' OR ');
}
