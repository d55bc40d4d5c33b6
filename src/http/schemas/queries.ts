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
    case 'vocabulary':
      return Type.String({ description: filter.description });
  }
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
