// Every example call in README.md and docs/ answers on the demo as its text says: each API address they give (a curl
// line, its --data-urlencode parts included, or an address in backticks) answers 200 with at least one row or feed
// entry, each "`company=X` finds 「Y」" finds a record of Y, and each curl command posting to /mcp (the guide's too)
// runs as written. Read from the documents, so that a new example is checked without a line here.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

/** The API addresses with a query a document gives, each with the document it is in. */
function exampleCalls(): { readonly document: string; readonly call: string }[] {
  const calls: { document: string; call: string }[] = [];
  for (const document of DOCUMENTS) {
    for (const line of readFileSync(join(ROOT, document), 'utf8').split('\n')) {
      const curl = /https?:\/\/127\.0\.0\.1:3000(\/api\/v1\/[^\s'"`]+)/u.exec(line);
      if (curl?.[1] !== undefined) {
        const encoded = [...line.matchAll(/--data-urlencode '([^'=]+)=([^']*)'/gu)].map(
          ([, name = '', value = '']) => `${name}=${encodeURIComponent(value)}`,
        );
        const path = curl[1];
        calls.push({
          document,
          call: encoded.length === 0 ? path : `${path}${path.includes('?') ? '&' : '?'}${encoded.join('&')}`,
        });
        continue;
      }
      for (const [, path = ''] of line.matchAll(/`(\/api\/v1\/[a-z-]+(?:\/[^\s`?]+)?\?[^\s`]+)`/gu)) {
        // an address that names a parameter without a value (`/api/v1/search?q=`) names it, and is no example
        if (!/=(?:&|$)/u.test(path)) calls.push({ document, call: encodeURI(path) });
      }
    }
  }
  return calls;
}

/** How many rows or entries an answer holds: its feed's entries, or its lists' rows under `data`; null for a document. */
function rowsOf(text: string, type: string): number | null {
  if (type.startsWith('application/atom+xml')) return text.split('<entry>').length - 1;
  const body = JSON.parse(text) as { data?: Record<string, unknown> };
  if (body.data === undefined) return null;
  return Object.values(body.data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 1), 0);
}

test('every example call in README.md and docs/ answers on the demo, with something in it', async () => {
  const calls = exampleCalls();
  assert.ok(calls.length >= 10, `${calls.length} example calls found`);
  for (const { document, call } of calls) {
    const answer = await server.get(call);
    assert.equal(answer.status, 200, `${document}: ${call}: ${answer.text.slice(0, 300)}`);
    const rows = rowsOf(answer.text, answer.headers.get('content-type') ?? '');
    assert.ok(rows === null || rows > 0, `${document}: ${call} answers nothing on the demo`);
  }
});

test('every "`company=X` finds 「Y」" of the docs finds a record of Y on the demo', async () => {
  const claims = DOCUMENTS.flatMap((document) => [
    ...readFileSync(join(ROOT, document), 'utf8').matchAll(/`company=([^`]+)` finds\s+「([^」]+)」/gu),
  ]);
  assert.ok(claims.length > 0, 'the docs show what company= finds');
  for (const [, name = '', found = ''] of claims) {
    const names: string[] = [];
    for (const list of ['enforcements', 'procurement-suspensions', 'license-actions']) {
      const answer = await server.get(`/api/v1/${list}?company=${encodeURIComponent(name)}`);
      assert.equal(answer.status, 200, answer.text);
      const body = JSON.parse(answer.text) as { data: Record<string, { company: { name: string } }[]> };
      for (const records of Object.values(body.data)) names.push(...records.map((r) => r.company.name));
    }
    assert.ok(names.includes(found), `company=${name} finds 「${found}」: found ${names.join(', ')}`);
  }
});

/** The curl commands of a text that post to /mcp, each whole (its `\\` continuations joined). */
function mcpCurls(text: string): string[] {
  const joined = text.replace(/\\\n\s*/gu, '');
  return joined.split('\n').filter((line) => /^curl .*\/mcp /u.test(line));
}

/** Runs a documented command in a shell, the documented origin replaced by the test server's. */
async function run(command: string): Promise<string> {
  const local = command.replaceAll('http://127.0.0.1:3000', server.url);
  const { stdout } = await promisify(execFile)('sh', ['-c', local], { encoding: 'utf8' });
  return stdout;
}

test('every curl call of MCP in the docs and the guide answers as written, and needs its Accept header', async () => {
  const guide = (await server.get('/llms-full.txt')).text;
  const documented = DOCUMENTS.flatMap((d) => mcpCurls(readFileSync(join(ROOT, d), 'utf8')));
  assert.ok(documented.length > 0, 'the docs show a curl call of /mcp');
  assert.equal(mcpCurls(guide).length, 1, 'the guide shows one');
  const commands = [...documented, ...mcpCurls(guide)];
  for (const command of commands) {
    assert.ok(command.includes("-H 'Accept: application/json, text/event-stream'"), command);
    const answer = JSON.parse(await run(command)) as { result?: { content?: { text: string }[]; isError?: boolean } };
    assert.equal(answer.result?.isError, undefined, command);
    const text = answer.result?.content?.[0]?.text;
    assert.ok(text !== undefined, `${command}: ${JSON.stringify(answer)}`);
    const body = JSON.parse(text) as { data: Record<string, unknown[]> };
    assert.ok(
      Object.values(body.data).some((rows) => rows.length > 0),
      `${command} finds something on the demo`,
    );
    // without the header the transport refuses the call: what the docs warn of
    const without = command.replace(" -H 'Accept: application/json, text/event-stream'", '');
    assert.equal(await run(`${without} -o /dev/null -w '%{http_code}'`), '406', without);
  }
});
