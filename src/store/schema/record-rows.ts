// A record and its table row, both ways: the one place that knows which column holds which field.
import { recordNameKey } from '../../domain/records/record-names.js';
import { printedNameKey } from '../../domain/companies/names.js';
import { memoRecent } from '../../lib/memo.js';
import {
  CompanyLink,
  type Permit,
  type RecordKind,
  type RecordOfKind,
  type ValidRecord,
} from '../../domain/records/record.js';
import { LISTING_STATUSES } from '../../domain/vocabularies/enums.js';

export type Row = Record<string, string | number | null>;

/** The values company_link may hold (its CHECK constraint), besides null. */
const COMPANY_LINKS = CompanyLink.anyOf.map((literal) => literal.const);

/** What a record holds in its child tables, read for a page of records at once (record-children.ts). */
export interface ChildValues {
  /** Every law cited, the primary one first (enforcements). */
  readonly laws: readonly string[];
  /** Every affected sector, the primary one first (licence actions). */
  readonly sectors: readonly string[];
  /** The permits read (at most what the reader asked for) and how many the record has in all. */
  readonly permits: readonly Permit[];
  readonly permitsTotal: number;
}

/** A file's records name the same company one after another: its printed key is worked out once for them. */
const printedKeyOf = memoRecent(printedNameKey);

/** The record as named parameters for its table's INSERT (COMMON_COLUMNS and the kind's columns). */
export function rowOf(record: ValidRecord): Record<string, string | number | null> {
  const { company, source } = record;
  const common = {
    id: record.id,
    source_id: source.id,
    source_key: record.source_key,
    company_corporate_number: company.corporate_number,
    company_name: company.name,
    company_name_norm: recordNameKey(company.name),
    company_name_printed: printedKeyOf(company.name),
    company_name_en: company.name_en,
    company_link: company.link,
    company_prefecture_code: company.prefecture_code,
    company_address: company.address,
    authority_code: record.authority,
    source_url: source.url,
    source_title: source.title,
    published_on: source.published_on,
    retrieved_at: source.retrieved_at,
    listing_status: record.listing.status,
    first_listed_on: record.listing.first_listed_on,
    last_listed_on: record.listing.last_listed_on,
  };
  switch (record.kind) {
    case 'enforcement':
      return Object.assign(common, {
        law_code: record.law,
        law_detail: record.law_detail,
        action_type: record.action_type,
        date: record.date,
        summary: record.summary,
        summary_en: record.summary_en,
        amount_jpy: record.amount_jpy,
      });
    case 'procurement_suspension':
      return Object.assign(common, {
        reason_code: record.reason,
        reason_detail: record.reason_detail,
        period_from: record.period.from,
        period_to: record.period.to,
        lifted_on: record.lifted_on,
        scope: record.scope,
      });
    case 'license_action':
      return Object.assign(common, {
        sector_code: record.sector_code,
        action_type: record.action_type,
        nature: record.nature,
        date: record.date,
        period_from: record.period?.from ?? null,
        period_to: record.period?.to ?? null,
        reason_detail: record.reason_detail,
      });
  }
}

/** The record a row and its child values stand for. */
export function recordOf<K extends RecordKind>(kind: K, row: Row, children: ChildValues): RecordOfKind<K> {
  return RECORD_OF[kind](row, children);
}

const RECORD_OF: { readonly [K in RecordKind]: (row: Row, children: ChildValues) => RecordOfKind<K> } = {
  enforcement: (row, children) => ({
    kind: 'enforcement',
    ...shared(row),
    law: text(row.law_code),
    laws: children.laws.length > 0 ? [...children.laws] : [text(row.law_code)],
    law_detail: nullableText(row.law_detail),
    action_type: text(row.action_type),
    date: text(row.date),
    summary: text(row.summary),
    summary_en: nullableText(row.summary_en),
    amount_jpy: row.amount_jpy === null ? null : Number(row.amount_jpy),
  }),
  procurement_suspension: (row) => ({
    kind: 'procurement_suspension',
    ...shared(row),
    reason: text(row.reason_code),
    reason_detail: text(row.reason_detail),
    period: { from: text(row.period_from), to: nullableText(row.period_to) },
    lifted_on: nullableText(row.lifted_on),
    scope: nullableText(row.scope),
  }),
  license_action: (row, children) => ({
    kind: 'license_action',
    ...shared(row),
    sector_code: text(row.sector_code),
    sector_codes: children.sectors.length > 0 ? [...children.sectors] : [text(row.sector_code)],
    permits: children.permits.map((p) => ({ ...p })),
    permits_total: children.permitsTotal,
    action_type: text(row.action_type),
    nature: text(row.nature),
    date: text(row.date),
    period: row.period_from === null ? null : { from: text(row.period_from), to: nullableText(row.period_to) },
    reason_detail: nullableText(row.reason_detail),
  }),
};

function shared(row: Row) {
  return {
    id: text(row.id),
    source_key: text(row.source_key),
    company: {
      corporate_number: nullableText(row.company_corporate_number),
      name: text(row.company_name),
      name_en: nullableText(row.company_name_en),
      link: COMPANY_LINKS.find((link) => link === row.company_link) ?? null,
      prefecture_code: nullableText(row.company_prefecture_code),
      address: nullableText(row.company_address),
    },
    authority: text(row.authority_code),
    source: {
      id: text(row.source_id),
      url: text(row.source_url),
      title: text(row.source_title),
      published_on: nullableText(row.published_on),
      retrieved_at: text(row.retrieved_at),
    },
    listing: {
      // the column's CHECK constraint holds it to these, 'listed' its default
      status: LISTING_STATUSES.find((status) => status === row.listing_status) ?? 'listed',
      first_listed_on: text(row.first_listed_on),
      last_listed_on: text(row.last_listed_on),
    },
  };
}

function text(value: string | number | null | undefined): string {
  return String(value ?? '');
}

function nullableText(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
