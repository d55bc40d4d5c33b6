// What an agent's context takes from Kohyo, through a real server on the demo dataset: tools/list under 16 KB and
// every tool answer to ordinary arguments (each code of a vocabulary, the widest limit) under 32 KB, as sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VOCABULARIES } from '../../src/domain/vocabularies/index.js';
import { demoDatabase } from '../helpers/server.js';
import { postMcp, serveMcp, toolCall, type McpServed, type RpcAnswer } from '../helpers/mcp-served.js';

/** 16 KB as the docs count it: 16,000 bytes. */
const LIST_BYTES = 16_000;
const ANSWER_BYTES = 32 * 1024;

interface ToolReply {
  readonly result: { readonly isError?: boolean; readonly content: readonly { readonly text: string }[] };
}

/** The JSON a tool answered, or the test fails with its error. */
function answered(answer: RpcAnswer, what: string): { data: Record<string, unknown>; meta: Record<string, unknown> } {
  const reply = answer.body as ToolReply;
  assert.notEqual(reply.result.isError, true, `${what}: ${reply.result.content[0]?.text}`);
  return JSON.parse(reply.result.content[0]!.text) as { data: Record<string, unknown>; meta: Record<string, unknown> };
}

describe('the size of what an agent reads', () => {
  let s: McpServed;
  before(async () => {
    // every tool asked in turn, the demo's neighbouring numbers among them: no limit or walk is what is measured here
    s = await serveMcp(
      { KOHYO_LIMIT_PER_MINUTE: '100000', KOHYO_ENUM_DISTINCT_TERMS: '100000', KOHYO_ENUM_SEQUENTIAL: '1000' },
      await demoDatabase(),
    );
  });
  after(() => s.close());

  const call = (name: string, args: Record<string, unknown>) => postMcp(s.server.url, toolCall(1, name, args));

  test('tools/list is under 16 KB', async () => {
    const answer = await postMcp(s.server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal(answer.status, 200);
    assert.ok(answer.bytes < LIST_BYTES, `tools/list is ${answer.bytes} bytes`);
  });

  test('every tool answers ordinary arguments in under 32 KB', async () => {
    const companies = answered(await call('search_companies', { q: '建設' }), 'search_companies');
    const numbers = (companies.data.companies as { corporate_number: string }[]).map((c) => c.corporate_number);
    assert.ok(numbers.length > 0);
    const asked: [string, Record<string, unknown>][] = [
      ['search', { q: '株式会社' }],
      ['search', { q: '建設' }],
      ['search', { q: 'kensetsu' }],
      ['search_companies', { q: '株式会社', limit: 10 }],
      ['search_companies', { q: 'kensetsu', limit: 10 }],
      ...numbers.map((n): [string, Record<string, unknown>] => ['get_company', { corporate_number: n }]),
      ...numbers.map((n): [string, Record<string, unknown>] => ['list_enforcements', { company: n }]),
      ['get_procurement_suspension_coverage', {}],
      ['list_vocabularies', {}],
      ...Object.keys(VOCABULARIES).map((field): [string, Record<string, unknown>] => ['list_vocabularies', { field }]),
      ...VOCABULARIES.law.codes().map((law): [string, Record<string, unknown>] => ['list_enforcements', { law }]),
      ...VOCABULARIES.enforcement_action_type
        .codes()
        .map((code): [string, Record<string, unknown>] => ['list_enforcements', { action_type: code }]),
      ...VOCABULARIES.procurement_reason
        .codes()
        .map((reason): [string, Record<string, unknown>] => ['list_procurement_suspensions', { reason }]),
      ...VOCABULARIES.sector
        .codes()
        .map((sector): [string, Record<string, unknown>] => ['list_license_actions', { sector }]),
    ];
    let largest = { bytes: 0, what: '' };
    let withRows = 0;
    for (const [name, args] of asked) {
      const what = `${name} ${JSON.stringify(args)}`;
      const answer = await call(name, args);
      assert.equal(answer.status, 200, what);
      const body = answered(answer, what);
      if (Object.values(body.data).some((rows) => Array.isArray(rows) && rows.length > 0)) withRows++;
      assert.ok(answer.bytes < ANSWER_BYTES, `${what}: ${answer.bytes} bytes`);
      if (answer.bytes > largest.bytes) largest = { bytes: answer.bytes, what };
    }
    // the calls found records: the sizes are of real answers, not of empty lists
    assert.ok(withRows > asked.length / 2, `${withRows} of ${asked.length} answers hold rows`);
    console.log(`largest answer: ${largest.bytes} bytes (${largest.what})`);
  });
});
