// The real files behind the linking tests: the NTA full file of Tottori imported (once per test run:
// test/helpers/tottori-register.ts), then MHLW editions collected over
// it in date order (each edition's pages read by pdfjs once per test run: test/helpers/pdf-pages-cache.ts), and every
// Tottori case compared with the links checked by hand (test/fixtures/links).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isObject } from '../../../src/domain/is-object.js';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { cachedMhlwResolver } from '../../helpers/pdf-pages-cache.js';
import { tottoriRegisterAt } from '../../helpers/tottori-register.js';
import { sharedData } from '../../helpers/shared-data.js';
import { tempDir } from './collect-helpers.js';

/** The editions by the date they were seen, and their files under test/fixtures/government/mhlw. */
const EDITIONS: Readonly<Record<string, string>> = {
  '2017-06-01': 'mhlw/editions/2017-06-01_170510-01.pdf',
  '2017-11-18': 'mhlw/editions/2017-11-18_170510-01.pdf',
  '2018-07-01': 'mhlw/editions/2018-07-01_170510-01.pdf',
  '2018-11-30': 'mhlw/editions/2018-11-30_180928.pdf',
  '2019-06-30': 'mhlw/editions/2019-06-30_000534084.pdf',
  '2019-08-30': 'mhlw/000534084.pdf',
  '2021-06-01': 'mhlw/editions/2021-06-01_000776466.pdf',
  '2022-12-01': 'mhlw/editions/2022-12-01_001018384.pdf',
  '2025-05-30': 'mhlw/editions/2025-05-30_001483075.pdf',
};

interface ExpectedCase {
  readonly name: string;
  readonly date: string;
  readonly editions: readonly string[];
  readonly corporate_number: string | null;
  readonly never?: readonly string[];
}

interface Fixture {
  readonly cases: readonly ExpectedCase[];
}

interface Stored {
  readonly company_name: string;
  readonly date: string;
  readonly company_corporate_number: string | null;
  readonly company_link: string | null;
}

function loadFixture(): Fixture {
  const value: unknown = JSON.parse(
    readFileSync(new URL('../../fixtures/links/tottori-mhlw.json', import.meta.url), 'utf8'),
  );
  assert.ok(
    isFixture(value),
    'test/fixtures/links/tottori-mhlw.json has cases of name, date, editions, corporate_number',
  );
  return value;
}

function isFixture(value: unknown): value is Fixture {
  if (!isObject(value) || !Array.isArray(value.cases)) return false;
  return value.cases.every(
    (c: unknown) =>
      isObject(c) &&
      typeof c.name === 'string' &&
      typeof c.date === 'string' &&
      Array.isArray(c.editions) &&
      (c.corporate_number === null || typeof c.corporate_number === 'string') &&
      (c.never === undefined || Array.isArray(c.never)),
  );
}

/** A case's name and date, as the editions write its name in either width and spacing. */
function caseKey(name: string, date: string): string {
  return `${name.normalize('NFKC').replace(/\s+/gu, '')} ${date}`;
}

/**
 * Imports the register of Tottori and collects `editions` (in date order) over it, the clock at each edition's
 * date and delisted records kept, then checks every Tottori case those editions hold against the fixture.
 * Returns what `collect` printed, for the link notes.
 */
export async function checkTottoriLinks(editions: readonly string[]): Promise<string> {
  const dbPath = join(tempDir(), 'tottori.sqlite');
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) };
  const on = (day: string) => () => new Date(`${day}T03:00:00Z`);
  await tottoriRegisterAt(dbPath);
  for (const edition of editions) {
    const file = EDITIONS[edition];
    assert.ok(file, edition);
    const collected = await runCollect(['mhlw-labour-law-violations', '--file', sharedData(file)], {
      ...io,
      dbPath,
      now: on(edition),
      contact: null,
      delistedRetentionDays: 36_500,
      resolve: cachedMhlwResolver,
    });
    assert.equal(collected, 0, err.join('\n'));
  }

  const db = new Database(dbPath, { readonly: true });
  const stored = db
    .prepare<[], Stored>(
      `SELECT company_name, date, company_corporate_number, company_link FROM enforcements
       WHERE authority_code = 'mhlw_labour_bureau_31' OR company_prefecture_code = '31'`,
    )
    .all();
  db.close();
  const expected = loadFixture().cases.filter((c) => c.editions.some((e) => editions.includes(e)));
  const byKey = new Map(expected.map((c) => [caseKey(c.name, c.date), c] as const));
  const found = new Map(stored.map((s) => [caseKey(s.company_name, s.date), s] as const));
  // every Tottori case the editions hold is in the fixture, and every one of the fixture is found
  assert.deepEqual([...found.keys()].sort(), [...byKey.keys()].sort());
  for (const [key, c] of byKey) {
    const s = found.get(key);
    assert.ok(s, key);
    assert.equal(s.company_corporate_number, c.corporate_number, key);
    assert.equal(s.company_link, c.corporate_number === null ? null : 'name_address', key);
    for (const number of c.never ?? []) assert.notEqual(s.company_corporate_number, number, key);
  }
  return out.join('\n');
}
