// GET /: HTML for browsers with the links a person needs, JSON for clients that ask for JSON; GET /docs is served.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { answerOf, errorOfAnswer } from '../helpers/answers.js';
import { rawRequest } from '../helpers/raw-request.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase(), env: { KOHYO_CONTACT: 'ops@example.org' } });
});
after(() => server.close());

test('a browser gets a short HTML page linking the reference, the guide, the OpenAPI document and coverage', async () => {
  const answer = await server.get('/', {
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  });
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-type') ?? '', /^text\/html/u);
  assert.match(answer.headers.get('vary') ?? '', /Accept/u);
  for (const href of [
    '/docs',
    '/llms.txt',
    '/llms-full.txt',
    '/api/v1/openapi.json',
    '/api/v1/procurement-suspension-coverage',
  ]) {
    assert.ok(answer.text.includes(`href="${href}"`), href);
  }
  assert.ok(answer.text.includes('ops@example.org'));
});

test('a client asking for JSON gets the same links as JSON', async () => {
  const answer = await server.get('/', { headers: { accept: 'application/json' } });
  assert.equal(answer.status, 200);
  assert.equal(answer.body.links.docs, '/docs');
  assert.equal(answer.body.links.openapi, '/api/v1/openapi.json');
  assert.equal(answer.body.links.llms_txt, '/llms.txt');
  assert.equal(answer.body.links.llms_full_txt, '/llms-full.txt');
  assert.equal(answer.body.contact, 'ops@example.org');
});

test('/docs serves the reference page and its assets itself', async () => {
  const page = await server.get('/docs');
  assert.equal(page.status, 200);
  const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/gu)].map((m) => m[1]!);
  assert.ok(assets.length >= 3);
  for (const asset of assets) {
    assert.ok(asset.startsWith('/docs/static/'), `${asset} is not served by the service`);
    assert.equal((await server.get(asset)).status, 200, asset);
  }
  const spec = answerOf(await server.get('/api/v1/openapi.json'));
  assert.equal(spec.openapi, '3.1.0');
});

test("the document has one address: the reference plugin's copies are not served, and its index redirects once", async () => {
  for (const copy of ['/docs/json', '/docs/yaml']) {
    const answer = await server.get(copy);
    assert.equal(answer.status, 404, copy);
    assert.match(errorOfAnswer(answer).message, /\/api\/v1\/openapi\.json/u, copy);
  }
  for (const index of ['/docs/static/index.html', '/docs/static/index.html?a=1']) {
    const answer = await rawRequest(server.url, index);
    assert.equal(answer.status, 302, index);
    assert.equal(answer.headers.get('location'), '/docs/', index);
  }
});
