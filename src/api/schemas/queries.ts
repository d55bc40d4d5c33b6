// The query strings of the endpoints: one schema each, the source of validation and of the OpenAPI parameters.
// The record endpoints' schemas are generated from the filter table (src/domain/record-filters.ts).
// Each parameter's schema carries the refusal of a value it does not accept, so that a rule and its message are
// stated in one place.
import {
  Type,
  type TInteger,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
  type TString,
} from '@sinclair/typebox';
import { MAX_TEXT_LENGTH, RECORD_FILTERS, type FilterName, type RecordFilter } from '../../domain/record-filters.js';
import type { RecordKind } from '../../domain/record.js';
import { VOCABULARIES } from '../../domain/vocabularies/index.js';
import { ApiError, echoed } from '../errors.js';
import { textOf } from '../../domain/text-of.js';
import { corporateNumberParam } from '../record-query.js';

export const MAX_LIMIT = 10;
/** Rows an answer holds when `limit` is not given: as many as allowed. */
export const DEFAULT_LIMIT = MAX_LIMIT;

/** The error for a value a parameter's schema refuses; a symbol, so that it stays out of the JSON Schema. */
const REFUSAL = Symbol('refusal');

/** What the error says of the value given: the parameter's name and, where it helps, the value. */
type Refusal = (parameter: string, value: string | undefined) => ApiError;

function refusing<T extends TSchema>(schema: T, refuse: Refusal): T {
  return Object.assign(schema, { [REFUSAL]: refuse });
}

/** Whether a parameter's schema states its refusal: only `refusing` sets the symbol, and always to a Refusal. */
function isRefusing(schema: TSchema | undefined): schema is TSchema & { [REFUSAL]: Refusal } {
  return schema !== undefined && REFUSAL in schema && typeof schema[REFUSAL] === 'function';
}

const got = (value: string | undefined) => (value === undefined ? '' : ` (got "${echoed(value)}")`);
const invalid = (parameter: string, message: string) => new ApiError('invalid_parameter', message, { parameter });

/** The refusal of `value` for `parameter` of a query schema: the one its schema states, else a general one. */
export function refusalOf(querystring: TObject | undefined, parameter: string, value: unknown): ApiError {
  // the refusal is kept under a symbol, which TypeBox's schema types do not name
  const schema = querystring?.properties[parameter];
  const given = value === undefined ? undefined : textOf(value);
  return isRefusing(schema)
    ? schema[REFUSAL](parameter, given)
    : invalid(parameter, `${parameter} has a value this endpoint does not accept${got(given)}.`);
}

const limit = refusing(
  Type.Integer({
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description: `rows to return, 1 to ${MAX_LIMIT}`,
  }),
  (parameter, value) => invalid(parameter, `${parameter} must be a whole number from 1 to ${MAX_LIMIT}${got(value)}.`),
);
const text = (description: string) =>
  refusing(Type.String({ maxLength: MAX_TEXT_LENGTH, description }), (parameter) =>
    invalid(parameter, `${parameter} must be at most ${MAX_TEXT_LENGTH} characters.`),
  );

/** The representation of a record list: JSON, or an Atom feed of the same records (as `Accept: application/atom+xml` asks). */
const format = refusing(
  Type.String({
    enum: ['json', 'atom'],
    description:
      'json (the default) or atom: the same records as an Atom feed, as `Accept: application/atom+xml` also asks',
  }),
  (parameter, value) => invalid(parameter, `${parameter} must be json or atom${got(value)}.`),
);

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
  return refusing(
    Type.Integer({ minimum: 1, maximum: maxPage, default: 1, description: `page number, 1 to ${maxPage}` }),
    (parameter, value) => invalid(parameter, `${parameter} must be a whole number from 1 to ${maxPage}${got(value)}.`),
  );
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
      return refusing(
        Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: filter.description }),
        (parameter, value) => invalid(parameter, `${parameter} must be a date written YYYY-MM-DD${got(value)}.`),
      );
    case 'corporate_number':
      return corporateNumberInput(filter.description);
    case 'vocabulary':
      return vocabularyFilter(filter.vocabulary.codes(), filter.description);
    case 'flag':
      return refusing(Type.String({ enum: ['true', 'false'], description: filter.description }), (parameter, value) =>
        invalid(parameter, `${parameter} must be true or false${got(value)}.`),
      );
  }
}

/**
 * A Corporate Number as people write it: 13 digits, half- or full-width, with spaces and hyphens anywhere and an
 * optional leading T (a qualified-invoice number). The check digit is checked after (invalid_corporate_number).
 */
export const CORPORATE_NUMBER_INPUT = '^[TtＴｔ]?(?:[\\s\\-‐‑‒–—―−ー－]*[0-9０-９]){13}[\\s\\-‐‑‒–—―−ー－]*$';

/** A Corporate Number parameter: refused, as the contract says, with invalid_corporate_number and why. */
function corporateNumberInput(description: string): TString {
  return refusing(Type.String({ pattern: CORPORATE_NUMBER_INPUT, description }), (parameter, value) => {
    try {
      corporateNumberParam(value ?? '', parameter);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    return new ApiError('invalid_corporate_number', undefined, { parameter });
  });
}

/**
 * An enum filter: one of the codes, documented as such so that generated clients offer them, or either label of
 * a code (resolved, and refused with the allowed codes, by resolveRecordQuery).
 */
function vocabularyFilter(codes: readonly string[], description: string): StringParameter {
  return Type.Union(
    [
      Type.Union(
        codes.map((code) => Type.Literal(code)),
        { description: 'a code (GET /api/v1/vocabularies lists them with their labels)' },
      ),
      Type.String({
        maxLength: MAX_TEXT_LENGTH,
        description: 'or the Japanese or English label of a code (case-insensitive, NFKC)',
      }),
    ],
    { description },
  );
}

/** A record endpoint's query: every filter a string (read and checked by resolveRecordQuery), then paging and format. */
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
