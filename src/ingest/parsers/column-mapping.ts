// The column mapping of a generic table source: which header feeds which record field, and how to read the file.
import type { RecordKind } from '../../domain/records/record.js';

/** The record fields a table column can feed; what each means is FIELD_MEANINGS'. */
export type MappedField =
  | 'company_name'
  | 'company_address'
  | 'corporate_number'
  | 'date'
  | 'period'
  | 'period_from'
  | 'period_to'
  | 'reason'
  | 'summary'
  | 'law'
  | 'action_type'
  | 'sector'
  | 'permit_number'
  | 'scope'
  | 'lifted_on'
  | 'authority'
  | 'record_url';

/** What a field holds, in an operator's words, and a cell a publisher writes for it. */
export interface FieldMeaning {
  readonly meaning: string;
  readonly example: string;
  /** Its cells are words (not a name, a number, a date or an address): a column of another such field may hold it. */
  readonly words?: true;
}

/**
 * Each field a column can feed, in the order a mapping lists them: what it holds and a cell of it. The source files'
 * schema (registry/source-file-schema.ts) and the table of fields in docs/data-sources.md are made from it.
 */
export const FIELD_MEANINGS: Readonly<Record<MappedField, FieldMeaning>> = {
  company_name: {
    meaning: 'the party the record is about, as the list names it (a company, a sole proprietor, an association)',
    example: '株式会社見本建設',
  },
  company_address: {
    meaning:
      "the party's address as printed: its prefecture places the record, and with the name links it to a company",
    example: '大阪府大阪市中央区大手前2-1-22',
  },
  corporate_number: {
    meaning: "the party's 13-digit Corporate Number, where the list gives it: the record is linked to that company",
    example: '8999999000001',
  },
  date: {
    meaning: 'the day of the action, in any form publishers write (2025-03-14, 令和7年3月14日, R7.3.14)',
    example: '令和7年3月14日',
  },
  period: {
    meaning: "a whole period in one cell, its first day to its last (a suspension's)",
    example: '令和7年3月14日～令和7年6月13日',
  },
  period_from: { meaning: "a period's first day, in a column of its own", example: '2025/3/14' },
  period_to: { meaning: "a period's last day, in a column of its own", example: '2025/6/13' },
  reason: {
    meaning:
      "why, in the publisher's words: a suspension's reason, a licence action's (their codes read from the words)",
    example: '建設業法第28条第1項第2号に該当',

    words: true,
  },
  summary: {
    meaning: "what was done, in the publisher's words: an enforcement's account of its case",
    example: '労働者に違法な時間外労働を行わせたもの',

    words: true,
  },
  law: {
    meaning: 'the law an enforcement applies, cited as printed (its code read from the law it names)',
    example: '労働基準法第32条',

    words: true,
  },
  action_type: {
    meaning: "the action taken, its code read from its words (a mapping's action_types adds words)",
    example: '営業停止（7日間）',

    words: true,
  },
  sector: {
    meaning:
      "the trade a licence action's licence is for, its code read from its words (a mapping's sectors adds words)",
    example: '建設業',

    words: true,
  },
  permit_number: {
    meaning: 'the licence or registration the action is on, as printed',
    example: '大阪府知事許可（般-5）第12345号',
  },
  scope: {
    meaning: 'what a suspension covers (the offices, the kinds of contract), as printed',
    example: '全機関',
    words: true,
  },
  lifted_on: { meaning: 'the day the publisher says a suspension was lifted', example: '令和7年5月1日' },
  authority: {
    meaning:
      "the acting authority, where one list carries several (a bureau in a column); the source's publisher otherwise",
    example: '東京労働局',
  },
  record_url: {
    meaning: "the record's own page (a press release), cited instead of the list where a row has one",
    example: 'https://www.example.go.jp/press/20250314.html',
  },
};

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

/** The fields every kind reads: the party, its place and number, the acting authority, the record's own page. */
const EVERY_KIND: readonly MappedField[] = [
  'company_name',
  'company_address',
  'corporate_number',
  'authority',
  'record_url',
];

/** The fields each kind reads besides those every kind reads. */
const KIND_FIELDS: Readonly<Record<RecordKind, readonly MappedField[]>> = {
  procurement_suspension: ['reason', 'period', 'period_from', 'period_to', 'scope', 'lifted_on'],
  license_action: ['date', 'action_type', 'sector', 'permit_number', 'reason', 'period'],
  enforcement: ['date', 'summary', 'law', 'action_type'],
};

/** Whether a record of the kind reads the field. */
export function kindReads(kind: RecordKind, field: MappedField): boolean {
  return EVERY_KIND.includes(field) || KIND_FIELDS[kind].includes(field);
}

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
