// A company, once: the shape the store returns and the API's company resource derives from (schemas/company.ts
// labels its codes and adds how it matched), in the order the resource shows it. The importers' input is the same
// company as one NTA row gives it.
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Nullable } from '../records/record.js';

const ALIAS_KINDS = ['romanized', 'former_name', 'brand', 'english_unverified'] as const;
export type AliasKind = (typeof ALIAS_KINDS)[number];

export const CompanyAlias = Type.Object({
  name: Type.String(),
  kind: Type.Union(ALIAS_KINDS.map((kind) => Type.Literal(kind))),
});
export type CompanyAlias = Static<typeof CompanyAlias>;

const CompanyAddress = Type.Object({
  prefecture_code: Nullable(Type.String()),
  prefecture: Nullable(Type.String()),
  city: Nullable(Type.String()),
  street: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  outside: Nullable(Type.String({ description: 'an address outside Japan' })),
  en: Nullable(Type.String()),
});

const CORPORATE_NUMBER = Type.String({ pattern: '^\\d{13}$' });

const RecordCounts = Type.Object({
  enforcements: Type.Integer(),
  procurement_suspensions: Type.Integer(),
  license_actions: Type.Integer(),
});

/** How many predecessors a company answer lists; `predecessors_total` gives the count. */
export const MAX_PREDECESSORS_SHOWN = 50;
/**
 * How many predecessors are counted (and, for `include_predecessors`, whose records are added): the walk along the
 * successor chains stops there, so one company merged into by tens of thousands costs a bounded read.
 */
export const MAX_PREDECESSORS_COUNTED = 10_000;

export const Company = Type.Object({
  corporate_number: CORPORATE_NUMBER,
  name: Type.String(),
  name_kana: Nullable(Type.String()),
  name_en: Nullable(Type.String({ description: 'the English name registered with the National Tax Agency' })),
  aliases: Type.Array(CompanyAlias),
  legal_form: Type.String({ description: 'a legal_form vocabulary code' }),
  address: CompanyAddress,
  status: Type.Union([Type.Literal('active'), Type.Literal('closed')]),
  closed_on: Nullable(DateString),
  /** The NTA close cause code: 01 清算の結了等, 11 合併による解散等, 21 登記官による閉鎖等, 31 その他. */
  close_cause: Nullable(Type.String()),
  successor_corporate_number: Nullable(Type.String()),
  record_counts: RecordCounts,
  predecessors: Type.Array(
    Type.Object({ corporate_number: CORPORATE_NUMBER, name: Type.String(), record_counts: RecordCounts }),
    {
      description: `the companies merged into this one at any depth (their successor chain leads here; never the company itself, even in a cycle of mergers), with their record counts: at most ${MAX_PREDECESSORS_SHOWN}, nearest first (those merged into it directly, then those merged into them); \`include_predecessors=true\` on the record endpoints adds their records`,
    },
  ),
  predecessors_total: Type.Integer({
    minimum: 0,
    description: `how many companies were merged into this one at any depth, counted up to ${MAX_PREDECESSORS_COUNTED} (${MAX_PREDECESSORS_COUNTED} reads "${MAX_PREDECESSORS_COUNTED} or more")`,
  }),
  /** The NTA update date. */
  updated_on: Nullable(DateString),
});
export type Company = Static<typeof Company>;

/**
 * A company as the importers hand it to the store: one NTA row's worth of state, decoded. The record counts and
 * predecessors are the store's to keep; the row adds the NTA kind code, the city code and the date of its change.
 */
export type CompanyInput = Omit<
  Company,
  'record_counts' | 'predecessors' | 'predecessors_total' | 'address' | 'aliases'
> & {
  /** The NTA kind code (301 株式会社, 399 その他の設立登記法人, …). */
  readonly kind_code: string | null;
  readonly address: Company['address'] & { readonly city_code: string | null };
  /** The NTA change date of the row; a row older than what is stored does not overwrite it. */
  readonly changed_on: string | null;
  readonly aliases: readonly CompanyAlias[];
};
