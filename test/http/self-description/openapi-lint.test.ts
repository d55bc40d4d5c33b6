// The OpenAPI document passes Redocly (recommended) and Spectral (spectral:oas) with the repository's
// configs (redocly.yaml, .spectral.yaml): no error, no warning; and its named parts are there and used.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer, type TestServer } from '../../helpers/server.js';
import { ok } from '../../helpers/answers.js';
import type { Answer } from '../../helpers/documented-answers.js';
import type { OpenApiDocument } from '../../helpers/openapi-document.js';
import { NAMED_SCHEMAS } from '../../../src/http/self-description/openapi-components.js';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

let server: TestServer;
let document: OpenApiDocument;
let file: string;
before(async () => {
  server = await startServer({ env: { KOHYO_CONTACT: 'ops@example.org' } });
  document = await ok(server, '/api/v1/openapi.json');
  file = join(mkdtempSync(join(tmpdir(), 'kohyo-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
});
after(() => server.close());

/**
 * Runs a linter that exits non-zero on problems; its JSON report is what counts. One that failed without a report
 * (not found, crashed) fails the test: an empty report from a linter that never ran is no pass.
 */
async function report(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { cwd: root, maxBuffer: 16 << 20 })).stdout;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout ?? '';
    if (stdout.trim() === '') throw error;
    return stdout;
  }
}

test('Redocly, recommended rules: no error, no warning', async () => {
  const out = await report(bin('redocly'), ['lint', '--config', join(root, 'redocly.yaml'), '--format', 'json', file]);
  const problems = (JSON.parse(out) as { problems: { ruleId: string; severity: string; message: string }[] }).problems;
  assert.deepEqual(
    problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`),
    [],
  );
});

test('Spectral, spectral:oas: no error, no warning', async () => {
  const out = await report(bin('spectral'), [
    'lint',
    '--ruleset',
    join(root, '.spectral.yaml'),
    '--format',
    'json',
    '--quiet',
    file,
  ]);
  const problems = (out.trim() === '' ? [] : JSON.parse(out)) as {
    code: string;
    severity: number;
    message: string;
    path: string[];
  }[];
  assert.deepEqual(
    problems.map((p) => `${p.severity} ${p.code}: ${p.message} at ${p.path.join('.')}`),
    [],
  );
});

test('an operationId per operation, the named schemas used, every status with its headers, security and licence', () => {
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  const ids = operations.map((o) => o.operationId);
  assert.equal(new Set(ids).size, operations.length);
  assert.ok(ids.every((id) => /^[a-z][A-Za-z]+$/u.test(id)));
  const text = JSON.stringify(document);
  for (const name of Object.keys(NAMED_SCHEMAS))
    assert.ok(text.includes(`"#/components/schemas/${name}"`), `${name} is not used`);
  const companies = document.paths['/api/v1/companies']!.get.responses;
  assert.deepEqual(Object.keys(companies).sort(), [
    '200',
    '304',
    '400',
    '403',
    '405',
    '408',
    '429',
    '431',
    '500',
    '503',
  ]);
  assert.deepEqual(Object.keys(companies['200']!.headers!).sort(), [
    'Cache-Control',
    'ETag',
    'Last-Modified',
    'RateLimit',
    'RateLimit-Policy',
    'X-Request-Id',
  ]);
  assert.ok(document.components.responses.TooManyRequests!.headers!['Retry-After']);
  assert.ok(document.components.responses.MethodNotAllowed!.headers!.Allow);
  assert.deepEqual(document.security, []);
  assert.equal(document.info.contact!.email, 'ops@example.org');
  assert.match(document.info.license.name, /Public Data License/u);
  const parameter = (path: string, name: string) => {
    const found = document.paths[path]!.get.parameters!.find((p) => 'name' in p && p.name === name);
    assert.ok(found && 'schema' in found, `${path} has no ${name}`);
    return found.schema;
  };
  assert.ok(
    parameter('/api/v1/enforcements', 'authority').anyOf![0]!.enum!.includes('jftc'),
    'enum filters list their codes',
  );
  assert.equal(parameter('/api/v1/enforcements', 'authority').anyOf![1]!.type, 'string', 'and still take labels');
  assert.ok(parameter('/api/v1/enforcements', 'corporate_number').pattern);
  // the example of a 200 answer is one of its answers
  const example = companies['200']!.content!['application/json']!.example as Answer<'/api/v1/companies'>;
  assert.ok(example.data.companies.length > 0);
});
