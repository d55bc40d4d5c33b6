// The procurement suspension coverage entry: one per publisher group.
import { Type, type Static } from '@sinclair/typebox';
import { Instant, DateOnly, Label, Nullable } from './common.js';

const Period = Type.Object({ from: Nullable(DateOnly), to: Nullable(DateOnly) });
const Freshness = Type.Object({
  status: Type.Union([Type.Literal('fresh'), Type.Literal('stale'), Type.Literal('never_collected')]),
  age_hours: Nullable(Type.Number()),
});

export const CoverageEntry = Type.Object({
  publisher_group: Label,
  sources: Type.Array(
    Type.Object({
      id: Type.String(),
      publisher: Label,
      title: Type.String(),
      url: Type.String(),
      observed_count: Type.Integer(),
      period: Period,
      last_success_at: Nullable(Instant),
      last_error: Nullable(Type.String()),
      freshness: Freshness,
    }),
  ),
  observed_count: Type.Integer(),
  period: Period,
  last_success_at: Nullable(Instant),
  freshness: Freshness,
  covered_bodies: Type.Integer(),
  official_total: Nullable(Type.Integer()),
  coverage_ratio: Nullable(Type.Number()),
});
export type CoverageEntry = Static<typeof CoverageEntry>;
