// Benchmark: collecting every real ISA Excel file and the CAA index page end to end (parse, link, publish), offline
// with `collect --files`, into a production dataset that already holds the NTA daily file's companies.
// Run: node --import tsx bench/collect-real.ts [--runs N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from '../src/cli.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { realListDownloads } from '../test/helpers/real-lists.js';
import { describeMachine } from './report.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs));

const quiet = { stdout: () => undefined, stderr: (line: string) => console.error(line) };
console.log(`machine: ${describeMachine()}`);
const seconds: number[] = [];
let summary: string[] = [];
for (let run = 0; run < runs; run++) {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-collect-real-'));
  try {
    const env = { KOHYO_DB: join(dir, 'production.sqlite') };
    const now = () => new Date();
    await runCli(['import', 'nta', sharedData('nta/diff_20260127.sjis.csv')], { ...quiet, now, env });
    const files = realListDownloads(dir);
    const out: string[] = [];
    const started = performance.now();
    const code = await runCli(['collect', '--files', files], {
      stdout: (l) => out.push(l),
      stderr: quiet.stderr,
      now,
      env,
    });
    seconds.push((performance.now() - started) / 1000);
    if (code !== 0) throw new Error(`collect exited ${code}:\n${out.join('\n')}`);
    summary = out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(summary.join('\n'));
console.log(
  `\ncollect --files (8 ISA files, the CAA index): ${seconds.map((s) => s.toFixed(2)).join(' s, ')} s over ${runs} run(s)`,
);
