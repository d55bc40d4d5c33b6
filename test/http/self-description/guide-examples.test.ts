// The example answers of /llms.txt have exactly the shape of the real answers: every field, no invented ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { EXAMPLE_NUMBER } from '../../../src/http/self-description/guide-example-data.js';
import { EXAMPLES } from '../../../src/http/self-description/guide-fictional-examples.js';
import { SEARCH } from '../../../src/api/endpoints/search.js';
import { COMPANIES } from '../../../src/api/endpoints/companies.js';
import { ENFORCEMENTS, LICENSE_ACTIONS, PROCUREMENT_SUSPENSIONS } from '../../../src/api/endpoints/records.js';
import { COVERAGE, SOURCES_COVERAGE } from '../../../src/api/endpoints/coverage.js';
import { VOCABULARIES } from '../../../src/domain/vocabularies/index.js';
import { parseCorporateNumber } from '../../../src/domain/companies/corporate-number.js';
import { isCalendarDate } from '../../../src/domain/dates.js';
import { isRfc3339Instant } from '../../../src/domain/records/record-schema-check.js';

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

const RESPONSES: Readonly<Record<string, TSchema>> = {
  '/api/v1/search': SEARCH.response,
  '/api/v1/companies': COMPANIES.response,
  '/api/v1/enforcements': ENFORCEMENTS.response,
  '/api/v1/procurement-suspensions': PROCUREMENT_SUSPENSIONS.response,
  '/api/v1/license-actions': LICENSE_ACTIONS.response,
  '/api/v1/procurement-suspension-coverage': COVERAGE.response,
  '/api/v1/coverage': SOURCES_COVERAGE.response,
};

for (const [path, schema] of Object.entries(RESPONSES)) {
  test(`the ${path} example answer has the shape of a real answer`, () => {
    const example = EXAMPLES[path];
    assert.ok(example?.answer, `no example answer for ${path}`);
    const strict = closed(schema);
    const errors = [...Value.Errors(strict, example.answer)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
    assert.deepEqual(errors, []);
    assert.equal(example.call.path, path);
  });
}

test('the vocabularies example shows real codes with their real labels', () => {
  const answer = EXAMPLES['/api/v1/vocabularies']?.answer as {
    data: { vocabularies: Record<string, { code: string; name: string; name_en: string }[]> };
  };
  for (const [name, terms] of Object.entries(answer.data.vocabularies)) {
    const vocabulary = VOCABULARIES[name as keyof typeof VOCABULARIES];
    assert.ok(vocabulary, `${name} is not a vocabulary`);
    for (const term of terms) {
      const real = vocabulary.get(term.code);
      assert.deepEqual(term, real && { code: real.code, name: real.name, name_en: real.name_en });
    }
  }
});

test('example Corporate Numbers are valid and of organisation type 99, which the registry never issues', () => {
  const numbers = new Set(JSON.stringify(EXAMPLES).match(/\b\d{13}\b/gu) ?? []);
  assert.ok(numbers.has(EXAMPLE_NUMBER));
  for (const number of numbers) {
    assert.deepEqual(parseCorporateNumber(number), { ok: true, number });
    assert.equal(number.slice(5, 7), '99', `${number}: digits 5-6 of the base`);
  }
});
