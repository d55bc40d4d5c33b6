// The real files behind the linking tests: the NTA full file of Tottori imported (once per test run:
// test/helpers/tottori-register.ts), then MHLW editions collected over
// it in date order (each edition's pages read by pdfjs once per test run: test/helpers/pdf-pages-cache.ts), and every
// Tottori case compared with the links checked by hand (test/fixtures/links).
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isObject } from '../../../src/lib/is-object.js';
import { runCli } from '../../../src/cli.js';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { cachedMhlwResolver } from '../../helpers/pdf-pages-cache.js';
import { tottoriRegisterAt } from '../../helpers/tottori-register.js';
import { sharedData } from '../../helpers/shared-data.js';
import { tempDir } from './collect-helpers.js';

/** The editions by the date they were seen, and their files under test/fixtures/government/mhlw. */
export const MHLW_EDITIONS: Readonly<Record<string, string>> = {
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
  /** How the case links when more than its name and city decide it (`only_in_prefecture`, or an office named). */
  readonly basis?: string;
}

export interface Fixture {
  readonly cases: readonly ExpectedCase[];
}

interface Stored {
  readonly company_name: string;
  readonly date: string;
  readonly company_corporate_number: string | null;
  readonly company_link: string | null;
}

export function loadFixture(): Fixture {
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

/** What a collection over the register of Tottori left: the Tottori cases found, the fixture's, and what it printed. */
export interface TottoriCollection {
  readonly dbPath: string;
  /** Every Tottori case the editions hold, by caseKey. */
  readonly found: ReadonlyMap<string, Stored>;
  /** The fixture's cases of those editions, by caseKey. */
  readonly expected: ReadonlyMap<string, ExpectedCase>;
  /** What `collect` printed (the link notes among it). */
  readonly printed: string;
}

/** What to collect over besides the register of Tottori. */
export interface CollectOptions {
  /** NTA files imported after the register (namesakes planted in it, say). */
  readonly moreRegister?: readonly string[];
  /** A dataset to start from, the Tottori file imported into it, instead of the register of Tottori alone. */
  readonly onto?: string;
}

/**
 * Imports the register of Tottori (and what `options` add), and collects `editions` (in date order) over it, the
 * clock at each edition's date and delisted records kept. Every Tottori case those editions hold is in the fixture,
 * and every one of the fixture is found.
 */
export async function collectOverTottori(
  editions: readonly string[],
  options: CollectOptions = {},
): Promise<TottoriCollection> {
  const dbPath = join(tempDir(), 'tottori.sqlite');
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) };
  const on = (day: string) => () => new Date(`${day}T03:00:00Z`);
  const tottori = sharedData('nta/31_tottori_all_20260731.sjis.csv');
  const register = [...(options.onto === undefined ? [] : [tottori]), ...(options.moreRegister ?? [])];
  if (options.onto === undefined) await tottoriRegisterAt(dbPath);
  else copyFileSync(options.onto, dbPath);
  if (register.length > 0) {
    const now = on(editions[0] ?? '2017-06-01');
    const imported = await runCli(['import', 'nta', ...register], { ...io, now, env: { KOHYO_DB: dbPath } });
    assert.equal(imported, 0, err.join('\n'));
  }
  for (const edition of editions) {
    const file = MHLW_EDITIONS[edition];
    assert.ok(file, edition);
    const collected = await runCollect(['mhlw-labour-law-violations', '--file', sharedData(file)], {
      ...io,
      dbPath,
      now: on(edition),
      contact: null,
      delistedRetentionDays: 36_500,
      resolve: cachedMhlwResolver,
    });
    // the summary on stdout says why a source failed
    assert.equal(collected, 0, [...err, ...out.slice(-10)].join('\n'));
  }
  const db = new Database(dbPath, { readonly: true });
  const stored = db
    .prepare<[], Stored>(
      `SELECT company_name, date, company_corporate_number, company_link FROM enforcements
       WHERE authority_code = 'mhlw_labour_bureau_31' OR company_prefecture_code = '31'`,
    )
    .all();
  db.close();
  const fixture = loadFixture().cases.filter((c) => c.editions.some((e) => editions.includes(e)));
  const expected = new Map(fixture.map((c) => [caseKey(c.name, c.date), c] as const));
  const found = new Map(stored.map((s) => [caseKey(s.company_name, s.date), s] as const));
  assert.deepEqual([...found.keys()].sort(), [...expected.keys()].sort());
  return { dbPath, found, expected, printed: out.join('\n') };
}

/**
 * Collects `editions` over the register of Tottori and checks every Tottori case those editions hold against the
 * fixture. Returns what `collect` printed, for the link notes.
 */
export async function checkTottoriLinks(editions: readonly string[]): Promise<string> {
  const { found, expected, printed } = await collectOverTottori(editions);
  for (const [key, c] of expected) {
    const s = found.get(key);
    assert.ok(s, key);
    assert.equal(s.company_corporate_number, c.corporate_number, key);
    assert.equal(s.company_link, c.corporate_number === null ? null : 'name_address', key);
    for (const number of c.never ?? []) assert.notEqual(s.company_corporate_number, number, key);
  }
  return printed;
}

/** How the Tottori cases fared among planted namesakes: linked still, left unlinked with a reason, or wrongly. */
export interface NamesakeOutcome {
  /** Cases still linked to their company: its name and address still single it out. */
  readonly stayed: number;
  /** Cases the namesakes left unlinked, each with the note that says why. */
  readonly unsettled: number;
  /** A case linked to another company than the fixture's, or left unlinked without a reason. */
  readonly problems: readonly string[];
}

/** A name as the notes quote it, in either width and spacing. */
const folded = (name: string) => name.normalize('NFKC').replace(/\s+/gu, '');

/**
 * Judges a collection over a register where each company the fixture names has a namesake in every other prefecture,
 * and those in `sameCity` one in their own city as well. A case stays linked where its address is its company's own
 * and no namesake shares its city; every other linked case of the fixture is left unlinked, and a note says why.
 */
export function judgeNamesakeLinks(collection: TottoriCollection, sameCity: ReadonlySet<string>): NamesakeOutcome {
  // the notes of the records left unlinked, by the record's name: 「name」 (address): reason
  const reasons = new Map<string, string>();
  for (const line of collection.printed.split('\n')) {
    const note = /not linked 「(.*?)」(?: \(.*?\))?: (.*)$/u.exec(line);
    if (note) reasons.set(folded(note[1]!), note[2]!);
  }
  const problems: string[] = [];
  let stayed = 0;
  let unsettled = 0;
  for (const [key, c] of collection.expected) {
    const number = collection.found.get(key)?.company_corporate_number ?? null;
    const certain = c.corporate_number !== null && !sameCity.has(c.corporate_number) && c.basis === undefined;
    if (number !== (certain ? c.corporate_number : null))
      problems.push(`${key}: linked to ${number ?? 'none'}, expected ${certain ? c.corporate_number : 'none'}`);
    else if (certain) stayed++;
    if (c.corporate_number === null || certain) continue;
    const reason = reasons.get(folded(c.name));
    const why = sameCity.has(c.corporate_number) ? /2 companies of the name in/u : /elsewhere in Japan/u;
    if (reason === undefined || !why.test(reason))
      problems.push(`${key}: not linked, but no note says why (${reason ?? 'none'})`);
    else unsettled++;
  }
  return { stayed, unsettled, problems };
}
