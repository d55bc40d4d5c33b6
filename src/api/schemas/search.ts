// The answer of /api/v1/search: the companies and each kind's records, and a meta block with what every list answer
// has, each list's full count and, per record kind, how the sources behind it stand.
import { Type, type TSchema } from '@sinclair/typebox';
import { RECORD_LISTS } from '../../domain/records/record.js';
import { MATCHES_COUNTED_UP_TO } from '../../domain/text/search-split.js';
import { AnswerCoverage, Envelope, Instant, ListMeta, NamedElsewhereMeta, Nullable, RecallMeta } from './common.js';
import { Company } from './company.js';
import { Enforcement, LicenseAction, ProcurementSuspension } from './records.js';

/** One property per record kind, under its list's name. */
function perRecordList<T extends TSchema>(schema: T) {
  return {
    [RECORD_LISTS.enforcement]: schema,
    [RECORD_LISTS.procurement_suspension]: schema,
    [RECORD_LISTS.license_action]: schema,
  };
}

const Matches = Type.Integer({
  minimum: 0,
  maximum: MATCHES_COUNTED_UP_TO,
  description: `the rows the list would hold without the limit, counted up to ${MATCHES_COUNTED_UP_TO} (${MATCHES_COUNTED_UP_TO} reads "${MATCHES_COUNTED_UP_TO} or more")`,
});

export const SearchMeta = Type.Object({
  ...ListMeta.properties,
  data_as_of: Nullable(Instant),
  matches: Type.Object(
    { companies: Matches, ...perRecordList(Matches) },
    { description: "each list's full count: where it exceeds what the list shows, ask the list's own endpoint" },
  ),
  coverage: Type.Object(perRecordList(AnswerCoverage), {
    description: "per record kind, how the sources behind its list stand, as each record endpoint's meta.coverage",
  }),
  recall: Type.Optional(RecallMeta),
  named_elsewhere: Type.Optional(NamedElsewhereMeta),
});

/** The companies, and each kind's records under its list's name. */
export const SearchAnswer = Envelope(
  {
    companies: Type.Array(Company),
    [RECORD_LISTS.enforcement]: Type.Array(Enforcement),
    [RECORD_LISTS.procurement_suspension]: Type.Array(ProcurementSuspension),
    [RECORD_LISTS.license_action]: Type.Array(LicenseAction),
  },
  SearchMeta,
);
