import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { loadUsageSecret, usageSecretPath } from '../../../src/usage/store/usage-secret.js';

function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'kohyo-usage-secret-')), 'kohyo.sqlite');
}

test('a secret is generated once, kept beside the database readable by its owner only, and reused', () => {
  const dbPath = tempDb();
  const first = loadUsageSecret({ usageSecret: null, dbPath });
  const path = usageSecretPath(dbPath);
  assert.equal(path, `${dbPath}.usage-secret`);
  assert.match(first, /^[0-9a-f]{64}$/u);
  assert.equal(readFileSync(path, 'utf8').trim(), first);
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.equal(loadUsageSecret({ usageSecret: null, dbPath }), first, 'the next start reads it back');
  assert.notEqual(loadUsageSecret({ usageSecret: null, dbPath: tempDb() }), first, 'another database, another secret');
  assert.deepEqual(readdirSync(dirname(dbPath)), ['kohyo.sqlite.usage-secret'], 'no temporary file is left behind');
});

test('KOHYO_USAGE_SECRET wins, and then no file is written', () => {
  const dbPath = tempDb();
  assert.equal(loadUsageSecret({ usageSecret: 'configured', dbPath }), 'configured');
  assert.equal(existsSync(usageSecretPath(dbPath)), false);
});

test('a kept secret written by hand is read as it is', () => {
  const dbPath = tempDb();
  writeFileSync(usageSecretPath(dbPath), 'hand-made\n', { mode: 0o600 });
  assert.equal(loadUsageSecret({ usageSecret: null, dbPath }), 'hand-made');
});

test('processes starting together agree on one generated secret', async () => {
  const dbPath = tempDb();
  const module = new URL('../../../src/usage/store/usage-secret.ts', import.meta.url).href;
  const script = `import { loadUsageSecret } from ${JSON.stringify(module)};
    process.stdout.write(loadUsageSecret({ usageSecret: null, dbPath: ${JSON.stringify(dbPath)} }));`;
  const run = async () =>
    (await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])).stdout;
  const secrets = await Promise.all([run(), run(), run(), run()]);
  assert.equal(new Set(secrets).size, 1, secrets.join(' '));
  assert.equal(readFileSync(usageSecretPath(dbPath), 'utf8').trim(), secrets[0]);
});
