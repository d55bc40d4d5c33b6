// `kohyo mcp`: the MCP server on standard input and output, through the SDK's own client spawning the command, over
// a copy of the endpoint fixtures: tools answer, a limit is hit, and every tool call is in the usage log.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { corporateNumberFromBase } from '../src/domain/companies/corporate-number.js';
import { GUIDE_URI } from '../src/mcp/mcp-server.js';
import { mcpTools } from '../src/mcp/tools.js';
import { loadConfig } from '../src/config.js';
import { fixtureDatabase } from './helpers/fixture-dataset.js';
import { toolAnswer, toolError } from './helpers/answers.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const KAKUU = corporateNumberFromBase('999900010001');

// A fresh checkout's first `kohyo mcp` compiles dist/ before it answers: over a minute of a loaded machine, past the
// client's timeout for its first request. Compiled here first, as the launcher would, the commands find it current.
before(() => promisify(execFile)(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: ROOT }));

async function datasetCopy(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-mcp-')), 'kohyo.sqlite');
  copyFileSync(await fixtureDatabase(), path);
  return path;
}

function environment(dbPath: string, extra: Record<string, string> = {}): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return { ...inherited, KOHYO_DB: dbPath, KOHYO_USAGE_SECRET: 'mcp-stdio-test', LOG_LEVEL: 'warn', ...extra };
}

/** The tools that count against the limits: all but the vocabularies. */
const COUNTED_TOOLS = mcpTools(loadConfig({})).filter((tool) => tool.name !== 'list_vocabularies').length;

/** The arguments of the tool that fetches one record: the id of a record in the dataset. */
function recordIdsOf(dbPath: string): Record<string, { id: string }> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const idIn = (table: string) => db.prepare<[], { id: string }>(`SELECT id FROM ${table} LIMIT 1`).get()?.id ?? '';
    return {
      get_record: { id: idIn('license_actions') },
    };
  } finally {
    db.close();
  }
}

test('kohyo mcp answers every tool on stdio, limited and logged as one local client', async () => {
  const dbPath = await datasetCopy();
  const client = new Client({ name: 'stdio-test-agent', version: '2.1.0' });
  const transport = new StdioClientTransport({
    // what `npm run kohyo -- mcp` runs: the command line compiled in dist/, built first if a source changed
    command: process.execPath,
    args: ['scripts/kohyo.mjs', 'mcp'],
    cwd: ROOT,
    // every tool once (all but the vocabularies count), then three calls more before the limit
    env: environment(dbPath, { KOHYO_LIMIT_PER_MINUTE: String(COUNTED_TOOLS + 3) }),
    stderr: 'pipe',
  });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const guide = await client.readResource({ uri: GUIDE_URI });
    assert.match((guide.contents[0] as { text: string }).text, /from the production dataset this server serves/u);
    const args: Record<string, Record<string, unknown>> = {
      // a word whose matches fill every list of /search (every kind)
      search: { q: '建設' },
      search_companies: { q: '架空商事' },
      get_company: { corporate_number: KAKUU },
      ...recordIdsOf(dbPath),
      list_enforcements: { corporate_number: KAKUU },
      list_procurement_suspensions: { corporate_number: KAKUU },
      list_license_actions: { nature: 'voluntary_closure' },
    };
    for (const tool of tools) {
      const result = await client.callTool({ name: tool.name, arguments: args[tool.name] ?? {} });
      assert.notEqual(result.isError, true, `${tool.name}: ${JSON.stringify(result.content)}`);
      const answer = toolAnswer<{ data: Record<string, unknown>; meta: { dataset?: { kind: string } } }>(result);
      assert.ok(
        Object.values(answer.data).every((rows) => (Array.isArray(rows) ? rows.length > 0 : rows !== null)),
        tool.name,
      );
      if (tool.name !== 'list_vocabularies') assert.equal(answer.meta.dataset?.kind, 'production', tool.name);
    }
    // every tool but the vocabularies counted: three more calls, and the fourth is refused
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await client.callTool({ name: 'list_enforcements', arguments: { corporate_number: KAKUU } }));
    const first = toolAnswer<{ data: { enforcements: unknown[] }; meta: { data_as_of: string } }>(answers[0]!);
    assert.equal(first.data.enforcements.length, 3);
    assert.equal(typeof first.meta.data_as_of, 'string');
    assert.deepEqual(
      answers.map((a) => a.isError === true),
      [false, false, false, true],
    );
    assert.equal(toolError(answers[3]!).code, 'rate_limited');
  } finally {
    await client.close();
  }
  // the usage log is written in batches and flushed on close: every call, as the agent named itself
  const usage = new Database(dbPath.replace(/\.sqlite$/u, '.usage.sqlite'), { readonly: true });
  try {
    const rows = usage
      .prepare(
        "SELECT status, user_agent, client_name FROM usage_log WHERE endpoint = '/api/v1/enforcements' ORDER BY id",
      )
      .all() as Record<string, unknown>[];
    assert.deepEqual(
      rows.map((r) => r.status),
      [200, 200, 200, 200],
    );
    // a refusal does not count: it is tallied by the hour, not kept as an entry
    const refused = usage
      .prepare("SELECT SUM(requests) FROM usage_counts WHERE endpoint = '/api/v1/enforcements' AND status = 429")
      .pluck()
      .get();
    assert.equal(refused, 1);
    assert.ok(
      rows.every((r) => r.user_agent === 'stdio-test-agent/2.1.0 (MCP stdio)' && r.client_name === 'stdio-test-agent'),
    );
  } finally {
    usage.close();
  }
});

test('the README command, npm run --silent kohyo -- mcp, keeps standard output for the protocol, and answers a call its input closes right after', async () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', '--silent', 'kohyo', '--', 'mcp'], {
    cwd: ROOT,
    env: environment(await datasetCopy()),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const messages = [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'closing', version: '1' },
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_company', arguments: { corporate_number: KAKUU } },
    },
  ];
  // every message, then the end of standard input at once, as an agent that exits after its call does
  child.stdin.end(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  assert.equal(code, 0);
  // every line of standard output is a message of the protocol
  const answers = output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { id?: number; result?: { content: { text: string }[] } });
  const call = answers.find((answer) => answer.id === 2);
  assert.ok(call?.result, `no answer to the call in ${output.slice(0, 300)}`);
  assert.match(call.result.content[0]!.text, new RegExp(KAKUU, 'u'));
});
