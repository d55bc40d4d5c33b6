import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { inAsyncTransaction } from '../../../src/store/write/async-transaction.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';

const dir = mkdtempSync(join(tmpdir(), 'kohyo-async-tx-'));
let n = 0;

function setup() {
  const db = openWritable(join(dir, `t${n++}.sqlite`));
  const put = db.prepare("INSERT INTO dataset_meta(key, value) VALUES (?, 'x')");
  const keys = () =>
    (db.prepare('SELECT key FROM dataset_meta ORDER BY key').all() as { key: string }[]).map((r) => r.key);
  return { db, put, keys };
}

describe('inAsyncTransaction', () => {
  it('commits what the work wrote across awaits', async () => {
    const { db, put, keys } = setup();
    const result = await inAsyncTransaction(db, async () => {
      put.run('a');
      await sleep(1);
      put.run('b');
      return 42;
    });
    assert.equal(result, 42);
    assert.deepEqual(keys(), ['a', 'b']);
    assert.equal(db.inTransaction, false);
  });

  it('rolls everything back when the work throws after an await', async () => {
    const { db, put, keys } = setup();
    await assert.rejects(
      inAsyncTransaction(db, async () => {
        put.run('a');
        await sleep(1);
        throw new Error('bad row');
      }),
      /bad row/u,
    );
    assert.deepEqual(keys(), []);
    assert.equal(db.inTransaction, false);
  });

  it('refuses to nest', async () => {
    const { db } = setup();
    await inAsyncTransaction(db, async () => {
      await assert.rejects(
        inAsyncTransaction(db, async () => 1),
        /already open/u,
      );
    });
  });
});
