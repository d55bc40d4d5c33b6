// The column mapping of a generic table source: which header feeds which record field, and how to read the file.
import type { RecordKind } from '../../domain/records/record.js';

/** The record fields a table column can feed. */
export type MappedField =
  | 'company_name'
  | 'company_address'
  | 'corporate_number'
  /** The action's date (enforcement, licence action). */
  | 'date'
  /** One cell holding a whole period: 「令和7年3月14日～令和7年6月13日」. */
  | 'period'
  | 'period_from'
  | 'period_to'
  /** The reason words: reason_detail of a suspension, reason_detail of a licence action. */
  | 'reason'
  /** An enforcement's summary. */
  | 'summary'
  | 'law'
  | 'action_type'
  | 'sector'
  | 'permit_number'
  | 'scope'
  /** A date on which the source says the suspension was lifted (解除日). */
  | 'lifted_on'
  /** The acting authority, where one list carries several (a bureau's name in a column). */
  | 'authority'
  /** The record's own page (a press release), cited as its source instead of the list where a row has one. */
  | 'record_url';

export const MAPPED_FIELDS: readonly MappedField[] = [
  'company_name',
  'company_address',
  'corporate_number',
  'date',
  'period',
  'period_from',
  'period_to',
  'reason',
  'summary',
  'law',
  'action_type',
  'sector',
  'permit_number',
  'scope',
  'lifted_on',
  'authority',
  'record_url',
];

export function isMappedField(name: string): name is MappedField {
  return MAPPED_FIELDS.some((field) => field === name);
}

/** Text encodings a CSV source is published in; 'auto' reads a BOM, then strict UTF-8, else CP932. */
export type TextEncoding = 'auto' | 'utf-8' | 'shift_jis';

/** The date notations a source uses: wareki (令和7年3月14日, R7.3.14) and western (2025/3/14). */
export type DateForm = 'wareki' | 'western';

/** Values every record of a source shares where the list has no column for them (its action, its law). */
export interface FixedValues {
  readonly action_type?: string;
  readonly law?: string;
  readonly sector_code?: string;
  readonly scope?: string;
}

export interface ColumnMapping {
  /** Header text per field; several spellings may be listed, the first one found wins. */
  readonly columns: { readonly [F in MappedField]?: readonly string[] };
  /** CSV only; default 'auto'. */
  readonly encoding?: TextEncoding;
  /** XLSX only: the sheet's name; the first sheet when absent. */
  readonly sheet?: string;
  /** HTML only: text of the table's caption or of the heading just before it; else the first table whose headers fit. */
  readonly table_caption?: string;
  /** The notations the source's dates are in; both when absent. A date in another notation is an error. */
  readonly date_forms?: readonly DateForm[];
  /** Values every record of the source shares, where the list has no column for them. */
  readonly fixed?: FixedValues;
  /** Words of the action column and the codes they mean, tried in order (「営業停止」 → business_suspension_order). */
  readonly action_types?: readonly (readonly [words: string, code: string])[];
  /**
   * Where one list holds several streams (the JFTC's Antimonopoly Act actions beside its subcontracting
   * recommendations): the header of the column naming a row's stream, and per stream's words the values its rows
   * share. They stand before `fixed`; a row whose stream has no words here takes `fixed` alone.
   */
  readonly fixed_by?: {
    readonly column: string;
    readonly values: readonly (readonly [words: string, values: FixedValues])[];
  };
  /**
   * Columns read, in order, where a field's own cell is blank in a row (the party as published where the
   * company column is blank; the yearly list where a row has no press release of its own).
   */
  readonly fallbacks?: { readonly [F in MappedField]?: readonly string[] };
  /** Words of the sector column and the codes they mean, tried in order (「宅地建物取引業」 → real_estate_brokerage). */
  readonly sectors?: readonly (readonly [words: string, code: string])[];
  /**
   * The fields whose cells, together, tell the list's records apart: each record's key within its source, from
   * which its id is made (a list naming one company twice on one day for two acts: its case number's column). When
   * absent, the key is made from the record's kind, authority, company, date, action and law or sector
   * (record-id.ts, deriveSourceKey), and rows that share it but differ are told apart by their order.
   */
  readonly source_key?: readonly MappedField[];
}

/** The fields a kind's table must have a column for (or, where noted in `fixed`, a fixed value). */
export function requiredColumns(kind: RecordKind, mapping: ColumnMapping): MappedField[] {
  const fixed = mapping.fixed ?? {};
  switch (kind) {
    case 'procurement_suspension':
      return ['company_name', 'reason', mapping.columns.period_from ? 'period_from' : 'period'];
    case 'license_action':
      return [
        'company_name',
        'date',
        ...(fixed.action_type ? [] : (['action_type'] as const)),
        ...(fixed.sector_code ? [] : (['sector'] as const)),
      ];
    case 'enforcement':
      return [
        'company_name',
        'date',
        'summary',
        ...(fixed.law ? [] : (['law'] as const)),
        ...(fixed.action_type ? [] : (['action_type'] as const)),
      ];
  }
}
