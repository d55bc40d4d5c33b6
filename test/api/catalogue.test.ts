// The endpoint catalogue drives what the service answers and what its documents say: every entry is a route, an
// OpenAPI operation with the statuses its flags imply, a section of /llms.txt, its MCP tools and its landing link;
// and nothing is served or documented that the catalogue does not hold.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_PATH, DOCUMENTS, ENDPOINTS, LANDING_LINKS, routeAccounting } from '../../src/api/catalogue.js';
import { mcpTools } from '../../src/mcp/tools.js';
import { loadConfig } from '../../src/config.js';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { answerOf, ok } from '../helpers/answers.js';
import type { OpenApiDocument } from '../helpers/openapi-document.js';
import { EXAMPLE_CALLS } from '../../demo/openapi-examples.js';

let server: TestServer;
let openapi: OpenApiDocument;
let guide: string;

before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
  openapi = await ok(server, '/api/v1/openapi.json');
  guide = (await server.get('/llms.txt')).text;
});
after(() => server.close());

/** A path with each `{parameter}` filled in with one the demo dataset holds (the OpenAPI examples' calls name them). */
function addressIn(path: string): string {
  if (!path.includes('{')) return path;
  // a page for people stands at the address of the API's: /companies/{n} as /api/v1/companies/{n}, a record as its
  const api = path.startsWith('/records/') ? '/api/v1/enforcements/{id}' : `/api/v1${path}`;
  const call = EXAMPLE_CALLS[path] ?? EXAMPLE_CALLS[api] ?? path;
  return path.startsWith('/api/')
    ? call
    : call.replace(/^\/api\/v1\/(?:enforcements|companies)/u, path.split('/{')[0]!);
}

test('every endpoint of the catalogue answers GET at its path, and every document is served', async () => {
  for (const entry of [...ENDPOINTS, ...DOCUMENTS]) {
    const answer = await server.get(entry.path === '/docs' ? '/docs/' : addressIn(entry.path), {
      headers: { 'x-kohyo-client': 'catalogue-test' },
    });
    // an endpoint that needs a query answers 400 without one: routed, not 404
    assert.notEqual(answer.status, 404, `${entry.path} is not served`);
  }
});

test('the OpenAPI document holds exactly the endpoints of the catalogue, with the statuses their flags imply', () => {
  assert.deepEqual(Object.keys(openapi.paths).sort(), ENDPOINTS.map((e) => e.path).sort());
  for (const endpoint of ENDPOINTS) {
    const get = openapi.paths[endpoint.path]!.get;
    assert.equal(get.operationId, endpoint.operationId);
    assert.ok(openapi.paths[endpoint.path]!.head, `${endpoint.path} declares HEAD`);
    assert.equal('429' in get.responses, endpoint.counted, `${endpoint.path}: 429 iff counted`);
    assert.equal('304' in get.responses, endpoint.conditional, `${endpoint.path}: 304 iff conditional`);
    assert.equal('503' in get.responses, endpoint.needsDataset, `${endpoint.path}: 503 iff it needs a dataset`);
  }
});

test('what a route counts for (limits, usage log, conditional requests) is read from its catalogue entry', () => {
  for (const endpoint of ENDPOINTS) {
    assert.deepEqual(
      routeAccounting(endpoint),
      {
        counted: endpoint.counted,
        usage: endpoint.path.startsWith(`${BASE_PATH}/`),
        conditional: endpoint.conditional,
      },
      endpoint.path,
    );
  }
  for (const document of DOCUMENTS) {
    const accounting = routeAccounting(document);
    // a page for people is counted and logged like the API request it stands for; the other documents never
    assert.equal(accounting.counted, document.counted === true, document.path);
    assert.equal(
      accounting.usage,
      document.counted === true || document.path.startsWith(`${BASE_PATH}/`),
      document.path,
    );
    assert.equal(accounting.conditional, false, `${document.path} is never conditional`);
  }
});

test('/llms.txt has a section for every endpoint and document, saying what the catalogue says', () => {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  for (const endpoint of ENDPOINTS) {
    const start = guide.indexOf(`### GET ${endpoint.path}\n`);
    assert.ok(start >= 0, `no section for ${endpoint.path}`);
    const section = guide.slice(start, guide.indexOf('\n### ', start + 1));
    assert.ok(section.includes(endpoint.description(config)), `${endpoint.path}: the catalogue's description`);
    assert.ok(
      section.includes(endpoint.counted ? 'Counts against the limits' : 'Outside the rate limit'),
      endpoint.path,
    );
  }
  for (const document of DOCUMENTS) assert.ok(guide.includes(`### GET ${document.path}\n`), document.path);
});

test('the MCP tools are the tools the catalogue names, each calling its endpoint', () => {
  const tools = mcpTools(loadConfig({ LOG_LEVEL: 'silent' }));
  const named = ENDPOINTS.flatMap((e) => e.tools.map((t) => [t.name, e.path] as const));
  assert.deepEqual(
    tools.map((t) => [t.name, t.path]),
    named,
  );
  assert.ok(named.length >= 8);
});

test('the landing page links what the catalogue marks, by name', async () => {
  const answer = answerOf(await server.get('/', { headers: { accept: 'application/json' } }));
  assert.deepEqual(answer.links, Object.fromEntries(LANDING_LINKS.map((l) => [l.name, l.path])));
  assert.deepEqual(Object.keys(answer.links), [
    'docs',
    'openapi',
    'llms_txt',
    'coverage',
    'sources',
    'vocabularies',
    'health',
  ]);
});
