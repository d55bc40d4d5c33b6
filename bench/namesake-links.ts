// Links at scale among namesakes (`node --import tsx bench/namesake-links.ts [--size 1m] [--all] [--per-prefecture K]`):
// a synthetic register of the size (bench:scale's dataset, built if not kept) with the NTA file of Tottori imported
// into it, and namesakes of the Tottori companies planted in every other prefecture (K each) and, for every other one,
// in its own city at another address; then the nine MHLW editions collected over it. Reports each Tottori case against
// the companies checked by hand (test/fixtures/links): still linked, unlinked with the note that says why, or wrong;
// how every record of the editions was linked; and any record linked to a planted namesake.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { ntaRowsByNumber, plantNamesakes } from '../test/helpers/namesakes.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { tempDir } from '../test/ingest/collect/collect-helpers.js';
import {
  collectOverTottori,
  judgeNamesakeLinks,
  loadFixture,
  MHLW_EDITIONS,
} from '../test/ingest/collect/tottori-links.js';
import { describeLoadAverage, describeMachine, markdownTable } from './report.js';
import { parseSize, scaleDataset } from './scale-dataset.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '1m' },
      all: { type: 'boolean', default: false },
      'per-prefecture': { type: 'string', default: '1' },
    },
  });
  console.log(`machine: ${describeMachine()}`);
  const base = await scaleDataset(parseSize(values.size), false);
  const register = ntaRowsByNumber(sharedData('nta/31_tottori_all_20260731.sjis.csv'));
  const fixture = new Set(
    loadFixture().cases.flatMap((c) => (c.corporate_number === null ? [] : [c.corporate_number])),
  );
  // the companies the editions name, or every company of Tottori
  const named = [...(values.all ? register.keys() : fixture)].sort();
  const sameCity = new Set(named.filter((_, i) => i % 2 === 0));
  const started = process.hrtime.bigint();
  const planted = plantNamesakes(
    join(tempDir(), 'namesakes.csv'),
    named.map((n) => register.get(n)!),
    { sameCity, perPrefecture: Number(values['per-prefecture']) },
  );
  console.log(
    `register: ${base.path} with the ${register.size} companies of Tottori and ${planted.namesakeOf.size} namesakes of ${named.length} of them`,
  );
  const collection = await collectOverTottori(Object.keys(MHLW_EDITIONS), {
    onto: base.path,
    moreRegister: [planted.path],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const outcome = judgeNamesakeLinks(collection, sameCity);
  const db = new Database(collection.dbPath, { readonly: true });
  const links = db
    .prepare<[], { link: string | null; n: number }>(
      "SELECT company_link AS link, count(*) AS n FROM enforcements WHERE source_id = 'mhlw-labour-law-violations' GROUP BY 1 ORDER BY 1",
    )
    .all();
  const toNamesakes = db
    .prepare<[], { name: string; number: string; address: string | null }>(
      "SELECT company_name AS name, company_corporate_number AS number, company_address AS address FROM enforcements WHERE company_link = 'name_address'",
    )
    .all()
    .filter((r) => planted.namesakeOf.has(r.number));
  db.close();
  console.log(`\nplanting, importing and collecting the nine editions: ${seconds.toFixed(1)} s`);
  console.log(
    `\nTottori cases: ${collection.expected.size}; still linked ${outcome.stayed}, left unlinked saying why ${outcome.unsettled}, wrong ${outcome.problems.length}`,
  );
  for (const problem of outcome.problems) console.log(`  ${problem}`);
  console.log(
    `\nthe editions' records by link:\n\n${markdownTable(
      ['link', 'records'],
      links.map((l) => [l.link ?? 'none', String(l.n)]),
    )}`,
  );
  console.log(`\nrecords linked to a planted namesake: ${toNamesakes.length}`);
  for (const r of toNamesakes.slice(0, 20))
    console.log(
      `  「${r.name}」 (${r.address ?? ''}) → ${r.number}, a namesake of ${planted.namesakeOf.get(r.number)}`,
    );
  console.log(`\nload average at the end: ${describeLoadAverage()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
