// A value a query's schema refuses is refused in the words of that schema (src/api/errors.ts schemaRefusal): its range,
// its values, its form, its length.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompaniesQuery, recordQuerySchema } from '../../src/api/schemas/queries.js';
import { schemaRefusal } from '../../src/api/errors.js';

const licenseActions = recordQuerySchema('license_action', 5);

/** The refusal of `value` for `parameter`, as the error handler words ajv's report of it. */
function refusalOf(schema: typeof CompaniesQuery | typeof licenseActions, parameter: string, value: unknown) {
  const failure = { keyword: 'any', instancePath: `/${parameter}`, params: {} };
  return schemaRefusal(failure, schema.properties, { [parameter]: value });
}

test('paging parameters name their range and the value given', () => {
  const page = refusalOf(licenseActions, 'page', 9);
  assert.equal(page.code, 'invalid_parameter');
  assert.equal(page.message, 'page must be a whole number from 1 to 5 (got "9").');
  assert.deepEqual(page.details, { parameter: 'page' });
  assert.equal(refusalOf(CompaniesQuery, 'limit', 11).message, 'limit must be a whole number from 1 to 10 (got "11").');
});

test('dates, text, fixed values and Corporate Numbers say what they take', () => {
  assert.equal(
    refusalOf(licenseActions, 'from', '2026/01/01').message,
    'from must be a date written YYYY-MM-DD (got "2026/01/01").',
  );
  assert.match(refusalOf(CompaniesQuery, 'q', 'x'.repeat(500)).message, /^q must be at most \d+ characters\.$/u);
  assert.equal(refusalOf(licenseActions, 'format', 'rss').message, 'format must be json or atom (got "rss").');
  assert.equal(
    refusalOf(licenseActions, 'include_predecessors', 'yes').message,
    'include_predecessors must be true or false (got "yes").',
  );
  const number = refusalOf(licenseActions, 'corporate_number', '12345');
  assert.equal(number.code, 'invalid_corporate_number');
  assert.equal(number.message, 'corporate_number "12345" is not a Corporate Number: it is not 13 digits.');
});

test('a parameter whose schema names no single rule gets the general refusal', () => {
  const sector = refusalOf(licenseActions, 'sector', 'y'.repeat(300));
  assert.equal(sector.code, 'invalid_parameter');
  assert.match(sector.message, /^sector has a value this endpoint does not accept/u);
});

test('a missing required parameter is missing_parameter, naming it', () => {
  const missing = schemaRefusal({ keyword: 'required', instancePath: '', params: { missingProperty: 'q' } }, {}, {});
  assert.equal(missing.code, 'missing_parameter');
  assert.equal(missing.message, 'q is required.');
  assert.deepEqual(missing.details, { parameter: 'q' });
});
