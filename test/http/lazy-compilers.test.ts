// The compilers a route's schemas wait for until first use: they validate and serialise as Fastify's own do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { lazyCompilers } from '../../src/http/lazy-compilers.js';

const Query = Type.Object({ n: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
const Answer = Type.Object({ n: Type.Integer() });

async function appWith(compilers = lazyCompilers()) {
  const app = Fastify({ schemaController: { compilersFactory: compilers.compilersFactory } });
  for (const url of ['/a', '/b']) {
    app.get(url, { schema: { querystring: Query, response: { 200: Answer } } }, (request) => ({
      ...(request.query as object),
      dropped: 'not in the answer schema',
    }));
  }
  await app.ready();
  return app;
}

test('a lazily compiled validator refuses with the errors Fastify reports, and coerces as configured', async () => {
  const app = await appWith();
  const ok = await app.inject('/a?n=3');
  assert.equal(ok.statusCode, 200);
  assert.deepEqual(ok.json(), { n: 3 });
  const refused = await app.inject('/a?n=0');
  assert.equal(refused.statusCode, 400);
  assert.match(refused.json<{ message: string }>().message, /querystring\/n must be >= 1/u);
  assert.equal((await app.inject('/a?m=1')).statusCode, 400);
  await app.close();
});

test('the warm-up compiles every schema no request has, and the routes answer alike after it', async () => {
  const compilers = lazyCompilers();
  const app = await appWith(compilers);
  await compilers.warmUp();
  for (const url of ['/a?n=1', '/b?n=2']) {
    const answer = await app.inject(url);
    assert.equal(answer.statusCode, 200, url);
    assert.deepEqual(Object.keys(answer.json<object>()), ['n']);
  }
  await app.close();
});
