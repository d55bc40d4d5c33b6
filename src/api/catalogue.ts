// The endpoint catalogue: every endpoint and document the service answers, once. The routes, the OpenAPI document's
// statuses, /llms.txt, what each route counts for (limits, usage log, conditional requests), the MCP tools and the
// landing page's links are all read from here, so adding an endpoint is adding an entry.
import type { Endpoint, LandingLink, ServiceDocument } from './endpoint.js';
import { SEARCH } from './endpoints/search.js';
import { COMPANIES } from './endpoints/companies.js';
import { RECORD_ENDPOINTS } from './endpoints/records.js';
import { COVERAGE, SOURCES_COVERAGE } from './endpoints/coverage.js';
import { VOCABULARIES_ENDPOINT } from './endpoints/vocabularies.js';
import { HEALTH } from './endpoints/health.js';
import { COMPANY, RECORD_ADDRESSES } from './endpoints/addresses.js';
import { BASE_PATH, COMPANY_PAGE_PATH, COVERAGE_PAGE_PATH, RECORD_PAGE_PATH, SEARCH_PAGE_PATH } from './links.js';

export { BASE_PATH };

export const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;
/** The guide for LLM agents: its index (the llms.txt convention), and the whole of it. */
export const GUIDE_PATH = '/llms.txt';
export const FULL_GUIDE_PATH = '/llms-full.txt';
export const REFERENCE_PATH = '/docs';
export const MCP_PATH = '/mcp';
/**
 * What a POST to MCP_PATH must accept (Streamable HTTP): the SDK's transport answers 406 to a request whose `Accept`
 * lacks either, even though a stateless server answers JSON.
 */
export const MCP_ACCEPT = 'application/json, text/event-stream';
/**
 * The most bytes of JSON an MCP tool answers, as the text travels in the JSON-RPC message (escaped once more): under
 * 32 KiB whole, with room for the message around it (src/mcp/answer-bound.ts holds answers to it).
 */
export const MCP_ANSWER_BYTES = 31 * 1024;
/** The whole guide, as the MCP server lists it among its resources (its address kept from when /llms.txt held it all). */
export const GUIDE_URI = 'kohyo://guide/llms.txt';

/** The endpoints, in the order the documents list them. */
export const ENDPOINTS: readonly Endpoint[] = [
  SEARCH,
  COMPANIES,
  COMPANY,
  ...RECORD_ENDPOINTS,
  ...RECORD_ADDRESSES,
  COVERAGE,
  SOURCES_COVERAGE,
  VOCABULARIES_ENDPOINT,
  HEALTH,
];

/** The documents served beside the endpoints, in the order the guide lists them. */
export const DOCUMENTS: readonly ServiceDocument[] = [
  {
    path: REFERENCE_PATH,
    summary: 'The interactive API reference',
    landingLink: {
      name: 'docs',
      title: 'API reference',
      note: 'every endpoint, parameter and answer, with "Try it out"',
    },
    description:
      'The interactive API reference for people (Swagger UI, rendered from the OpenAPI document), with "Try it out". An agent should read this guide or the OpenAPI document instead.',
  },
  {
    path: OPENAPI_PATH,
    summary: 'The OpenAPI 3.1 document',
    landingLink: { name: 'openapi', title: 'OpenAPI document', note: 'OpenAPI 3.1, for code generators' },
    description:
      'The OpenAPI 3.1 document, generated from the same schemas that validate requests: `{"openapi":"3.1.0","info":{"title":"Kohyo API",…},"paths":{…}}`.',
  },
  {
    path: GUIDE_PATH,
    summary: 'The guide for LLM agents: an index',
    landingLink: { name: 'llms_txt', title: '/llms.txt', note: 'the guide for LLM agents: a short index' },
    description:
      'The index of this guide, as plain text (the llms.txt convention, under 10 KB): what the service is, the rules to know before the first call, and a link to each document and to an example call of each endpoint.',
  },
  {
    path: FULL_GUIDE_PATH,
    summary: 'The whole guide for LLM agents',
    landingLink: { name: 'llms_full_txt', title: '/llms-full.txt', note: 'the whole guide for LLM agents' },
    description: 'This guide, whole, as plain text.',
  },
  {
    path: SEARCH_PAGE_PATH,
    summary: 'The search page for people',
    counted: true,
    description:
      "The search page for people (HTML, Japanese or English by `Accept-Language` or `lang=ja|en`): what `/api/v1/search` answers for `q`, with the counts and what was searched; `kind=enforcements|procurement_suspensions|license_actions&page=N` lists one kind's matches 10 to a page, up to the API's page cap. Counted like `/api/v1/search`. An agent should call the API instead.",
  },
  {
    path: COVERAGE_PAGE_PATH,
    summary: 'The coverage for people',
    counted: true,
    description:
      "The coverage for people (HTML, Japanese or English): every source of every record kind with its publisher, last successful collection, edition held and state, as `/api/v1/coverage` answers it; every page's statement of what was searched links to it. Counted like `/api/v1/coverage`. An agent should call the API instead.",
  },
  {
    path: `${COMPANY_PAGE_PATH}/{corporate_number}`,
    summary: "A company's page for people",
    counted: true,
    description:
      "A company's page for people: its profile, former names, predecessors, its records of every kind and a link to its Atom feed. Counted like `/api/v1/companies/{corporate_number}`; every company's `links.html`.",
  },
  {
    path: `${RECORD_PAGE_PATH}/{id}`,
    summary: "A record's page for people",
    counted: true,
    description:
      "A record's page for people: authority, law, dates, listing history and the publisher's source. Counted like the record's API address; every record's `links.html`.",
  },
  {
    path: '/',
    summary: 'The landing page, with the search form',
    description:
      'A short landing page for browsers (the search form); with `Accept: application/json`, the same as JSON: `{"service":"Kohyo","description":"…","links":{"docs":"/docs","openapi":"/api/v1/openapi.json","llms_txt":"/llms.txt","llms_full_txt":"/llms-full.txt",…},"contact":…}`.',
  },
];

const byPath = new Map(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));

/** The endpoint at `path` (as the catalogue and OpenAPI write it, `/x/{id}`, or as the router does, `/x/:id`). */
export function endpointAt(path: string): Endpoint | undefined {
  return byPath.get(path.replace(/:(\w+)/gu, '{$1}'));
}

/** The catalogue's entry of the document at `path`; a path it does not hold is a mistake in the code that asks. */
export function documentAt(path: string): ServiceDocument {
  const found = DOCUMENTS.find((document) => document.path === path);
  if (found === undefined) throw new Error(`the catalogue has no document ${path}`);
  return found;
}

/** An endpoint's path (`/x/{id}`, as OpenAPI writes it) as the router's route (`/x/:id`). */
export function routeOf(path: string): string {
  return path.replace(/\{(\w+)\}/gu, ':$1');
}

/**
 * What a route of the catalogue declares in its Fastify `config` (src/http/hooks/route-accounting.ts): counted and
 * conditional as the endpoint says (a document is neither, a page for people counted), and logged in the usage log when
 * it lies under BASE_PATH, as the specification's usage log covers the API, or is counted. The hooks read this from the route a request matched, never from
 * its URL.
 */
export function routeAccounting(entry: Endpoint | ServiceDocument): {
  counted: boolean;
  usage: boolean;
  conditional: boolean;
} {
  return {
    counted: entry.counted === true,
    // a page for people that stands for an API request is logged as one too
    usage: entry.path.startsWith(`${BASE_PATH}/`) || entry.counted === true,
    conditional: 'conditional' in entry && entry.conditional,
  };
}

/** The landing page's links: documents first, then the endpoints a person looks at. */
export const LANDING_LINKS: readonly (LandingLink & { readonly path: string })[] = [...DOCUMENTS, ...ENDPOINTS].flatMap(
  (entry) => (entry.landingLink === undefined ? [] : [{ ...entry.landingLink, path: entry.path }]),
);
