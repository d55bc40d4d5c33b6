// Tests for src/store/write/rowid-ordered-writes.ts: what a held stretch of index writes becomes, and in which order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RowidOrderedWrites } from '../../../src/store/write/rowid-ordered-writes.js';

/** An index that notes what it is told, in the order told. */
function noted(held?: number) {
  const told: string[] = [];
  const writes = new RowidOrderedWrites<string, string>(
    {
      write: (rowid, text) => told.push(`write ${rowid} ${text}`),
      remove: (rowid, text) => told.push(`remove ${rowid} ${text}`),
    },
    held,
  );
  return { told, writes };
}

describe('RowidOrderedWrites', () => {
  it('holds everything until flushed, then removes and writes in ascending rowid order', () => {
    const { told, writes } = noted();
    writes.write(30n, 'c');
    writes.remove(20n, 'old b');
    writes.write(10n, 'a');
    writes.remove(5n, 'old e');
    writes.write(20n, 'b');
    assert.deepEqual(told, []);
    writes.flush();
    assert.deepEqual(told, ['remove 5 old e', 'remove 20 old b', 'write 10 a', 'write 20 b', 'write 30 c']);
    writes.flush();
    assert.equal(told.length, 5);
  });

  it('forgets a document written and removed in the same stretch, and keeps the removal of one held before', () => {
    const { told, writes } = noted();
    writes.write(7n, 'new');
    writes.remove(7n, 'new');
    writes.remove(8n, 'before');
    writes.write(8n, 'again');
    writes.remove(8n, 'again');
    writes.flush();
    assert.deepEqual(told, ['remove 8 before']);
  });

  it('removes a document a stretch already written', () => {
    const { told, writes } = noted();
    writes.write(1n, 'a');
    writes.flush();
    writes.remove(1n, 'a');
    writes.flush();
    assert.deepEqual(told, ['write 1 a', 'remove 1 a']);
  });

  it('makes a stretch once it holds enough, in order within it', () => {
    const { told, writes } = noted(3);
    writes.write(9n, 'x');
    writes.remove(4n, 'y');
    assert.deepEqual(told, []);
    writes.write(2n, 'z');
    assert.deepEqual(told, ['remove 4 y', 'write 2 z', 'write 9 x']);
  });

  it('discards what it holds', () => {
    const { told, writes } = noted();
    writes.write(1n, 'a');
    writes.remove(2n, 'b');
    writes.discard();
    writes.flush();
    assert.deepEqual(told, []);
  });
});
