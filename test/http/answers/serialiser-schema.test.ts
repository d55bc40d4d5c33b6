// The serialiser's view of the answer schemas (serialiser-schema.ts) writes every example answer byte for byte as
// fast-json-stringify writes it from the schema itself, and leaves no union of the kinds it rewrites.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fastJson from 'fast-json-stringify';
import { ENDPOINTS } from '../../../src/api/catalogue.js';
import { DOCUMENT_EXAMPLES } from '../../../src/http/self-description/document-examples.generated.js';
import { serialiserView } from '../../../src/http/answers/serialiser-schema.js';
import { Nullable, Label, Instant } from '../../../src/api/schemas/common.js';
import { Type } from '@sinclair/typebox';
import { propertyOf } from '../../../src/lib/is-object.js';

/** fast-json-stringify's writer of a schema, typed. */
const writerOf = (schema: object): ((value: unknown) => string) => fastJson(schema);

/** The view of one property of an object schema. */
const propertyView = (schema: object, name: string) => propertyOf(propertyOf(schema, 'properties'), name);

test('each endpoint example is written the same from the view as from the schema', () => {
  let compared = 0;
  for (const endpoint of ENDPOINTS) {
    const example = DOCUMENT_EXAMPLES.openapi[endpoint.path];
    if (example === undefined) continue;
    const written = writerOf(serialiserView(endpoint.response))(example);
    assert.equal(written, writerOf(endpoint.response)(example), endpoint.path);
    assert.deepEqual(JSON.parse(written), example, endpoint.path);
    compared++;
  }
  assert.ok(compared >= 10, `${compared} examples compared`);
});

test('Nullable(X) of one type and unions of literals become type lists; other unions stay', () => {
  const schema = Type.Object({
    at: Nullable(Instant),
    label: Nullable(Label),
    kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    either: Type.Union([Type.String(), Type.Number()]),
    labels: Type.Array(Nullable(Type.Integer())),
  });
  const view = serialiserView(schema);
  const write = writerOf(view);
  const rows: unknown[] = [
    { at: null, label: null, kind: 'a', either: 'x', labels: [1, null] },
    { at: '2026-11-21T00:00:00Z', label: { code: 'c', name: 'n', name_en: 'e' }, kind: 'b', either: 2, labels: [] },
  ];
  for (const row of rows) assert.equal(write(row), writerOf(schema)(row));
  assert.deepEqual(propertyOf(propertyView(view, 'kind'), 'type'), 'string');
  assert.deepEqual(propertyOf(propertyView(view, 'at'), 'type'), ['string', 'null']);
  assert.deepEqual(propertyOf(propertyView(view, 'label'), 'type'), ['object', 'null']);
  assert.ok(Array.isArray(propertyOf(propertyView(view, 'either'), 'anyOf')));
});
