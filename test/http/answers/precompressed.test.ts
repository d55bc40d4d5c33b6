// Answers the same for every client, compressed once and kept in memory (src/http/answers/precompressed.ts): the encoding
// chosen from Accept-Encoding, the bodies the same once decompressed as the plain ones, and built once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../../helpers/server.js';
import { loadConfig } from '../../../src/config.js';
import { guideTexts } from '../../../src/http/self-description/guide.js';
import {
  PrecompressedBody,
  keepPrecompressedCopies,
  latestBody,
  preferredCoding,
} from '../../../src/http/answers/precompressed.js';
import { compression } from '../../../src/http/hooks/compression.js';

interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The bytes as sent (fetch would decompress them). */
  readonly sent: Buffer;
  /** The body decompressed as its Content-Encoding says. */
  readonly body: Buffer;
}

function raw(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const sent = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(sent) : encoding === 'gzip' ? gunzipSync(sent) : sent;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, sent, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

test('preferredCoding: the acceptable encoding of higher q, br on a tie, none when neither is acceptable', () => {
  const cases: [accept: string | undefined, expected: 'br' | 'gzip' | null][] = [
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['br; q=0 , gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['*;q=0', null],
    ['br;q=nonsense, gzip', 'gzip'],
    [`${'x'.repeat(300)}, br`, null],
  ];
  for (const [accept, expected] of cases) assert.equal(preferredCoding(accept), expected, String(accept));
});

test('a body is compressed once per encoding, and built again only for a new source', async () => {
  const body = new PrecompressedBody('x'.repeat(4096), 'text/plain');
  assert.equal(body.encoded('br'), body.encoded('br'));
  assert.deepEqual(brotliDecompressSync(await body.encoded('br')), body.plain);
  assert.deepEqual(gunzipSync(await body.encoded('gzip')), body.plain);
  const latest = latestBody('text/plain', (text: string) => text.toUpperCase());
  const first = latest('guide');
  assert.equal(latest('guide'), first);
  const next = latest('new guide');
  assert.notEqual(next, first);
  assert.equal(next.plain.toString('utf8'), 'NEW GUIDE');
  assert.notEqual(next.validators.etag, first.validators.etag);
});

test("a scope's kept answers: the handler runs once for a kept key, each time for any other", async () => {
  const app: FastifyInstance = Fastify();
  await app.register(compression);
  const calls = new Map<string, number>();
  const text = 'Kohyo '.repeat(2000);
  await app.register(async (scope) => {
    keepPrecompressedCopies(scope, (request) => (request.url.startsWith('/kept') ? request.url : null));
    for (const path of ['/kept/text', '/kept/stream', '/other']) {
      scope.get(path, async (_request, reply) => {
        calls.set(path, (calls.get(path) ?? 0) + 1);
        void reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=0');
        return path === '/kept/stream' ? Readable.from([Buffer.from(text.slice(0, 5000)), text.slice(5000)]) : text;
      });
    }
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  assert.ok(address !== null && typeof address !== 'string');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    for (const path of ['/kept/text', '/kept/stream', '/other']) {
      const answers = [];
      for (const encoding of ['br', 'gzip', 'identity', 'br'])
        answers.push(await raw(base, path, { 'accept-encoding': encoding }));
      for (const answer of answers) {
        assert.equal(answer.status, 200);
        assert.equal(answer.body.toString('utf8'), text, path);
      }
      assert.deepEqual(
        answers.map((a) => a.headers['content-encoding']),
        ['br', 'gzip', undefined, 'br'],
      );
      assert.equal(calls.get(path), path === '/other' ? 4 : 1, `${path}'s handler runs`);
      if (path === '/other') continue;
      for (const answer of answers) {
        assert.equal(answer.headers['content-length'], String(answer.sent.length));
        assert.equal(answer.headers.vary, 'accept-encoding');
        assert.equal(answer.headers['cache-control'], 'public, max-age=0');
        assert.equal(answer.headers['content-type'], 'text/plain; charset=utf-8');
        assert.equal(answer.headers.etag, answers[0]!.headers.etag);
      }
      const unchanged = await raw(base, path, { 'if-none-match': String(answers[0]!.headers.etag) });
      assert.equal(unchanged.status, 304);
      assert.equal(unchanged.sent.length, 0);
      // what its 200 says of the answer, and no length or type of a body it does not have
      assert.equal(unchanged.headers.etag, answers[0]!.headers.etag);
      assert.equal(unchanged.headers['cache-control'], 'public, max-age=0');
      assert.equal(unchanged.headers['content-length'], undefined);
      assert.equal(unchanged.headers['content-type'], undefined);
    }
  } finally {
    await app.close();
  }
});

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

const packageFile = (name: string) =>
  readFileSync(fileURLToPath(import.meta.resolve(`@fastify/swagger-ui/static/${name}`)));

test('the reference page files, the OpenAPI document and the guide: the same bytes in every encoding as plain', async () => {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const guide = guideTexts({ config, dataset: () => server.store, clock: () => TEST_NOW });
  const documents: [path: string, plain: ((body: Buffer) => void) | null][] = [
    ['/docs/static/swagger-ui-bundle.js', (body) => assert.deepEqual(body, packageFile('swagger-ui-bundle.js'))],
    ['/docs/static/swagger-ui.css', (body) => assert.deepEqual(body, packageFile('swagger-ui.css'))],
    ['/docs/static/swagger-initializer.js', null],
    ['/docs/static/theme/kohyo.css', null],
    // what Fastify wrote for the document object: JSON.stringify's output
    [
      '/api/v1/openapi.json',
      (body) => assert.equal(JSON.stringify(JSON.parse(body.toString('utf8'))), body.toString()),
    ],
    ['/llms.txt', (body) => assert.equal(body.toString('utf8'), guide.index)],
    ['/llms-full.txt', (body) => assert.equal(body.toString('utf8'), guide.full)],
  ];
  for (const [path, checkPlain] of documents) {
    const plain = await raw(server.url, path);
    assert.equal(plain.status, 200, path);
    assert.equal(plain.headers['content-encoding'], undefined, path);
    checkPlain?.(plain.body);
    for (const encoding of ['br', 'gzip']) {
      const answer = await raw(server.url, path, { 'accept-encoding': encoding });
      assert.equal(answer.status, 200, path);
      if (plain.body.length >= 1024) assert.equal(answer.headers['content-encoding'], encoding, path);
      assert.deepEqual(answer.body, plain.body, `${path} in ${encoding}`);
      assert.equal(answer.headers['content-type'], plain.headers['content-type'], path);
      assert.equal(answer.headers.etag, plain.headers.etag, path);
    }
  }
});

test('the reference page itself is answered as before, and a file the package lacks is 404', async () => {
  const page = await raw(server.url, '/docs', { 'accept-encoding': 'br' });
  assert.equal(page.status, 200);
  assert.match(page.body.toString('utf8'), /\/docs\/static\/swagger-ui-bundle\.js/u);
  const missing = await raw(server.url, '/docs/static/nothing.js');
  assert.equal(missing.status, 404);
});
