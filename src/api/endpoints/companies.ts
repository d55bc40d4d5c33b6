// GET /api/v1/companies: company search by name, kana, English or romanized name, or Corporate Number.
import { Type } from '@sinclair/typebox';
import { openDataset } from '../endpoint.js';
import type { Endpoint } from '../endpoint.js';
import { DEFAULT_LIMIT, CompaniesQuery } from '../schemas/queries.js';
import { Company } from '../schemas/company.js';
import { Envelope, ListMeta } from '../schemas/common.js';
import { listMeta } from '../endpoint.js';
import { presentCompany, presentSharedCompany } from '../present/company.js';
import { findCompanies } from '../company-search.js';
import { checkCompaniesQuery } from '../query-rules.js';

const CompaniesAnswer = Envelope({ companies: Type.Array(Company) }, ListMeta);

export const COMPANIES: Endpoint<typeof CompaniesQuery, typeof CompaniesAnswer> = {
  path: '/api/v1/companies',
  operationId: 'searchCompanies',
  summary: 'Search companies',
  description: () =>
    'Company profiles from the National Tax Agency register by Japanese name (legal forms such as 株式会社 or （株） ' +
    'before or after the name are ignored), kana, the English name registered with the National Tax Agency, a ' +
    'romanized (Hepburn or kunrei-shiki) or former name, or a Corporate Number (a leading T, hyphens and full-width ' +
    'digits are fine). Width, kana script, old kanji forms (髙/高) and spacing do not matter. Best match first (exact, ' +
    'then prefix, then partial; active before closed); `match` says which field matched and how (`exact`, `prefix`, ' +
    '`partial`). A closed company has `status: "closed"`, `closed_on`, `close_cause` and, after a merger, ' +
    '`successor_corporate_number`, and `predecessors` lists the companies merged into it. Names repeat (many ' +
    '「（株）サンワ」): `prefecture` narrows the companies found to one prefecture and `address` ranks those whose ' +
    'registered address holds it first; `match.prefecture` and `match.address` say which parts matched.',
  tags: ['companies'],
  query: () => CompaniesQuery,
  response: CompaniesAnswer,
  counted: true,
  conditional: true,
  paged: false,
  listAnswer: true,
  needsDataset: true,
  tools: [{ name: 'search_companies', title: 'Search companies' }],
  answer(context, query, requestId) {
    const store = openDataset(context);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const place = {
      ...checkCompaniesQuery(query),
      ...(query.address === undefined ? {} : { address: query.address }),
    };
    const found = findCompanies(store, query.q, limit, place);
    return {
      data: { companies: found.hits.map(found.shared ? presentSharedCompany : presentCompany) },
      meta: listMeta(requestId, store, {
        limit,
        returned: found.hits.length,
        hasMore: found.hasMore,
        notices: found.notices,
      }),
    };
  },
};
