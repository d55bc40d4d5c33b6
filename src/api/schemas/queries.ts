// The query strings of the endpoints: one schema each, the source of validation and of the OpenAPI parameters.
// The record endpoints' schemas are generated from the filter table (src/api/record-filters.ts).
// What a schema cannot say (a Corporate Number's check digit, a label for a code, one date before another, at least one
// filter) is checked after it, in src/api/query-rules.ts; src/api/errors.ts words the refusals of both.
import {
  Type,
  type TInteger,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
  type TString,
} from '@sinclair/typebox';
import { MAX_TEXT_LENGTH, type FilterName } from '../../domain/records/filter-names.js';
import { RECORD_FILTERS, type RecordFilter } from '../record-filters.js';
import type { RecordKind } from '../../domain/records/record.js';
import { VOCABULARIES } from '../../domain/vocabularies/index.js';

export const MAX_LIMIT = 10;
/** Rows an answer holds when `limit` is not given: as many as allowed. */
export const DEFAULT_LIMIT = MAX_LIMIT;

const limit = Type.Integer({
  minimum: 1,
  maximum: MAX_LIMIT,
  default: DEFAULT_LIMIT,
  description: `rows to return, 1 to ${MAX_LIMIT}`,
});
const text = (description: string) => Type.String({ maxLength: MAX_TEXT_LENGTH, description });

/** The representation of a record list: JSON, or an Atom feed of the same records (as `Accept: application/atom+xml` asks). */
const format = Type.String({
  enum: ['json', 'atom'],
  description:
    'json (the default) or atom: the same records as an Atom feed, as `Accept: application/atom+xml` also asks',
});

export const SearchQuery = Type.Object(
  {
    q: text(
      'company name, kana, English or romanized name, or Corporate Number; also searched in the text of records of every kind',
    ),
    limit: Type.Optional(limit),
    format: Type.Optional(format),
  },
  { additionalProperties: false },
);

export const CompaniesQuery = Type.Object(
  {
    q: text('Japanese name, kana, verified English name, romanized or alias term, or a Corporate Number'),
    prefecture: Type.Optional(
      vocabularyFilter(
        VOCABULARIES.prefecture.codes(),
        "the company's registered prefecture: a JIS code (01-47), its Japanese name with or without 都府県, or its English name; narrows the companies `q` finds",
      ),
    ),
    address: Type.Optional(
      text(
        'part of the registered address (e.g. 札幌市中央区, or a street): the companies `q` finds whose address holds it come first',
      ),
    ),
    limit: Type.Optional(limit),
  },
  { additionalProperties: false },
);

function pageParameter(maxPage: number) {
  return Type.Integer({ minimum: 1, maximum: maxPage, default: 1, description: `page number, 1 to ${maxPage}` });
}

/** A parameter's schema whose value is a string, as a union of codes and of free labels is. */
type StringParameter = TSchema & { static: string };

/** How each kind of filter value is written in a query string. */
function filterSchema(filter: RecordFilter): StringParameter {
  switch (filter.reads) {
    case 'company':
    case 'text':
      return text(filter.description);
    case 'date':
      // a real day of the calendar (ajv-formats, which Fastify's ajv ships with), 2025-02-30 refused
      return Type.String({ format: 'date', description: filter.description });
    case 'corporate_number':
      return corporateNumberInput(filter.description);
    case 'vocabulary':
      return vocabularyFilter(filter.vocabulary.codes(), filter.description);
    case 'flag':
      return Type.String({ enum: ['true', 'false'], description: filter.description });
  }
}

/**
 * A Corporate Number as people write it: 13 digits, half- or full-width, with spaces and hyphens anywhere and an
 * optional leading T (a qualified-invoice number). The check digit is checked after (invalid_corporate_number).
 */
export const CORPORATE_NUMBER_INPUT = '^[TtＴｔ]?(?:[\\s\\-‐‑‒–—―−ー－]*[0-9０-９]){13}[\\s\\-‐‑‒–—―−ー－]*$';

/** A Corporate Number parameter: 13 digits as people write them (the check digit is a rule, query-rules.ts). */
function corporateNumberInput(description: string): TString {
  return Type.String({ pattern: CORPORATE_NUMBER_INPUT, description });
}

/**
 * An enum filter: one of the codes, documented as such so that generated clients offer them, or either label of
 * a code (resolved, and refused with the allowed codes, by query-rules.ts).
 */
function vocabularyFilter(codes: readonly string[], description: string): StringParameter {
  return Type.Union(
    [
      // one enum rather than a union of literals: the same document, and one check for ajv to compile instead of one
      // per code (the authorities are over a hundred)
      Type.String({ enum: [...codes], description: 'a code (GET /api/v1/vocabularies lists them with their labels)' }),
      Type.String({
        maxLength: MAX_TEXT_LENGTH,
        description: 'or the Japanese or English label of a code (case-insensitive after NFKC, white space aside)',
      }),
    ],
    { description },
  );
}

/** A record endpoint's query: every filter a string (then checked by query-rules.ts), then paging and format. */
export type RecordQuerySchema = TObject<
  { [F in FilterName]: TOptional<StringParameter> } & {
    limit: TOptional<TInteger>;
    page: TOptional<TInteger>;
    format: TOptional<TString>;
  }
>;

/** The query schema of a record kind's endpoint; `maxPage` null for an endpoint without paging. */
export function recordQuerySchema(kind: RecordKind, maxPage: number | null): RecordQuerySchema {
  const properties = Object.fromEntries(
    RECORD_FILTERS[kind].map((filter) => [filter.name, Type.Optional(filterSchema(filter))]),
  );
  const paging: TProperties =
    maxPage === null
      ? { limit: Type.Optional(limit), format: Type.Optional(format) }
      : { page: Type.Optional(pageParameter(maxPage)), limit: Type.Optional(limit), format: Type.Optional(format) };
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- one static type for the three record endpoints' queries, naming every filter as optional; this kind's schema holds only its own filters, so a query with another's is refused as unknown before the answer reads it
  return Type.Object({ ...properties, ...paging }, { additionalProperties: false }) as RecordQuerySchema;
}

export const NoQuery = Type.Object({}, { additionalProperties: false });

/** The parameter names a query schema allows. */
export function parameterNames(schema: TObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.properties));
}
