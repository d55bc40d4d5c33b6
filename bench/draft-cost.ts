// What drafting costs `import nta`: copying a production dataset and checking it, against importing a daily file into it.
// `node --import tsx bench/draft-cost.ts [--companies N] [--diff FILE]`
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importNtaFiles } from '../src/ingest/nta/nta-importer.js';
import { openWritable } from '../src/store/write/database-upgrade.js';
import { BENCH_OUT, DEFAULT_GENERATE, defaultNtaPath, generateNtaFile } from './generate-nta.js';
import { describeMachine } from './report.js';
import { sharedData } from '../test/helpers/shared-data.js';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '200000' },
    diff: { type: 'string', default: sharedData('nta/diff_20260127.sjis.csv') },
  },
});
const companies = Number(values.companies);
const generate = { ...DEFAULT_GENERATE, companies };
const csv = defaultNtaPath(generate);
const live = join(BENCH_OUT, `draft-cost-${companies}.sqlite`);

async function timed<T>(label: string, task: () => T | Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const value = await task();
  console.log(`${label.padEnd(44)} ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(2)} s`);
  return value;
}

const mib = (path: string) => `${(statSync(path).size / 2 ** 20).toFixed(1)} MiB`;
const fsyncFile = (path: string) => {
  const fd = openSync(path, 'r');
  fsyncSync(fd);
  closeSync(fd);
};
const clean = (path: string) => ['', '-wal', '-shm', '-journal'].forEach((s) => rmSync(`${path}${s}`, { force: true }));

console.log(describeMachine());
if (!existsSync(csv)) await timed(`generate ${companies} synthetic companies`, () => generateNtaFile(csv, generate));
if (!existsSync(live)) {
  await timed('import them into a new file (the live dataset)', async () => {
    const db = openWritable(live);
    await importNtaFiles(db, [csv]);
    db.pragma('journal_mode = DELETE');
    db.close();
  });
}
console.log(`live dataset ${mib(live)}`);

// today's in-place import of the daily file, on a copy so that the live dataset stays the same for the next run
const inPlace = join(BENCH_OUT, `draft-cost-${companies}.in-place.sqlite`);
clean(inPlace);
copyFileSync(live, inPlace);
await timed('in place: import the daily file', async () => {
  const db = openWritable(inPlace);
  await importNtaFiles(db, [values.diff]);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
});
clean(inPlace);

// the draft path: copy (either way), import, check, fsync
const draft = join(BENCH_OUT, `draft-cost-${companies}.draft.sqlite`);
clean(draft);
await timed('draft: copy the file (copyFileSync)', () => copyFileSync(live, draft));
clean(draft);
await timed('draft: copy the file (VACUUM INTO)', () => {
  const db = openWritable(live);
  db.prepare('VACUUM INTO ?').run(draft);
  db.close();
});
await timed('draft: import the daily file into the copy', async () => {
  const db = openWritable(draft);
  await importNtaFiles(db, [values.diff]);
  db.close();
});
await timed('draft: PRAGMA integrity_check', () => {
  const db = openWritable(draft);
  const result = db.pragma('integrity_check', { simple: true });
  db.pragma('journal_mode = DELETE');
  db.close();
  if (result !== 'ok') throw new Error(String(result));
});
await timed('draft: fsync', () => fsyncFile(draft));
console.log(`draft ${mib(draft)}`);
clean(draft);
