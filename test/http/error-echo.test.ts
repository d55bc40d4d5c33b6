// An error answer repeats at most the first 64 characters of what the client sent (a value, a
// parameter's name, a path), on every endpoint and every parameter, through the real server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENDPOINTS } from '../../src/api/catalogue.js';
import { MAX_ECHOED } from '../../src/api/errors.js';
import { loadConfig } from '../../src/config.js';
import { parameterNames } from '../../src/api/schemas/queries.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await fixtureDatabase() });
});
after(() => server.close());

/** Long enough to show, short enough for the request line the server reads. */
const LONG = 'z'.repeat(6000);
const ECHO_RUN = 'z'.repeat(MAX_ECHOED + 1);

function assertBounded(text: string, what: string): void {
  assert.ok(!text.includes(ECHO_RUN), `${what}: echoes more than ${MAX_ECHOED} characters`);
  assert.ok(text.length < 2000, `${what}: ${text.length} characters`);
}

test('no error echoes a long value, parameter name or path', async () => {
  const config = loadConfig({});
  let checked = 0;
  for (const endpoint of ENDPOINTS) {
    const schema = endpoint.query?.(config);
    const names = schema === undefined ? [] : [...parameterNames(schema)];
    const targets = [
      ...names.map((name) => `${endpoint.path}?${name}=${LONG}`),
      // a long value beside a valid filter, so that the value itself is what is refused
      ...names.map((name) => `${endpoint.path}?q=a&${name === 'q' ? 'company' : name}=${LONG}`),
      `${endpoint.path}?${LONG}=1`,
      `${endpoint.path}?q=a&${LONG}=1`,
    ];
    for (const target of targets) {
      const answer = await server.get(target);
      if (answer.status < 400) continue;
      assertBounded(answer.text, `${answer.status} ${target.slice(0, 80)}`);
      checked++;
    }
  }
  for (const target of [`/api/v1/${LONG}`, `/${LONG}`, `/%61pi/v1/${LONG}?q=1`]) {
    const answer = await server.get(target);
    assert.equal(answer.status, 404);
    assertBounded(answer.text, target.slice(0, 40));
  }
  const post = await server.get(`/api/v1/companies/${LONG}`, { method: 'DELETE' });
  assertBounded(post.text, 'DELETE');
  assert.ok(checked > 20, `${checked} error answers checked`);
});
