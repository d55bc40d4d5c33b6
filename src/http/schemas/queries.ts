// The query strings of the endpoints: one schema each, the source of validation and of the OpenAPI parameters.
import { Type, type TObject } from '@sinclair/typebox';

export const MAX_LIMIT = 10;
export const MAX_TEXT_LENGTH = 100;

const limit = Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: MAX_LIMIT, description: `rows to return, 1 to ${MAX_LIMIT}` });
const text = (description: string) => Type.String({ maxLength: MAX_TEXT_LENGTH, description });
const enumFilter = (what: string) => Type.String({ description: `${what}: a code, its Japanese label or its English label (see /api/v1/vocabularies)` });
const date = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const corporateNumber = Type.String({
  description: 'a Corporate Number (13 digits; full-width digits, spaces, hyphens and a leading T are accepted)',
});
const company = text('company name filter, with the same recall as company search (Japanese, kana, English, romanized, or a Corporate Number)');
const q = text('free text: company name, summary or reason, law and authority labels');

export const SearchQuery = Type.Object(
  { q: text('company name, kana, English or romanized name, or Corporate Number; also searched in enforcement records'), limit: Type.Optional(limit) },
  { additionalProperties: false },
);

export const CompaniesQuery = Type.Object(
  { q: text('Japanese name, kana, verified English name, romanized or alias term, or a Corporate Number'), limit: Type.Optional(limit) },
  { additionalProperties: false },
);

/** The filters every record endpoint shares. */
const recordFilters = {
  company: Type.Optional(company),
  q: Type.Optional(q),
  corporate_number: Type.Optional(corporateNumber),
};

export const EnforcementsQuery = Type.Object(
  {
    ...recordFilters,
    law: Type.Optional(enumFilter('the law cited')),
    authority: Type.Optional(enumFilter('the acting authority')),
    action_type: Type.Optional(enumFilter('the kind of action')),
    limit: Type.Optional(limit),
  },
  { additionalProperties: false },
);

export function pageParameter(maxPage: number) {
  return Type.Integer({ minimum: 1, maximum: maxPage, default: 1, description: `page number, 1 to ${maxPage}` });
}

function paging(maxPage: number) {
  return { page: Type.Optional(pageParameter(maxPage)), limit: Type.Optional(limit) };
}

export function procurementSuspensionsQuery(maxPage: number) {
  return Type.Object(
    {
      ...recordFilters,
      authority: Type.Optional(enumFilter('the suspending authority')),
      reason: Type.Optional(enumFilter('the reason for the suspension')),
      status: Type.Optional(enumFilter('scheduled, active, ended or lifted, against today in Japan')),
      ...paging(maxPage),
    },
    { additionalProperties: false },
  );
}

export function licenseActionsQuery(maxPage: number) {
  return Type.Object(
    {
      ...recordFilters,
      sector: Type.Optional(enumFilter('a sector; matches the primary sector or any affected sector')),
      action_type: Type.Optional(enumFilter('the kind of action')),
      nature: Type.Optional(enumFilter('violation, voluntary_closure or other')),
      status: Type.Optional(enumFilter('scheduled, in_effect or completed, against today in Japan')),
      authority: Type.Optional(enumFilter('the acting authority')),
      from: Type.Optional(date('earliest action date, YYYY-MM-DD')),
      to: Type.Optional(date('latest action date, YYYY-MM-DD')),
      ...paging(maxPage),
    },
    { additionalProperties: false },
  );
}

export const NoQuery = Type.Object({}, { additionalProperties: false });

/** The parameter names a query schema allows. */
export function parameterNames(schema: TObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.properties));
}
