// One version number: the MCP server and the OpenAPI document say the package's version, read from package.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { PACKAGE_VERSION, versionOf } from '../src/package-version.js';
import { createMcpServer } from '../src/mcp/mcp-server.js';
import { serviceDocument } from '../clients/typescript/generate.js';

const packageJson = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
const { version } = JSON.parse(packageJson) as { version: string };

test("the package's version is package.json's", () => {
  assert.equal(PACKAGE_VERSION, version);
  assert.equal(versionOf('{"name":"x","version":"9.8.7"}'), '9.8.7');
  assert.throws(() => versionOf('{"name":"x"}'), /no version/u);
});

test('the MCP server says it is that version', async () => {
  const server = createMcpServer({
    tools: [],
    call: () => Promise.reject(new Error('no call')),
    guide: async () => '',
  });
  const client = new Client({ name: 'version-test', version: '0.0.1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    assert.deepEqual(client.getServerVersion(), { name: 'kohyo', version });
  } finally {
    await client.close();
  }
});

test("the OpenAPI document's info.version is that version", async () => {
  assert.equal((await serviceDocument()).info.version, version);
});
