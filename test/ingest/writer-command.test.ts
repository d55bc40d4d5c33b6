// The draft an import writes (src/ingest/writer-command.ts importDraftOptions): one options block for every import,
// each phase told on a line of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importDraftOptions } from '../../src/ingest/writer-command.js';

const start = { activity: 'import test', now: () => new Date('2026-11-29T00:00:00Z'), onStart: () => undefined };

test("an import's draft: a production dataset, the copy of a live file, the check and the publishing each told", () => {
  const folder = mkdtempSync(join(tmpdir(), 'kohyo-writer-command-'));
  const live = join(folder, 'live.sqlite');
  const told: string[] = [];
  const options = importDraftOptions<number>(start, live, (what) => told.push(what), {
    publishIf: (n) => n > 0,
    changeCheck: () => null,
  });
  assert.equal(options.kind, 'production');
  assert.equal(options.activity, 'import test');
  options.onStart?.({ recovered_stale_lock: false, removed_drafts: [] });
  assert.deepEqual(told, [], 'no live file: nothing copied');
  writeFileSync(live, '');
  options.onStart?.({ recovered_stale_lock: false, removed_drafts: [] });
  options.onCheck?.('full');
  options.onCheck?.('changes');
  options.onPublish?.();
  assert.deepEqual(told, [
    'copying the live dataset into a draft',
    'checking the new dataset',
    'checking what the import changed',
    'publishing it',
  ]);
  assert.equal(options.publishIf?.(0), false);
  assert.equal(options.publishIf?.(1), true);
});

test('the commands that import into a draft take their options from importDraftOptions, none of its own', () => {
  for (const command of ['src/ingest/nta/nta-command.ts', 'src/ingest/records/records-command.ts']) {
    const code = readFileSync(new URL(`../../${command}`, import.meta.url), 'utf8');
    assert.match(code, /importDraftOptions</u, command);
    assert.doesNotMatch(code, /copying the live dataset|onCheck:|onPublish:|kind: 'production'/u, command);
  }
});
