// The schemas agents are shown, from the endpoints' query schemas, and the reading of their arguments: table-driven.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { readArguments, toolInput } from '../../src/mcp/tool-input.js';
import { VOCABULARIES } from '../../src/domain/vocabularies/index.js';
import { CORPORATE_NUMBER_INPUT } from '../../src/api/schemas/queries.js';

const codes = (list: readonly string[]) => Type.Union(list.map((code) => Type.Literal(code)));

test('each kind of parameter is shown as an agent needs it', () => {
  const input = toolInput(
    Type.Object({
      authority: Type.Optional(
        Type.Union([codes(VOCABULARIES.authority.codes()), Type.String()], {
          description: 'the authority: a code or a label (see list_vocabularies)',
        }),
      ),
      law: Type.Optional(
        Type.Union([codes(VOCABULARIES.law.codes()), Type.String()], { description: 'the law cited' }),
      ),
      status: Type.Optional(
        Type.Union([codes(['scheduled', 'in_effect', 'completed']), Type.String()], { description: 'status' }),
      ),
      flag: Type.Optional(Type.String({ enum: ['true', 'false'], description: 'a flag' })),
      limit: Type.Integer({ minimum: 1, maximum: 10, default: 10, description: 'rows' }),
      from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date' })),
      corporate_number: Type.Optional(Type.String({ pattern: CORPORATE_NUMBER_INPUT, description: '13 digits' })),
      format: Type.String({ enum: ['json', 'atom'] }),
    }),
  );
  const cases: [string, unknown][] = [
    [
      'authority',
      { type: 'string', description: 'the authority: a code or a label (list_vocabularies field "authority")' },
    ],
    ['law', { type: 'string', description: 'the law cited. list_vocabularies field "law".' }],
    ['status', { type: 'string', description: 'status. Codes: scheduled, in_effect, completed (or a label).' }],
    ['flag', { type: 'boolean', description: 'a flag' }],
    ['limit', { type: 'integer', minimum: 1, maximum: 10, description: 'rows' }],
    ['from', { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date' }],
    ['corporate_number', { type: 'string', description: '13 digits' }],
  ];
  for (const [name, shown] of cases) assert.deepEqual(input.schema.properties[name], shown, name);
  assert.equal(input.schema.properties.format, undefined, 'format is an HTTP representation');
  assert.deepEqual(input.schema.required, ['limit']);
  assert.deepEqual(
    [...input.vocabularies],
    [
      ['authority', 'authority'],
      ['law', 'law'],
      ['status', 'license_status'],
    ],
  );
});

test('arguments are read as the text a query string would carry', () => {
  const cases: [Record<string, unknown>, unknown][] = [
    [
      { corporate_number: 1180301018771, limit: 5 },
      { ok: true, values: { corporate_number: '1180301018771', limit: '5' } },
    ],
    [
      { limit: '5', flag: false, q: null },
      { ok: true, values: { limit: '5', flag: 'false' } },
    ],
    [{ offset: 10 }, { ok: true, values: { offset: '10' } }],
  ];
  for (const [args, read] of cases) assert.deepEqual(readArguments(args), read, JSON.stringify(args));
  const refused: [Record<string, unknown>, string][] = [
    [{ format: 'atom' }, 'unknown_parameter'],
    [{ q: ['a'] }, 'invalid_parameter'],
    [{ q: { a: 1 } }, 'invalid_parameter'],
    // issue 79: text that is not well-formed (a lone surrogate, which URLSearchParams would turn into U+FFFD; a NUL)
    [{ q: 'a\ud800b' }, 'invalid_parameter'],
    [{ company: 'a\u0000b' }, 'invalid_parameter'],
  ];
  for (const [args, code] of refused) {
    const read = readArguments(args);
    assert.equal(read.ok ? 'read' : read.error.error.code, code, JSON.stringify(args));
  }
});
