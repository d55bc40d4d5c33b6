// The MCP tools: one per question the API answers, each naming the endpoint it calls. Inputs are the endpoints'
// own query schemas and outputs their response schemas, so a tool cannot drift from the endpoint behind it.
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { Config } from '../config.js';
import { CompaniesQuery, CORPORATE_NUMBER_INPUT, NoQuery, SearchQuery, recordQuerySchema } from '../api/schemas/queries.js';
import { SearchResponse } from '../http/routes/search.js';
import { CompaniesResponse } from '../http/routes/companies.js';
import { EnforcementsResponse, LicenseActionsResponse, ProcurementSuspensionsResponse } from '../http/routes/records.js';
import { CoverageResponse } from '../http/routes/coverage.js';
import { VocabulariesResponse } from '../http/routes/vocabularies.js';

/** The LLM guide, as the MCP server lists it among its resources. */
export const GUIDE_URI = 'kohyo://guide/llms.txt';

export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: TObject;
  readonly output: TSchema;
  /** The endpoint the tool calls. */
  readonly path: string;
  /** The query parameters of the call, from the tool's arguments (already checked against `input`). */
  readonly query?: (args: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

// a record a later edition of its source's list dropped is kept: the case still happened
const LISTED =
  "Records outlive their source's list: `listing.status` is `delisted` once a later edition dropped a record, and " +
  '`listing=listed|delisted` narrows to either (absent, both; it is no filter alone). ';

const AS_OF =
  '`meta.dataset.kind` says whether the data is the fictional `demo` or `production`, and record lists carry ' +
  '`meta.data_as_of`: an empty list means "nothing in what Kohyo held as of data_as_of", never that the company is clean.';

// Issue 30: what tells two companies of one name apart, and what an authority filter covers, shared by the three record tools.
const WHICH_COMPANY =
  '`company.address` and `company.prefecture_code` say where the source places the company; `prefecture` narrows to ' +
  'one prefecture (never a filter alone). `authority` also matches every office under it (`mhlw`: the labour bureaus).';

const GetCompanyInput = Type.Object(
  { corporate_number: Type.String({ pattern: CORPORATE_NUMBER_INPUT, description: '13 digits with a valid check digit; full-width digits, hyphens, spaces and a leading T are fine' }) },
  { additionalProperties: false },
);

export function mcpTools(config: Config): readonly Tool[] {
  return [
    {
      name: 'search', title: 'Search companies and enforcement records', path: '/api/v1/search', input: SearchQuery, output: SearchResponse,
      description: `Companies and enforcement records for one query (a company name in any script, a romanized or English name, or a Corporate Number; also matched against the records' text), at most \`limit\` rows in all. ${AS_OF}`,
    },
    {
      name: 'search_companies', title: 'Search companies', path: '/api/v1/companies', input: CompaniesQuery, output: CompaniesResponse,
      description: 'Company profiles from the National Tax Agency register by Japanese name (株式会社 and its abbreviations anywhere are ignored), kana, English or romanized name, or Corporate Number; best match first, `match` says how each matched.',
    },
    {
      name: 'get_company', title: 'Look up a company by Corporate Number', path: '/api/v1/companies', input: GetCompanyInput, output: CompaniesResponse,
      query: (args) => ({ q: args.corporate_number, limit: 1 }),
      description: 'The profile of the company with this Corporate Number (status, address, closure and successor, record counts), as `data.companies[0]`; an empty list when the register has no such number.',
    },
    {
      name: 'list_enforcements', title: 'List enforcement records', path: '/api/v1/enforcements',
      input: recordQuerySchema('enforcement', null), output: EnforcementsResponse,
      description: `Administrative enforcement records (orders, surcharges, recommendations, referrals to prosecutors), newest first. At least one filter is required; filter by company (name or Corporate Number), law, authority, action type or text. ${WHICH_COMPANY} ${LISTED}${AS_OF}`,
    },
    {
      name: 'list_procurement_suspensions', title: 'List procurement suspensions', path: '/api/v1/procurement-suspensions',
      input: recordQuerySchema('procurement_suspension', config.maxPage), output: ProcurementSuspensionsResponse,
      description: `Suspensions from public bidding or from designation as a contractor, newest first, paged. At least one filter is required. Read get_procurement_suspension_coverage before saying a company has none. ${WHICH_COMPANY} ${LISTED}${AS_OF}`,
    },
    {
      name: 'list_license_actions', title: 'List licence and registration actions', path: '/api/v1/license-actions',
      input: recordQuerySchema('license_action', config.maxPage), output: LicenseActionsResponse,
      description: `Revocations, suspensions, instructions and similar actions on licences and registrations, newest first, paged. \`nature\` tells disciplinary \`violation\` from \`voluntary_closure\`. At least one filter is required. ${WHICH_COMPANY} ${LISTED}${AS_OF}`,
    },
    {
      name: 'get_procurement_suspension_coverage', title: 'Coverage of procurement suspension lists', path: '/api/v1/procurement-suspension-coverage',
      input: NoQuery, output: CoverageResponse,
      description: 'Which publishers\' procurement suspension lists Kohyo holds, per publisher group: sources, record counts, period covered, last collection, freshness and coverage ratio.',
    },
    {
      name: 'list_vocabularies', title: 'Codes and labels', path: '/api/v1/vocabularies', input: NoQuery, output: VocabulariesResponse,
      description: 'Every code of every enumerated field (laws, authorities, action types, reasons, sectors, …) with its Japanese and English labels, and each authority\'s `parent`. Filters accept a code or either label. Not counted against the limits.',
    },
  ];
}

/** The path and query string a tool call sends, values percent-encoded as UTF-8. */
export function toolCallUrl(tool: Tool, args: Readonly<Record<string, unknown>>): string {
  const query = tool.query ? tool.query(args) : args;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text === '' ? tool.path : `${tool.path}?${text}`;
}
