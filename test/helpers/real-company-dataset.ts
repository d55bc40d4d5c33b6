// The real lists as one dataset for the audit of one company's answer (test/http/one-company-real.test.ts): the
// register of Tottori, with namesakes planted in every other prefecture of two thirds of the companies an MHLW edition
// names (and, for half of those, one in their own city, which leaves their cases linked to none, as
// tottori-namesakes.test.ts shows), the edition collected over it, and the JFTC's actions (which place no company),
// the CAA's orders and two of the ISA's lists (licence actions) beside them. Made once per test run and copied.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCollect } from '../../src/ingest/collect/collect-command.js';
import { resolveParser } from '../../src/ingest/collect/resolve-parser.js';
import { collectOverTottori, loadFixture } from '../ingest/collect/tottori-links.js';
import { tempDir } from '../ingest/collect/collect-helpers.js';
import { ntaRowsByNumber, plantNamesakes } from './namesakes.js';
import { fileOfRun } from './run-cache.js';
import { sharedData } from './shared-data.js';
import { TEST_NOW } from './server.js';

/**
 * The edition collected: it names ten Tottori companies among some 500 cases of all Japan. One, not the nine, since
 * each costs a second or two of pdfjs in a test file run alone (the run's other files read them from its cache).
 */
const EDITIONS = ['2017-11-18'];

/** When the other lists are collected: the day before the test servers' clock. */
const LISTS_AT = new Date(TEST_NOW.getTime() - 86_400_000);

/** The dataset's path, made once per test run: a copy of the test file's own. */
export async function realCompanyDataset(): Promise<string> {
  const made = await fileOfRun('one-company-real.sqlite', async (target) => {
    const register = ntaRowsByNumber(sharedData('nta/31_tottori_all_20260731.sjis.csv'));
    const cases = loadFixture().cases.filter((c) => c.editions.some((e) => EDITIONS.includes(e)));
    const named = [...new Set(cases.flatMap((c) => (c.corporate_number === null ? [] : [c.corporate_number])))].sort();
    // a third of them with a namesake in their own city as well (their cases left linked to none), a third with
    // namesakes elsewhere alone (their cases still linked where name and city single them out), a third with none
    const sameCity = new Set(named.filter((_, i) => i % 3 === 0));
    const withNamesakes = named.filter((_, i) => i % 3 !== 2);
    const rows = withNamesakes.map((number) => register.get(number) ?? assert.fail(`${number} is not in the register`));
    const planted = plantNamesakes(join(tempDir(), 'namesakes.csv'), rows, { sameCity });
    const { dbPath } = await collectOverTottori(EDITIONS, { moreRegister: [planted.path] });
    await collectLists(dbPath);
    copyFileSync(dbPath, target);
  });
  const path = join(tempDir(), 'one-company-real.sqlite');
  copyFileSync(made, path);
  return path;
}

/** Collects the JFTC's actions, the CAA's orders and the ISA's smaller lists into the dataset at `dbPath`. */
async function collectLists(dbPath: string): Promise<void> {
  const files = join(tempDir(), 'downloads');
  const orders = join(files, 'isa-titp-improvement-orders');
  mkdirSync(orders, { recursive: true });
  copyFileSync(sharedData('jftc/actions.csv'), join(files, 'jftc-actions.csv'));
  copyFileSync(sharedData('caa/keihyo_release_2024_index.main.html'), join(files, 'caa-keihyo-actions.html'));
  const revocations = sharedData('isa/isa_titp_kanri_dantai_kyoka_torikeshi.xlsx');
  copyFileSync(revocations, join(files, 'isa-titp-supervising-org-revocations.xlsx'));
  // the certification revocations are left out: their hundreds of certification numbers cost seconds to read
  for (const name of ['isa_titp_kanri_dantai_kaizen_meirei.xlsx', 'isa_titp_jisshisha_kaizen_meirei.xlsx'])
    copyFileSync(sharedData(`isa/${name}`), join(orders, name));
  const said: string[] = [];
  const say = (line: string) => void said.push(line);
  // parsed on this thread: on parsing threads, as `kohyo collect` reads them, these small files took 2.1 s; here 0.6 s
  const options = { dbPath, now: () => LISTS_AT, contact: null, resolve: resolveParser, stdout: say, stderr: say };
  const code = await runCollect(['--files', files], options);
  assert.equal(code, 0, said.slice(-20).join('\n'));
}
