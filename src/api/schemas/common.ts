// Schemas shared by every answer: labelled codes, the meta block, the success envelope and the error body.
import { Type, type ArrayOptions, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES, ErrorDetails } from '../errors.js';
import { NOT_SEARCHED_NAMED } from '../../domain/coverage.js';
import { MATCHES_COUNTED_UP_TO } from '../../domain/text/search-split.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD, Japan time' });
export const Instant = Type.String({ format: 'date-time', description: 'RFC 3339, UTC' });

export const Label = Type.Object(
  { code: Type.String(), name: Type.String(), name_en: Type.String() },
  { description: 'A code with its Japanese and English labels' },
);

export const Links = Type.Object(
  {
    self: Type.String({ description: 'its address in the API, a path from the root of the service' }),
    html: Type.String({ description: 'its page for people, a path from the root of the service' }),
  },
  { description: 'where this company or record has an address of its own' },
);

export const DatasetInfo = Type.Object({
  version: Instant,
  kind: Type.Union([Type.Literal('demo'), Type.Literal('production')], {
    description: '`demo`: fictional companies and records, for trying the API out',
  }),
});

const baseMeta = {
  request_id: Type.String(),
  dataset: DatasetInfo,
};

export const Meta = Type.Object(baseMeta);

export const ListMeta = Type.Object({
  ...baseMeta,
  limit: Type.Integer(),
  returned: Type.Integer(),
  has_more: Type.Boolean({
    description:
      'more rows match than this answer holds; on the last page a paged list gives (`max_page` at the page cap) the rest is not given by paging, as `notice` says: add filters',
  }),
  notice: Type.Optional(Type.String({ description: 'a remark on how the query was read' })),
});

/** Sources of an answer by name: all counted, the first few named (`id`, `publisher` and `named`), all listed elsewhere. */
function NamedSources<P extends TProperties>(
  named: P,
  words: { readonly total: string; readonly sources: ArrayOptions; readonly whole: string },
) {
  const source = Type.Object({
    id: Type.String({ description: 'the source, as /api/v1/coverage names it' }),
    publisher: Label,
    ...named,
  });
  return Type.Object(
    {
      total: Type.Integer({ description: words.total }),
      sources: Type.Array(source, words.sources),
      all_at: Type.String({ description: 'where every source is listed with its state: /api/v1/coverage' }),
    },
    { description: words.whole },
  );
}

/** How the sources behind a record list stand (narrowed by `authority` when given): what an empty answer rests on. */
export const AnswerCoverage = Type.Object(
  {
    sources: Type.Integer({ description: 'the sources that feed this answer' }),
    collected: Type.Integer({ description: 'of them, collected successfully at least once' }),
    fresh: Type.Integer({ description: 'collected successfully within KOHYO_FRESH_HOURS' }),
    stale: Type.Integer({ description: 'collected successfully, but not within KOHYO_FRESH_HOURS' }),
    failing: Type.Integer({ description: 'whose latest collection failed (they may still be fresh or stale)' }),
    never_collected: Type.Integer({ description: 'never collected successfully' }),
    oldest_success_at: Nullable(Instant),
    not_current: NamedSources(
      {
        state: Type.Union([Type.Literal('never_collected'), Type.Literal('failing'), Type.Literal('stale')]),
        last_success_at: Nullable(Instant),
      },
      {
        total: 'the sources of this answer never collected, failing or stale',
        sources: { description: 'the first few of them, by name: never collected first, then failing, then stale' },
        whole: 'what this answer could not search as of now: a "no" says nothing of these sources',
      },
    ),
    not_searched: NamedSources(
      {},
      {
        total: 'the registered sources of this answer never collected successfully',
        sources: {
          maxItems: NOT_SEARCHED_NAMED,
          description: `the first ${NOT_SEARCHED_NAMED} of them by name, in the order /api/v1/coverage lists them`,
        },
        whole:
          'the sources registered for this answer and never collected (or failing since their first run): what it did not search at all, so that a "no" can say whose lists it lacks',
      },
    ),
  },
  { description: 'counts, and the sources not current and not searched by name: /api/v1/coverage lists every source' },
);

/** How far a company query's records were followed, when it recalls more companies than are followed. */
export const RecallMeta = Type.Object(
  {
    followed: Type.Integer({
      minimum: 0,
      description: 'the companies whose records and names were followed, the best first',
    }),
    not_followed: Type.Integer({
      minimum: 1,
      description: `the other companies the query recalls, counted up to ${MATCHES_COUNTED_UP_TO} companies in all`,
    }),
  },
  {
    description:
      'present only when `company` (or `q` on /api/v1/search) recalls more companies than are followed: the records ' +
      'of the others (linked to them, or naming them only) were not searched, so make the query more precise',
  },
);

/** The records naming an identified company linked to none, placed in another prefecture: counted, not listed. */
export const NamedElsewhereMeta = Type.Object(
  {
    total: Type.Integer({
      minimum: 1,
      description: `the records linked to no company that name one of the company's names but place it in another prefecture than the one it is registered in, counted up to ${MATCHES_COUNTED_UP_TO}`,
    }),
    search: Type.String({
      description:
        "the search of the company's name (/api/v1/search?q=), which holds them with every company of the name",
    }),
  },
  {
    description:
      'present only in an answer about one company (a Corporate Number as `company` or as `q` of /api/v1/search) ' +
      'when records linked to no company name it elsewhere in Japan: they name a company of its name, more likely a ' +
      'namesake, and are not listed as possibly its own',
  },
);

export const RecordListMeta = Type.Object({
  ...ListMeta.properties,
  data_as_of: Nullable(Instant),
  coverage: AnswerCoverage,
  recall: Type.Optional(RecallMeta),
  named_elsewhere: Type.Optional(NamedElsewhereMeta),
});

export const PagedRecordListMeta = Type.Object({
  ...RecordListMeta.properties,
  page: Type.Integer(),
  max_page: Type.Integer({ description: 'the last page this query can ask for' }),
});

export function Envelope<D extends TProperties, M extends TObject>(data: D, meta: M) {
  return Type.Object({ data: Type.Object(data), meta });
}

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))),
      message: Type.String(),
      details: Type.Optional(ErrorDetails),
    }),
  },
  { description: 'The body of every error answer' },
);

/** The schema with its properties in the order the domain's has them (the added ones last). */
export function inDomainOrder<T extends TObject>(schema: T, record: TObject): T {
  const properties: TProperties = schema.properties;
  const ordered: TProperties = {};
  for (const key of Object.keys(record.properties)) {
    const property = properties[key];
    if (property !== undefined) ordered[key] = property;
  }
  for (const [key, property] of Object.entries(properties)) if (!Object.hasOwn(ordered, key)) ordered[key] = property;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the properties of `schema`, each once, only in another order: what T says of them holds
  return Type.Object(ordered) as T;
}
