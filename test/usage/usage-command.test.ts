import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli.js';
import { parseDuration } from '../../src/usage/usage-command.js';
import { UsageStore, usageDbPath, type UsageEntry } from '../../src/usage/store/usage-store.js';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function entry(hoursAgo: number, overrides: Partial<UsageEntry> = {}): UsageEntry {
  return {
    at: new Date(NOW.getTime() - hoursAgo * 3_600_000).toISOString(),
    method: 'GET',
    endpoint: '/api/v1/companies',
    conditions: '{"q":"トヨタ"}',
    status: 200,
    code: null,
    returned: 2,
    latencyMs: 3.5,
    clientId: 'aaaa',
    userAgent: 'ua-1',
    referer: null,
    clientName: null,
    clientContact: null,
    ...overrides,
  };
}

/** A usage database filled with a known day, and the CLI pointed at it. */
function filled() {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-usage-cmd-'));
  const env = { KOHYO_DB: join(dir, 'kohyo.sqlite') };
  const path = usageDbPath({ dbPath: env.KOHYO_DB, usageDbPath: null });
  const store = UsageStore.open(path);
  store.write([
    entry(1),
    entry(2),
    entry(3, { userAgent: 'ua-2', clientName: 'acme' }),
    entry(1, { clientId: 'bbbb', clientName: 'acme', endpoint: '/api/v1/enforcements', returned: 0 }),
    entry(1, { clientId: 'bbbb', status: 400, code: 'missing_parameter', returned: null }),
    entry(0.5, { clientId: 'cccc', status: 429, code: 'rate_limited', returned: null }),
    entry(0.5, { clientId: 'cccc', status: 429, code: 'rate_limited', returned: null }),
    entry(0.5, { clientId: 'bbbb', status: 429, code: 'automated_enumeration_detected', returned: null }),
    entry(0.2, { endpoint: '/api/v1/nowhere', status: 404, code: 'not_found', returned: null }),
    entry(30),
    entry(24 * 100, { clientId: 'old' }),
    entry(24 * 91),
  ]);
  store.close();
  return { env, path };
}

async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), now: () => NOW, env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('parseDuration reads minutes, hours and days', () => {
  const cases: [string, number | null][] = [
    ['90m', 5_400_000],
    ['24h', 86_400_000],
    ['7d', 604_800_000],
    ['1w', null],
    ['h', null],
    ['-1d', null],
  ];
  for (const [text, ms] of cases) assert.equal(parseDuration(text), ms, text);
});

test('usage report prints the last 24 hours by endpoint, status and code, clients, names and 429s', async () => {
  const { env } = filled();
  const run = await cli(['usage', 'report'], env);
  assert.equal(run.code, 0, run.err);
  assert.equal(
    run.out,
    [
      'usage log since 2026-11-20T12:00:00.000Z (24h): 9 requests',
      '',
      'by endpoint',
      '  7  /api/v1/companies',
      '  1  /api/v1/enforcements',
      '  1  /api/v1/nowhere',
      '',
      'by status and code',
      '  4  200',
      '  1  400 missing_parameter',
      '  1  404 not_found',
      '  2  429 rate_limited',
      '  1  429 automated_enumeration_detected',
      '',
      'top clients by group identifier',
      '  4  aaaa  (2 user agents)',
      '  3  bbbb  (1 user agent)',
      '  2  cccc  (1 user agent)',
      '',
      'top clients by name (X-Kohyo-Client)',
      '  7  (none)  (3 identifiers)',
      '  2  acme  (2 identifiers)',
      '',
      '429 by code',
      '  2  rate_limited  (1 identifier)',
      '  1  automated_enumeration_detected  (1 identifier)',
    ].join('\n'),
  );
});

test("usage report prints a client's name (X-Kohyo-Client) with its control characters escaped, never raw", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-usage-cmd-'));
  const env = { KOHYO_DB: join(dir, 'kohyo.sqlite') };
  const store = UsageStore.open(usageDbPath({ dbPath: env.KOHYO_DB, usageDbPath: null }));
  store.write([entry(1, { clientName: 'evil\u009b2J\u001b]0;owned\u0007\u202etxt' })]);
  store.close();
  const run = await cli(['usage', 'report'], env);
  assert.equal(run.code, 0, run.err);
  assert.match(run.out, /^ {2}1 {2}evil\\x9b2J\\x1b\]0;owned\\x07\\u202etxt {2}\(1 identifier\)$/mu);
  assert.doesNotMatch(run.out, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/u);
});

test('usage report --since narrows the window; a bad duration or option is a usage error', async () => {
  const { env } = filled();
  const recent = await cli(['usage', 'report', '--since', '45m'], env);
  assert.match(recent.out, /^usage log since 2026-11-21T11:15:00.000Z \(45m\): 4 requests$/mu);
  const wide = await cli(['usage', 'report', '--since=7d'], env);
  assert.match(wide.out, /: 10 requests$/mu);
  for (const args of [
    ['usage', 'report', '--since', 'yesterday'],
    ['usage', 'report', '--until', '1d'],
    ['usage', 'frob'],
    ['usage'],
  ]) {
    const run = await cli(args, env);
    assert.equal(run.code, 2, args.join(' '));
    assert.match(run.err, /usage: kohyo usage report/u);
  }
});

test('usage purge --older-than removes older entries, says how many, and leaves the rest', async () => {
  const { env, path } = filled();
  const run = await cli(['usage', 'purge', '--older-than', '90d'], env);
  assert.equal(run.code, 0, run.err);
  assert.equal(run.out, 'removed 2 usage entries older than 2026-08-23T12:00:00.000Z');
  const store = UsageStore.open(path);
  assert.equal(store.all().length, 10);
  assert.ok(store.all().every((e) => e.clientId !== 'old'));
  store.close();
  assert.equal(
    (await cli(['usage', 'purge', '--older-than', '90d'], env)).out,
    'removed 0 usage entries older than 2026-08-23T12:00:00.000Z',
  );
  assert.equal((await cli(['usage', 'purge'], env)).code, 2, 'the age is required');
});

test('KOHYO_USAGE_DB points the commands elsewhere; a missing log is said plainly', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-usage-cmd-'));
  const env = { KOHYO_DB: join(dir, 'kohyo.sqlite'), KOHYO_USAGE_DB: join(dir, 'elsewhere.sqlite') };
  const report = await cli(['usage', 'report'], env);
  assert.equal(report.code, 1);
  assert.match(report.err, /no usage log at .*elsewhere\.sqlite/u);
  const purge = await cli(['usage', 'purge', '--older-than', '1d'], env);
  assert.equal(purge.code, 0);
  assert.match(purge.out, /nothing to purge/u);
});

test('the usage database sits beside KOHYO_DB as <name>.usage.sqlite unless KOHYO_USAGE_DB is set', () => {
  assert.equal(usageDbPath({ dbPath: 'data/kohyo.sqlite', usageDbPath: null }), join('data', 'kohyo.usage.sqlite'));
  assert.equal(usageDbPath({ dbPath: 'data/kohyo.sqlite', usageDbPath: '/var/log/u.sqlite' }), '/var/log/u.sqlite');
});
