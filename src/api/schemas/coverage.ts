// The coverage answers: the procurement suspension entry (one per publisher group), and one entry per source of any kind.
import { Type, type Static } from '@sinclair/typebox';
import { Instant, DateOnly, Label, Nullable } from './common.js';
import { EDITION_DATE_SOURCES } from '../../domain/edition-date.js';
import { RECORD_KINDS } from '../../domain/records/record.js';

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

/** One source of one record kind, as GET /api/v1/coverage lists it. */
export const SourceCoverageEntry = Type.Object({
  id: Type.String({ description: "The source, as `kohyo sources` and the records' `source.id` name it." }),
  record_kind: Type.Union(RECORD_KINDS.map((kind) => Type.Literal(kind))),
  publisher: Label,
  title: Type.String(),
  url: Type.String({ description: "The publisher's list, where it is collected from." }),
  edition_on: Nullable(
    Type.String({
      format: 'date',
      description: 'The date of the edition of the list held (YYYY-MM-DD, Japan time); null before one is collected.',
    }),
  ),
  edition_date_source: Nullable(
    Type.Union(
      EDITION_DATE_SOURCES.map((source) => Type.Literal(source)),
      {
        description:
          "How `edition_on` was obtained: `printed` on the list by its publisher, the server's `last_modified`, the list's `latest_record`, or the day it was `collected` (a last resort); null where the run did not record it.",
      },
    ),
  ),
  edition_age_days: Nullable(
    Type.Integer({ description: 'Days from `edition_on` to today in Japan: how old the list held is.' }),
  ),
  observed_count: Type.Integer({ description: 'Records held from the source, delisted ones included.' }),
  last_success_at: Nullable(Instant),
  last_error: Nullable(Type.String({ description: "The newest run's error, when that run failed." })),
  freshness: Freshness,
  removed_by_retention: Type.Integer({
    description:
      'Records of the source removed after their retention ended (KOHYO_DELISTED_RETENTION_DAYS after they left the list).',
  }),
});
export type SourceCoverageEntry = Static<typeof SourceCoverageEntry>;
