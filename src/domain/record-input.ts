// The record JSON Lines format of the contract: one record per line, codes for enum fields.
// One TypeBox schema is the validator, the TypeScript type and the documentation of the format.
import { Type, type Static } from '@sinclair/typebox';

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, Japan time' });
const Instant = Type.String({ format: 'date-time', description: 'RFC 3339 instant' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const CompanyRefInput = Type.Object(
  {
    corporate_number: Type.Optional(Nullable(Type.String({ description: '13 digits with a valid check digit' }))),
    name: Type.String({ minLength: 1, description: 'the name as the source writes it' }),
    name_en: Type.Optional(Nullable(Type.String())),
    link: Type.Optional(Type.Union([Type.Literal('source'), Type.Literal('name_address'), Type.Null()])),
    prefecture_code: Type.Optional(Nullable(Type.String({ pattern: '^\\d{2}$' }))),
    address: Type.Optional(Nullable(Type.String({ description: 'the location as the source writes it' }))),
  },
  { additionalProperties: false },
);

export const SourceRefInput = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, description: 'source registry id; derived from the URL when absent' })),
    url: Type.String({ minLength: 1 }),
    title: Type.String({ minLength: 1 }),
    published_on: Type.Optional(Nullable(DateString)),
    retrieved_at: Instant,
  },
  { additionalProperties: false },
);

const common = {
  id: Type.Optional(Type.String({ minLength: 1, description: 'derived from the source and source key when absent' })),
  source_key: Type.Optional(Type.String({ minLength: 1, description: "the record's key within its source" })),
  company: CompanyRefInput,
  authority: Type.String({ description: 'authority code' }),
  source: SourceRefInput,
};

export const EnforcementInput = Type.Object(
  {
    kind: Type.Literal('enforcement'),
    ...common,
    law: Type.String({ description: 'law code (the first law cited)' }),
    laws: Type.Optional(Type.Array(Type.String(), { description: 'every law code cited, the first included' })),
    law_detail: Type.Optional(Nullable(Type.String({ description: 'articles as the source cites them' }))),
    action_type: Type.String(),
    date: DateString,
    summary: Type.String({ minLength: 1 }),
    summary_en: Type.Optional(Nullable(Type.String())),
    amount_jpy: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  },
  { additionalProperties: false },
);

const Period = Type.Object(
  { from: DateString, to: Type.Union([DateString, Type.Null()]) },
  { additionalProperties: false },
);

export const ProcurementSuspensionInput = Type.Object(
  {
    kind: Type.Literal('procurement_suspension'),
    ...common,
    reason: Type.String(),
    reason_detail: Type.String({ minLength: 1 }),
    period: Period,
    status: Type.Optional(Type.String({ description: "only 'lifted' is taken from a source; the rest is computed" })),
    lifted_on: Type.Optional(Nullable(DateString)),
    scope: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);

export const LicenseActionInput = Type.Object(
  {
    kind: Type.Literal('license_action'),
    ...common,
    sector_code: Type.String(),
    sector_codes: Type.Optional(Type.Array(Type.String())),
    permits: Type.Optional(
      Type.Array(
        Type.Object({ sector_code: Type.String(), number: Nullable(Type.String()) }, { additionalProperties: false }),
      ),
    ),
    action_type: Type.String(),
    nature: Type.String(),
    date: DateString,
    period: Type.Optional(Type.Union([Period, Type.Null()])),
    status: Type.Optional(Type.String({ description: 'computed; ignored on import' })),
    reason_detail: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);

export const RecordInput = Type.Union([EnforcementInput, ProcurementSuspensionInput, LicenseActionInput]);

export type CompanyRefInput = Static<typeof CompanyRefInput>;
export type EnforcementInput = Static<typeof EnforcementInput>;
export type ProcurementSuspensionInput = Static<typeof ProcurementSuspensionInput>;
export type LicenseActionInput = Static<typeof LicenseActionInput>;
export type RecordInput = Static<typeof RecordInput>;
export type RecordKind = RecordInput['kind'];
export const RECORD_KINDS: readonly RecordKind[] = ['enforcement', 'procurement_suspension', 'license_action'];
