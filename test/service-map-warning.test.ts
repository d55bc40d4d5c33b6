// The server's warning when the dataset is larger than SQLite's memory map (docs/operating.md, "A dataset larger than
// the memory map"), and its silence when the map holds the file whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { warnPastTheMap } from '../src/service.js';
import { openStore } from '../src/store/read/store.js';
import { demoDatabase } from './helpers/server.js';

test('a dataset past the memory map is warned of with the bytes past it; one the map holds is not', async () => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({}, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const store = openStore(await demoDatabase());
  try {
    warnPastTheMap(logger, store);
    assert.equal(lines.length, 0);
    warnPastTheMap(logger, { ...store, pastTheMap: 4_000_000_000 });
    assert.equal(lines.length, 1);
    assert.equal(lines[0]?.level, 40);
    assert.equal(lines[0]?.pastTheMapBytes, 4_000_000_000);
    assert.match(
      String(lines[0]?.msg),
      /^this build of SQLite maps only part of the dataset;.*"A dataset larger than the memory map"/u,
    );
  } finally {
    store.close();
  }
});
