// The NTA full file of Tottori (test/fixtures/government/nta) imported once per test run by `kohyo import nta`, and a
// copy of it for each test that reads it: the import of its 20,214 rows took seconds of CPU in each of three files.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { runCli } from '../../src/cli.js';
import { fileOfRun } from './run-cache.js';
import { sharedData } from './shared-data.js';

/** When the register is imported: before the first edition any test collects over it. */
const IMPORTED_AT = new Date('2017-06-01T03:00:00Z');

/** Writes at `path` a dataset holding the register of Tottori, as `kohyo import nta` leaves it. */
export async function tottoriRegisterAt(path: string): Promise<void> {
  const kept = await fileOfRun('tottori-register.sqlite', async (target) => {
    const err: string[] = [];
    const imported = await runCli(['import', 'nta', sharedData('nta/31_tottori_all_20260731.sjis.csv')], {
      stdout: () => undefined,
      stderr: (line) => err.push(line),
      now: () => IMPORTED_AT,
      env: { KOHYO_DB: target },
    });
    assert.equal(imported, 0, err.join('\n'));
  });
  copyFileSync(kept, path);
}
