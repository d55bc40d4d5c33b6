import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkRecordFile, eachRecordOfFile } from '../../src/ingest/records/record-file.js';
import { importRunsOf } from '../../src/domain/import-runs.js';
import type { ValidRecord } from '../../src/domain/records/record.js';

test('one run per source cited, finished at its latest retrieval, over the dates of its records', () => {
  const file = 'test/fixtures/records/good.jsonl';
  const checked = checkRecordFile(file);
  assert.deepEqual(checked.errors, []);
  const records: ValidRecord[] = [];
  eachRecordOfFile(file, checked, (record) => records.push(record));
  const runs = importRunsOf(records);
  // the runs the check tallied a record at a time are the runs of every record
  assert.deepEqual(checked.runs, runs);
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
