// The MCP server's own handling of what an endpoint answers, over an in-memory transport with a stand-in endpoint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer, type EndpointCall } from '../../src/mcp/mcp-server.js';
import type { Tool } from '../../src/mcp/tools.js';
import { toolError } from '../helpers/answers.js';

const tool: Tool = {
  name: 'stand_in',
  title: 'Stand-in',
  description: 'answers what the test hands it',
  input: Type.Object({}),
  output: Type.Object({ data: Type.Object({}), meta: Type.Object({}) }),
  path: '/api/v1/stand-in',
};

async function callWith(call: EndpointCall) {
  const server = createMcpServer({ tools: [tool], call, guide: async () => '' });
  const client = new Client({ name: 'mcp-server-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    await client.listTools();
    return await client.callTool({ name: tool.name, arguments: {} });
  } finally {
    await client.close();
  }
}

test('a 2xx answer is the structured content, and its JSON the text', async () => {
  const body = { data: {}, meta: { request_id: 'x' } };
  const result = await callWith(async () => ({ status: 200, body }));
  assert.equal(result.isError, undefined);
  assert.deepEqual(result.structuredContent, body);
  assert.deepEqual(result.content, [{ type: 'text', text: JSON.stringify(body) }]);
});

test('a 2xx answer that is not an object is a fault: internal_error, with no structured content', async () => {
  for (const body of ['text', null, [1, 2]]) {
    const result = await callWith(async () => ({ status: 200, body }));
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    assert.equal(toolError(result).code, 'internal_error');
  }
});
