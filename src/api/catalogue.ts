// The endpoint catalogue: every endpoint and document the service answers, once. The routes, the OpenAPI document's
// statuses, /llms.txt, the limiter's uncounted paths, the conditional requests, the MCP tools and the landing page's
// links are all read from here, so adding an endpoint is adding an entry.
import type { Endpoint, LandingLink, ServiceDocument } from './endpoint.js';
import { SEARCH } from './endpoints/search.js';
import { COMPANIES } from './endpoints/companies.js';
import { RECORD_ENDPOINTS } from './endpoints/records.js';
import { COVERAGE, SOURCES_COVERAGE } from './endpoints/coverage.js';
import { VOCABULARIES_ENDPOINT } from './endpoints/vocabularies.js';
import { HEALTH } from './endpoints/health.js';

export const BASE_PATH = '/api/v1';

export const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;
export const GUIDE_PATH = '/llms.txt';
export const REFERENCE_PATH = '/docs';
export const MCP_PATH = '/mcp';
/** The guide, as the MCP server lists it among its resources. */
export const GUIDE_URI = 'kohyo://guide/llms.txt';

/** The endpoints, in the order the documents list them. */
export const ENDPOINTS: readonly Endpoint[] = [
  SEARCH,
  COMPANIES,
  ...RECORD_ENDPOINTS,
  COVERAGE,
  SOURCES_COVERAGE,
  VOCABULARIES_ENDPOINT,
  HEALTH,
];

/** The documents served beside the endpoints, in the order the guide lists them. */
export const DOCUMENTS: readonly ServiceDocument[] = [
  {
    path: REFERENCE_PATH,
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
    landingLink: { name: 'openapi', title: 'OpenAPI document', note: 'OpenAPI 3.1, for code generators' },
    description:
      'The OpenAPI 3.1 document, generated from the same schemas that validate requests: `{"openapi":"3.1.0","info":{"title":"Kohyo API",…},"paths":{…}}`.',
  },
  {
    path: GUIDE_PATH,
    landingLink: { name: 'llms_txt', title: '/llms.txt', note: 'the guide for LLM agents' },
    description: 'This guide, as plain text.',
  },
  {
    path: '/',
    description:
      'A short landing page for browsers; with `Accept: application/json`, the same as JSON: `{"service":"Kohyo","description":"…","links":{"docs":"/docs","openapi":"/api/v1/openapi.json","llms_txt":"/llms.txt",…},"contact":…}`.',
  },
];

const byPath = new Map(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));

/** The endpoint at `path`, if one is there. */
export function endpointAt(path: string): Endpoint | undefined {
  return byPath.get(path);
}

/** The paths whose requests do not count against the limits (the limiter counts only under BASE_PATH). */
export const UNCOUNTED_PATHS: ReadonlySet<string> = new Set([
  ...ENDPOINTS.filter((endpoint) => !endpoint.counted).map((endpoint) => endpoint.path),
  ...DOCUMENTS.map((document) => document.path),
]);

/** The paths that answer conditional requests (ETag, Last-Modified, 304). */
export const CONDITIONAL_PATHS: ReadonlySet<string> = new Set(
  ENDPOINTS.filter((e) => e.conditional).map((e) => e.path),
);

/** The landing page's links: documents first, then the endpoints a person looks at. */
export const LANDING_LINKS: readonly (LandingLink & { readonly path: string })[] = [...DOCUMENTS, ...ENDPOINTS].flatMap(
  (entry) => (entry.landingLink === undefined ? [] : [{ ...entry.landingLink, path: entry.path }]),
);
