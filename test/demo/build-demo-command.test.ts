// Tests for demo/build-demo-command.ts: `kohyo build-demo [--force]`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runBuildDemo } from '../../demo/build-demo-command.js';
import { openReadOnly, readDatasetMeta } from '../../src/store/schema/database.js';
import { capturedIo } from '../helpers/captured-io.js';

const io = (dbPath: string) => capturedIo('2026-11-21T03:00:00Z', { dbPath });

describe('kohyo build-demo', () => {
  it('builds into a new file, in a folder it creates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-demo-cmd-'));
    const dbPath = path.join(dir, 'data', 'kohyo.sqlite');
    const run = io(dbPath);
    assert.equal(await runBuildDemo([], run.io), 0);
    assert.equal(run.out.length, 1);
    assert.match(run.out[0]!, /demo dataset/u);
    const db = openReadOnly(dbPath);
    assert.equal(readDatasetMeta(db).kind, 'demo');
    db.close();
    fs.rmSync(dir, { recursive: true });
  });

  it('keeps an existing file unless told --force, and refuses other arguments', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-demo-cmd-'));
    const dbPath = path.join(dir, 'kohyo.sqlite');
    fs.writeFileSync(dbPath, 'precious');
    const refused = io(dbPath);
    assert.equal(await runBuildDemo([], refused.io), 1);
    assert.match(refused.err[0]!, /--force/u);
    assert.equal(fs.readFileSync(dbPath, 'utf8'), 'precious');
    assert.equal(await runBuildDemo(['--fast'], io(dbPath).io), 2);
    assert.equal(await runBuildDemo(['--force'], io(dbPath).io), 0);
    assert.notEqual(fs.readFileSync(dbPath).subarray(0, 15).toString(), 'precious');
    fs.rmSync(dir, { recursive: true });
  });
});
