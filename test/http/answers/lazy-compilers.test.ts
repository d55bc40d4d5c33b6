// The compilers a route's schemas wait for until first use: nothing is compiled while the app starts, a route's
// schemas at its first request, the rest by the warm-up; and they validate and serialise as Fastify's own do.
// Compilations are counted through the compilers the lazy ones are given, so eager compilers fail here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { lazyCompilers, type SchemaCompilers } from '../../../src/http/answers/lazy-compilers.js';
import { answerWriter } from '../../../src/http/answers/serialiser-schema.js';
import { propertyOf } from '../../../src/lib/is-object.js';

/** A route's query: its own schema (the same text would share a validator, compiled once for both). */
const queryOf = (url: string) =>
  Type.Object({ n: Type.Integer({ minimum: 1, description: `n of ${url}` }) }, { additionalProperties: false });
const ROUTES = ['/a', '/b'] as const;

/** Fastify's own compilers, each compilation written down: `validator /a` (the route's querystring), `serializer /a`. */
function countingCompilers(): SchemaCompilers & { readonly compiled: string[] } {
  const compiled: string[] = [];
  const ajv = AjvCompiler();
  const validators: BuildCompilerFromPool = (externalSchemas, options) => {
    const compile = ajv(externalSchemas, options);
    // what Fastify hands is the route ({ schema, url, httpPart, … }), where the compiler's types say the schema
    return ((route: Parameters<typeof compile>[0]) => {
      compiled.push(`validator ${String(propertyOf(route, 'url'))}`);
      return compile(route);
    }) as ReturnType<BuildCompilerFromPool>;
  };
  const writer = (schema: unknown) => {
    compiled.push(`serializer ${String(propertyOf(schema, '$id'))}`);
    return answerWriter(schema);
  };
  return { validators, writer, compiled };
}

/** Two routes, each with a query schema and an answer schema of its own (new ones: no cache of the process holds them). */
async function appWith(compilers = lazyCompilers()) {
  const app = Fastify({ schemaController: { compilersFactory: compilers.compilersFactory } });
  for (const url of ROUTES) {
    const Answer = Type.Object({ n: Type.Integer() }, { $id: `answer${url.replace('/', '-')}` });
    app.get(url, { schema: { querystring: queryOf(url), response: { 200: Answer } } }, (request) => ({
      ...(request.query as object),
      dropped: 'not in the answer schema',
    }));
  }
  await app.ready();
  return app;
}

test('nothing is compiled while the app starts; a route its own schemas at its first request; the warm-up the rest', async () => {
  const counting = countingCompilers();
  const compilers = lazyCompilers(counting);
  const app = await appWith(compilers);
  try {
    assert.deepEqual(counting.compiled, [], 'the app is ready and no schema was compiled');
    assert.equal((await app.inject('/a?n=1')).statusCode, 200);
    assert.deepEqual(counting.compiled.sort(), ['serializer answer-a', 'validator /a']);
    // HEAD /a (Fastify's own route beside GET) shares what GET /a compiled
    assert.equal((await app.inject({ method: 'HEAD', url: '/a?n=2' })).statusCode, 200);
    assert.equal((await app.inject('/a?n=3')).statusCode, 200);
    assert.equal(counting.compiled.length, 2, 'each schema compiled once');
    await compilers.warmUp();
    assert.deepEqual(counting.compiled.sort(), [
      'serializer answer-a',
      'serializer answer-b',
      'validator /a',
      'validator /b',
    ]);
    await compilers.warmUp();
    assert.equal(counting.compiled.length, 4, 'nothing compiled twice');
  } finally {
    await app.close();
  }
});

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
