// Each parameter's refusal is stated with its schema: the error a refused value gets, read from the schema itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompaniesQuery, recordQuerySchema, refusalOf } from '../../src/api/schemas/queries.js';

const licenseActions = recordQuerySchema('license_action', 5);

test('paging parameters name their range and the value given', () => {
  const page = refusalOf(licenseActions, 'page', 9);
  assert.equal(page.code, 'invalid_parameter');
  assert.equal(page.message, 'page must be a whole number from 1 to 5 (got "9").');
  assert.deepEqual(page.details, { parameter: 'page' });
  assert.equal(refusalOf(CompaniesQuery, 'limit', 11).message, 'limit must be a whole number from 1 to 10 (got "11").');
});

test('dates, text and Corporate Numbers say what they take', () => {
  assert.equal(
    refusalOf(licenseActions, 'from', '2026/01/01').message,
    'from must be a date written YYYY-MM-DD (got "2026/01/01").',
  );
  assert.match(refusalOf(CompaniesQuery, 'q', 'x'.repeat(500)).message, /^q must be at most \d+ characters\.$/u);
  const number = refusalOf(licenseActions, 'corporate_number', '12345');
  assert.equal(number.code, 'invalid_corporate_number');
  assert.equal(number.message, 'corporate_number "12345" is not a Corporate Number: it is not 13 digits.');
});

test('a parameter whose schema states no refusal gets the general one', () => {
  const sector = refusalOf(licenseActions, 'sector', 'y'.repeat(300));
  assert.equal(sector.code, 'invalid_parameter');
  assert.match(sector.message, /^sector has a value this endpoint does not accept/u);
});
