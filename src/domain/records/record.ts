// The three record kinds, defined once: what a validated record holds, which the store writes and reads back.
// TypeBox schemas, so that the import format (record-input.ts) and the API's resources (api/schemas/records.ts)
// are derived from them rather than written again.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { LISTING_STATUSES } from '../vocabularies/enums.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, Japan time' });
const Instant = Type.String({ format: 'date-time', description: 'RFC 3339 instant, UTC' });

export const Period = Type.Object({ from: DateString, to: Nullable(DateString) }, { additionalProperties: false });
export type Period = Static<typeof Period>;

export const Permit = Type.Object(
  { sector_code: Type.String(), number: Nullable(Type.String()) },
  { additionalProperties: false },
);
export type Permit = Static<typeof Permit>;

export const CompanyLink = Type.Union([Type.Literal('source'), Type.Literal('name_address')], {
  description:
    '`source`: the source gave the Corporate Number; `name_address`: matched unambiguously by name and address (the one company of the name in the city, else in the prefecture)',
});
export type CompanyLink = Static<typeof CompanyLink>;

export const CompanyRef = Type.Object(
  {
    corporate_number: Nullable(Type.String({ description: '13 digits with a valid check digit' })),
    name: Type.String({ minLength: 1, description: 'the name as the source writes it' }),
    name_en: Nullable(Type.String()),
    link: Nullable(CompanyLink),
    prefecture_code: Nullable(
      Type.String({
        pattern: '^\\d{2}$',
        description:
          'JIS code (01-47) of the prefecture the source places the company in (given, or read from `address`); null when unknown',
      }),
    ),
    address: Nullable(
      Type.String({ description: 'the location as the source writes it; null when the source gives none' }),
    ),
  },
  { additionalProperties: false },
);
export type CompanyRef = Static<typeof CompanyRef>;

export const SourceRef = Type.Object(
  {
    id: Type.String({ minLength: 1, description: 'the source registry id, or `web:` and a hash of the URL' }),
    url: Type.String({ minLength: 1 }),
    title: Type.String({ minLength: 1 }),
    published_on: Nullable(DateString),
    retrieved_at: Instant,
  },
  { additionalProperties: false },
);
export type SourceRef = Static<typeof SourceRef>;

/**
 * Where the record stands on its source's list: the dates of the first and last editions of the list that held
 * it (an edition's date is the list's own, else the day it was collected, in Japan time), and `delisted` once a
 * later edition no longer holds it. A delisted case still happened, so the record is kept (ingest/collect/edition-merge.ts).
 */
export const Listing = Type.Object(
  {
    status: Type.Union(
      LISTING_STATUSES.map((s) => Type.Literal(s)),
      {
        description:
          "`listed`: the latest edition of the source's list holds the record; `delisted`: a later edition dropped it",
      },
    ),
    first_listed_on: DateString,
    last_listed_on: DateString,
  },
  { additionalProperties: false },
);
export type Listing = Static<typeof Listing>;
export type ListingStatus = Listing['status'];

/** The fields every kind shares. */
const shared = {
  id: Type.String({ minLength: 1, description: 'stable across rebuilds, derived from the source and the source key' }),
  source_key: Type.String({ minLength: 1, description: "the record's key within its source" }),
  company: CompanyRef,
  authority: Type.String({ description: 'authority code' }),
  source: SourceRef,
  listing: Listing,
};

export const Enforcement = Type.Object(
  {
    kind: Type.Literal('enforcement'),
    ...shared,
    law: Type.String({ description: 'law code (the first law cited)' }),
    laws: Type.Array(Type.String(), { description: 'every law code cited, `law` first' }),
    law_detail: Nullable(Type.String({ description: 'the articles as the source cites them' })),
    action_type: Type.String(),
    date: DateString,
    summary: Type.String({ minLength: 1 }),
    summary_en: Nullable(Type.String()),
    amount_jpy: Nullable(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type Enforcement = Static<typeof Enforcement>;

export const ProcurementSuspension = Type.Object(
  {
    kind: Type.Literal('procurement_suspension'),
    ...shared,
    reason: Type.String({ description: 'reason code' }),
    reason_detail: Type.String({ minLength: 1, description: "the source's words" }),
    period: Period,
    /** Set when the source says the suspension was lifted: its date, else the publication date. */
    lifted_on: Nullable(DateString),
    scope: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type ProcurementSuspension = Static<typeof ProcurementSuspension>;

/** How many permits a record lists in an answer; `permits_total` gives the full count. */
export const MAX_PERMITS_SHOWN = 50;

export const LicenseAction = Type.Object(
  {
    kind: Type.Literal('license_action'),
    ...shared,
    sector_code: Type.String({ description: 'the primary sector, kept for compatibility' }),
    sector_codes: Type.Array(Type.String(), {
      description: 'every affected sector: sector_code first, then the others given, then the sectors of the permits',
    }),
    permits: Type.Array(Permit, { description: `the permits concerned; an answer lists at most ${MAX_PERMITS_SHOWN}` }),
    permits_total: Type.Integer({ minimum: 0, description: 'how many permits the record concerns in all' }),
    action_type: Type.String(),
    nature: Type.String(),
    date: DateString,
    period: Nullable(Period),
    reason_detail: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type LicenseAction = Static<typeof LicenseAction>;

export type ValidRecord = Enforcement | ProcurementSuspension | LicenseAction;
export type RecordKind = ValidRecord['kind'];
export type RecordOfKind<K extends RecordKind> = Extract<ValidRecord, { kind: K }>;

export const RECORD_KINDS: readonly RecordKind[] = ['enforcement', 'procurement_suspension', 'license_action'];

/** `value` of each record kind, each kind named: a kind added to RecordKind and not named here fails the type check. */
export function perRecordKind<T>(value: (kind: RecordKind) => T): Record<RecordKind, T> {
  return {
    enforcement: value('enforcement'),
    procurement_suspension: value('procurement_suspension'),
    license_action: value('license_action'),
  };
}

/** The name each kind's records are listed under in answers: `data.<list>` of its endpoint and of /search, `meta.matches`. */
export const RECORD_LISTS = {
  enforcement: 'enforcements',
  procurement_suspension: 'procurement_suspensions',
  license_action: 'license_actions',
} as const satisfies Readonly<Record<RecordKind, string>>;

export const RECORD_ID_PREFIX: Readonly<Record<RecordKind, string>> = {
  enforcement: 'enf_',
  procurement_suspension: 'ps_',
  license_action: 'la_',
};
