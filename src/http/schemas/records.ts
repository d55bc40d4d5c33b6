// The three record kinds as the API shows them: enforcement, procurement suspension, licence action.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, Instant, Label, Nullable } from './common.js';

const Period = Type.Object({ from: DateOnly, to: Nullable(DateOnly) });

const common = {
  id: Type.String({ description: 'stable across rebuilds, derived from the source and its key for the record' }),
  company: Type.Object({
    corporate_number: Nullable(Type.String()),
    name: Type.String({ description: 'as the source names it' }),
    name_en: Nullable(Type.String()),
    link: Nullable(Type.Union([Type.Literal('source'), Type.Literal('name_address')])),
  }),
  authority: Type.Object({ ...Label.properties, group: Type.String() }),
  source: Type.Object({
    url: Type.String(),
    title: Type.String(),
    published_on: Nullable(DateOnly),
    retrieved_at: Instant,
  }),
};

export const Enforcement = Type.Object({
  ...common,
  law: Label,
  laws: Type.Array(Label, { description: 'every law the record cites, `law` first' }),
  law_detail: Nullable(Type.String({ description: 'the articles as the source cites them' })),
  action_type: Label,
  date: DateOnly,
  summary: Type.String(),
  summary_en: Nullable(Type.String()),
  amount_jpy: Nullable(Type.Integer()),
});
export type Enforcement = Static<typeof Enforcement>;

export const ProcurementSuspension = Type.Object({
  ...common,
  reason: Label,
  reason_detail: Type.String({ description: "the source's words" }),
  period: Period,
  status: Type.Union(['scheduled', 'active', 'ended', 'lifted'].map((s) => Type.Literal(s))),
  scope: Nullable(Type.String()),
});
export type ProcurementSuspension = Static<typeof ProcurementSuspension>;

export const LicenseAction = Type.Object({
  ...common,
  sector_code: Type.String({ description: 'the primary sector, kept for compatibility' }),
  sector_codes: Type.Array(Type.String(), { description: 'every affected sector, including those of the permits; contains sector_code' }),
  sectors: Type.Array(Label, { description: 'sector_codes with their labels' }),
  permits: Type.Array(Type.Object({ sector_code: Type.String(), number: Nullable(Type.String()) })),
  action_type: Label,
  nature: Label,
  status: Type.Union(['scheduled', 'in_effect', 'completed'].map((s) => Type.Literal(s))),
  date: DateOnly,
  period: Nullable(Period),
  reason_detail: Nullable(Type.String()),
});
export type LicenseAction = Static<typeof LicenseAction>;
