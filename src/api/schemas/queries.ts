// The query strings of the endpoints: one schema each, the source of validation and of the OpenAPI parameters.
// The record endpoints' schemas are generated from the filter table (src/domain/record-filters.ts).
import { Type, type TInteger, type TObject, type TOptional, type TProperties, type TString } from '@sinclair/typebox';
import { MAX_TEXT_LENGTH, RECORD_FILTERS, type FilterName, type RecordFilter } from '../../domain/record-filters.js';
import type { RecordKind } from '../../domain/record.js';

export const MAX_LIMIT = 10;

const limit = Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: MAX_LIMIT, description: `rows to return, 1 to ${MAX_LIMIT}` });
const text = (description: string) => Type.String({ maxLength: MAX_TEXT_LENGTH, description });

export const SearchQuery = Type.Object(
  {
    q: text('company name, kana, English or romanized name, or Corporate Number; also searched in the text of enforcement records'),
    limit: Type.Optional(limit),
  },
  { additionalProperties: false },
);

export const CompaniesQuery = Type.Object(
  { q: text('Japanese name, kana, verified English name, romanized or alias term, or a Corporate Number'), limit: Type.Optional(limit) },
  { additionalProperties: false },
);

export function pageParameter(maxPage: number) {
  return Type.Integer({ minimum: 1, maximum: maxPage, default: 1, description: `page number, 1 to ${maxPage}` });
}

/** How each kind of filter value is written in a query string. */
function filterSchema(filter: RecordFilter): TString {
  switch (filter.reads) {
    case 'company':
    case 'text':
      return text(filter.description);
    case 'date':
      return Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: filter.description });
    case 'corporate_number':
      return Type.String({ pattern: CORPORATE_NUMBER_INPUT, description: filter.description });
    case 'vocabulary':
      return vocabularyFilter(filter.vocabulary.codes(), filter.description);
  }
}

/**
 * A Corporate Number as people write it: 13 digits, half- or full-width, with spaces and hyphens anywhere and an
 * optional leading T (a qualified-invoice number). The check digit is checked after (invalid_corporate_number).
 */
export const CORPORATE_NUMBER_INPUT = '^[TtＴｔ]?(?:[\\s\\-‐‑‒–—―−ー－]*[0-9０-９]){13}[\\s\\-‐‑‒–—―−ー－]*$';

/**
 * An enum filter: one of the codes, documented as such so that generated clients offer them, or either label of
 * a code (resolved, and refused with the allowed codes, by resolveRecordQuery).
 */
function vocabularyFilter(codes: readonly string[], description: string): TString {
  const schema = Type.Union([
    Type.Union(codes.map((code) => Type.Literal(code)), { description: 'a code (GET /api/v1/vocabularies lists them with their labels)' }),
    Type.String({ maxLength: MAX_TEXT_LENGTH, description: 'or the Japanese or English label of a code (case-insensitive, NFKC)' }),
  ], { description });
  // its static type is string: a code is a string, and so is a label
  return schema as unknown as TString;
}

/** A record endpoint's query: every filter a string (read and checked by resolveRecordQuery), then paging. */
export type RecordQuerySchema = TObject<
  { [F in FilterName]: TOptional<TString> } & { limit: TOptional<TInteger>; page: TOptional<TInteger> }
>;

/** The query schema of a record kind's endpoint; `maxPage` null for an endpoint without paging. */
export function recordQuerySchema(kind: RecordKind, maxPage: number | null): RecordQuerySchema {
  const properties = Object.fromEntries(RECORD_FILTERS[kind].map((filter) => [filter.name, Type.Optional(filterSchema(filter))]));
  const paging: TProperties = maxPage === null ? { limit: Type.Optional(limit) } : { page: Type.Optional(pageParameter(maxPage)), limit: Type.Optional(limit) };
  // the static type names every filter; the schema holds only this kind's, so others are refused as unknown
  return Type.Object({ ...properties, ...paging }, { additionalProperties: false }) as unknown as RecordQuerySchema;
}

export const NoQuery = Type.Object({}, { additionalProperties: false });

/** The parameter names a query schema allows. */
export function parameterNames(schema: TObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.properties));
}
