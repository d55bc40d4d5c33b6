// The MCP server's own handling of what an endpoint answers, over an in-memory transport with a stand-in endpoint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer, type EndpointCall } from '../../src/mcp/mcp-server.js';
import type { Tool } from '../../src/mcp/tools.js';
import { toolInput } from '../../src/mcp/tool-input.js';
import { toolAnswer, toolError } from '../helpers/answers.js';
import { ANSWER_BYTES } from '../../src/mcp/answer-bound.js';

const tool: Tool = {
  name: 'stand_in',
  title: 'Stand-in',
  description: 'answers what the test hands it',
  input: toolInput(Type.Object({})),
  path: '/api/v1/stand-in',
  counted: true,
  listAnswer: false,
};

async function callWith(call: EndpointCall, options: { tool?: Tool; args?: Record<string, unknown> } = {}) {
  const used = options.tool ?? tool;
  const server = createMcpServer({ tools: [used], call, guide: async () => '' });
  const client = new Client({ name: 'mcp-server-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    await client.listTools();
    return await client.callTool({ name: used.name, arguments: options.args ?? {} });
  } finally {
    await client.close();
  }
}

test("a 2xx answer is its JSON as text, with no structured copy (an agent's context holds it once)", async () => {
  const body = { data: {}, meta: { request_id: 'x' } };
  const result = await callWith(async () => ({ status: 200, body }));
  assert.equal(result.isError, undefined);
  assert.equal(result.structuredContent, undefined);
  assert.deepEqual(result.content, [{ type: 'text', text: JSON.stringify(body) }]);
});

test('an answer that is not an object (not JSON, say) is a fault: internal_error', async () => {
  for (const [status, body] of [
    [200, 'text'],
    [200, null],
    [200, [1, 2]],
    [502, null],
  ] as const) {
    const result = await callWith(async () => ({ status, body }));
    assert.equal(result.isError, true);
    assert.equal(toolError(result).code, 'internal_error');
  }
});

test('arguments reach the endpoint as query text: numbers, true and false, a path parameter in the path', async () => {
  const urls: string[] = [];
  const record = async (url: string) => {
    urls.push(url);
    return { status: 200, body: { data: {}, meta: {} } };
  };
  await callWith(record, { args: { corporate_number: 1180301018771, limit: 5, flag: true, none: null } });
  const byId: Tool = { ...tool, path: '/api/v1/stand-ins/{id}' };
  await callWith(record, { tool: byId, args: { id: 'a b/c', limit: '2' } });
  assert.deepEqual(urls, [
    '/api/v1/stand-in?corporate_number=1180301018771&limit=5&flag=true',
    '/api/v1/stand-ins/a%20b%2Fc?limit=2',
  ]);
  const nested = await callWith(record, { args: { q: ['a', 'b'] } });
  assert.equal(toolError(nested).code, 'invalid_parameter');
  assert.equal(urls.length, 2, 'a refused call reaches no endpoint');
});

test('a list answer over the cap keeps its first rows and says there is more; any other is refused', async () => {
  const row = (i: number) => ({ id: i, text: 'x'.repeat(4000) });
  const list = (n: number) => ({
    data: { companies: Array.from({ length: n }, (_, i) => row(i)), enforcements: [row(100)] },
    meta: { limit: 10, returned: n + 1, has_more: false },
  });
  const listTool: Tool = { ...tool, listAnswer: true };
  const small = toolAnswer(await callWith(async () => ({ status: 200, body: list(3) }), { tool: listTool }));
  assert.deepEqual(small, list(3));
  const big = await callWith(async () => ({ status: 200, body: list(10) }), { tool: listTool });
  const text = (big.content as { text: string }[])[0]!.text;
  assert.ok(Buffer.byteLength(JSON.stringify(text)) <= ANSWER_BYTES);
  const trimmed = JSON.parse(text) as ReturnType<typeof list>;
  assert.deepEqual(
    trimmed.data.companies.map((r) => r.id),
    [0, 1, 2, 3, 4, 5],
  );
  assert.deepEqual(trimmed.data.enforcements, [row(100)]);
  assert.deepEqual(trimmed.meta, { limit: 10, returned: 7, has_more: true });
  const whole = await callWith(async () => ({ status: 200, body: { data: { big: 'x'.repeat(40_000) }, meta: {} } }));
  assert.equal(toolError(whole).code, 'invalid_parameter');
  assert.match(toolError(whole).message, /more than a tool answers/u);
});
