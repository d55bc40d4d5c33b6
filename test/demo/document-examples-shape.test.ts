// The examples the documents show (src/http/self-description/document-examples.generated.ts) have exactly the shape of the real answers:
// every field, no invented ones; and every Corporate Number in them is one the registry never issues.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DOCUMENT_EXAMPLES } from '../../src/http/self-description/document-examples.generated.js';
import { endpointAt } from '../../src/api/catalogue.js';
import { VOCABULARIES } from '../../src/domain/vocabularies/index.js';
import { parseCorporateNumber } from '../../src/domain/companies/corporate-number.js';
import { isCalendarDate } from '../../src/domain/dates.js';
import { isRfc3339Instant } from '../../src/domain/records/record-schema-check.js';

if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', isCalendarDate);
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', isRfc3339Instant);

/** The schema with every object closed, so that a field the API does not have fails the check. */
function closed(schema: TSchema): TSchema {
  const copy: Record<string | symbol, unknown> = { ...schema };
  if (schema.type === 'object' && schema.properties !== undefined) {
    copy.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, TSchema>).map(([k, v]) => [k, closed(v)]),
    );
    if (schema.additionalProperties === undefined) copy.additionalProperties = false;
  }
  if (schema.items !== undefined) copy.items = closed(schema.items as TSchema);
  if (Array.isArray(schema.anyOf)) copy.anyOf = (schema.anyOf as TSchema[]).map(closed);
  return copy as unknown as TSchema;
}

const guide = DOCUMENT_EXAMPLES.guide.examples;
const answers: [string, string, unknown][] = [
  ...Object.entries(DOCUMENT_EXAMPLES.openapi).map(([path, answer]): [string, string, unknown] => [
    'OpenAPI',
    path,
    answer,
  ]),
  ...Object.entries(guide)
    // the vocabularies cut to two (the answer's schema requires them all): their terms are checked below
    .filter(([path, example]) => example.answer !== null && path !== '/api/v1/vocabularies')
    .map(([path, example]): [string, string, unknown] => ['guide', path, example.answer]),
];

test('the examples answer every endpoint that answers data, in both documents', () => {
  const paths = (document: string) => answers.filter(([d]) => d === document).map(([, path]) => path);
  for (const document of ['OpenAPI', 'guide'])
    for (const path of ['/api/v1/search', '/api/v1/enforcements', '/api/v1/license-actions/{id}', '/health'])
      assert.ok(paths(document).includes(path), `${document}: no example of ${path}`);
});

for (const [document, path, answer] of answers) {
  test(`the ${document}'s ${path} example answer has the shape of a real answer`, () => {
    const endpoint = endpointAt(path);
    assert.ok(endpoint, `no endpoint answers ${path}`);
    const errors = [...Value.Errors(closed(endpoint.response), answer)]
      .slice(0, 5)
      .map((e) => `${e.path}: ${e.message}`);
    assert.deepEqual(errors, []);
  });
}

test("the guide's example calls are the endpoints' own paths, with a real number or id where the path has one", () => {
  for (const [path, example] of Object.entries(guide)) {
    const pattern = new RegExp(`^${path.replace(/\{\w+\}/gu, '[^/{}]+')}$`, 'u');
    assert.match(example.call.path, pattern, path);
  }
});

test('the vocabularies example shows real codes with their real labels', () => {
  const answer = guide['/api/v1/vocabularies']?.answer as {
    data: { vocabularies: Record<string, { code: string; name: string; name_en: string }[]> };
  };
  const shown = Object.entries(answer.data.vocabularies);
  assert.ok(shown.length >= 2 && shown.every(([, terms]) => terms.length > 0), 'some terms of two vocabularies');
  for (const [name, terms] of shown) {
    const vocabulary = VOCABULARIES[name as keyof typeof VOCABULARIES];
    assert.ok(vocabulary, `${name} is not a vocabulary`);
    for (const term of terms) {
      const real = vocabulary.get(term.code);
      assert.deepEqual(term, real && { code: real.code, name: real.name, name_en: real.name_en });
    }
  }
});

test('example Corporate Numbers are valid and of organisation type 99, which the registry never issues', () => {
  const numbers = new Set(JSON.stringify(DOCUMENT_EXAMPLES).match(/\b\d{13}\b/gu) ?? []);
  assert.ok(numbers.size > 5, `${numbers.size} numbers`);
  for (const number of numbers) {
    assert.deepEqual(parseCorporateNumber(number), { ok: true, number });
    assert.equal(number.slice(5, 7), '99', `${number}: digits 5-6 of the base`);
  }
});
