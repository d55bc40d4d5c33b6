import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRecordFile } from '../../src/ingest/records/records-importer.js';
import { importRunsOf } from '../../src/domain/import-runs.js';

test('one run per source cited, finished at its latest retrieval, over the dates of its records', async () => {
  const { records, errors } = await readRecordFile('test/fixtures/records/good.jsonl');
  assert.deepEqual(errors, []);
  const runs = importRunsOf(records);
  assert.equal(new Set(runs.map((r) => r.source_id)).size, runs.length);
  assert.equal(
    runs.reduce((n, r) => n + r.records, 0),
    records.length,
  );
  for (const run of runs) {
    const own = records.filter((r) => r.source.id === run.source_id);
    assert.equal(
      run.finished_at,
      own
        .map((r) => r.source.retrieved_at)
        .sort()
        .at(-1),
    );
    const dates = own.map((r) => (r.kind === 'procurement_suspension' ? r.period.from : r.date)).sort();
    assert.equal(run.period_from, dates[0]);
    assert.equal(run.period_to, dates.at(-1));
  }
});
