// The endpoint catalogue drives what the service answers and what its documents say: every entry is a route, an
// OpenAPI operation with the statuses its flags imply, a section of /llms.txt, its MCP tools and its landing link;
// and nothing is served or documented that the catalogue does not hold.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE_PATH,
  DOCUMENTS,
  ENDPOINTS,
  GUIDE_PATH,
  LANDING_LINKS,
  routeAccounting,
} from '../../src/api/catalogue.js';
import { mcpTools } from '../../src/mcp/tools.js';
import { loadConfig } from '../../src/config.js';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { answerOf, ok } from '../helpers/answers.js';
import type { OpenApiDocument } from '../helpers/openapi-document.js';
import { EXAMPLE_CALLS } from '../../demo/document-examples.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import { isCalendarDate } from '../../src/domain/dates.js';
import { isRfc3339Instant } from '../../src/domain/records/record-schema-check.js';
import { isRecord } from '../../src/lib/is-object.js';

const Ajv2020 = Ajv2020Module.default;

let server: TestServer;
let openapi: OpenApiDocument;
let guide: string;
let index: string;

before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
  openapi = await ok(server, '/api/v1/openapi.json');
  guide = (await server.get('/llms-full.txt')).text;
  index = (await server.get('/llms.txt')).text;
});
after(() => server.close());

/**
 * An endpoint's call as the OpenAPI examples make it (its parameters ones the demo dataset holds), else its path; a page's
 * path with each `{parameter}` filled in likewise.
 */
function addressIn(path: string): string {
  if (path.startsWith('/api/') || path === '/health') return EXAMPLE_CALLS[path] ?? path;
  if (!path.includes('{')) return path;
  // a page for people stands at the address of the API's: /companies/{n} as /api/v1/companies/{n}, a record as its
  const api = path.startsWith('/records/') ? '/api/v1/enforcements/{id}' : `/api/v1${path}`;
  const call = EXAMPLE_CALLS[path] ?? EXAMPLE_CALLS[api] ?? path;
  return path.startsWith('/api/')
    ? call
    : call.replace(/^\/api\/v1\/(?:enforcements|companies)/u, path.split('/{')[0]!);
}

/** Every answer's JSON Schema check, formats as the service reads them. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date', isCalendarDate);
ajv.addFormat('date-time', isRfc3339Instant);

test('every endpoint of the catalogue answers its call with 200 and a body of its response schema', async () => {
  for (const endpoint of ENDPOINTS) {
    const call = addressIn(endpoint.path);
    const answer = await server.get(call, { headers: { 'x-kohyo-client': 'catalogue-test', 'x-request-id': 'cat-1' } });
    // an endpoint that throws answers 500, and one whose answer misses a field its serialiser requires does too
    assert.equal(answer.status, 200, `${call}: ${answer.text}`);
    const body: unknown = JSON.parse(answer.text);
    const validate = ajv.compile(endpoint.response);
    assert.ok(validate(body), `${call}: ${ajv.errorsText(validate.errors)}`);
    assert.ok(isRecord(body));
    if ('meta' in endpoint.response.properties) {
      assert.ok(isRecord(body.meta));
      assert.equal(body.meta.request_id, 'cat-1', `${call}: meta.request_id`);
    }
    // a list endpoint's example finds something, so that its rows' shape is checked too
    if (endpoint.listAnswer) {
      assert.ok(isRecord(body.data));
      const lists = Object.values(body.data);
      assert.ok(
        lists.some((list) => Array.isArray(list) && list.length > 0),
        `${call} lists nothing`,
      );
    }
  }
});

test('every document of the catalogue is served', async () => {
  for (const document of DOCUMENTS) {
    const path = document.path === '/docs' ? '/docs/' : addressIn(document.path);
    const answer = await server.get(path, { headers: { 'x-kohyo-client': 'catalogue-test' } });
    assert.equal(answer.status, 200, `${path}: ${answer.text.slice(0, 200)}`);
  }
});

test('the OpenAPI document holds exactly the endpoints of the catalogue, with the statuses their flags imply', () => {
  assert.deepEqual(Object.keys(openapi.paths).sort(), ENDPOINTS.map((e) => e.path).sort());
  for (const endpoint of ENDPOINTS) {
    const get = openapi.paths[endpoint.path]!.get;
    assert.equal(get.operationId, endpoint.operationId);
    assert.ok(openapi.paths[endpoint.path]!.head, `${endpoint.path} declares HEAD`);
    // every path answers 429 past its address's ceilings, counted or not
    assert.ok('429' in get.responses, `${endpoint.path}: 429`);
    assert.equal('404' in get.responses, endpoint.parametersIn === 'path', `${endpoint.path}: 404 iff an address`);
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

test('/llms-full.txt has a section for every endpoint and document, saying what the catalogue says', () => {
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

test('/llms.txt has a line for every endpoint and every other document', () => {
  for (const endpoint of ENDPOINTS) assert.ok(index.includes(`\n- [GET ${endpoint.path}](`), endpoint.path);
  for (const { path } of DOCUMENTS.filter((d) => d.path !== GUIDE_PATH))
    assert.ok(index.includes(`[GET ${path}](`) || index.includes(`](${path}):`), path);
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
    'llms_full_txt',
    'coverage',
    'sources',
    'vocabularies',
    'health',
  ]);
});
