// The query classes of `npm run bench:scale`, drawn from the dataset itself (seeded): each class asked of /search,
// /companies and the record endpoints, so that one table shows how each kind of question grows with the register.
import type { Db } from '../src/store/schema/database.js';
import { createRandom, type Random } from '../demo/random.js';
import { queryPath } from './production-cases.js';
import { coreOfName } from './search-queries.js';

/** What people type, from the company drawn: its name as registered, its start, its reading, its number. */
export const SCALE_CLASSES = [
  'full names',
  '2-char prefixes',
  '3-char prefixes',
  'kana',
  'romaji',
  'English',
  'numbers',
] as const;
export type ScaleClass = (typeof SCALE_CLASSES)[number];

/** The endpoints each class is asked of; `records` are the three record lists in turn. */
export const SCALE_ENDPOINTS = ['search', 'companies', 'records'] as const;
export type ScaleEndpoint = (typeof SCALE_ENDPOINTS)[number];

const RECORD_LISTS = ['/api/v1/enforcements', '/api/v1/procurement-suspensions', '/api/v1/license-actions'] as const;

interface Drawn {
  corporate_number: string;
  name: string;
  name_kana: string | null;
  name_en: string | null;
  romaji: string | null;
}

/** The class's text of a company, or null when the company has none (no reading, no English name). */
const TEXT_OF: Readonly<Record<ScaleClass, (c: Drawn) => string | null>> = {
  'full names': (c) => c.name,
  '2-char prefixes': (c) => prefix(coreOfName(c.name), 2),
  '3-char prefixes': (c) => prefix(coreOfName(c.name), 3),
  kana: (c) => c.name_kana,
  romaji: (c) => c.romaji?.toLowerCase() ?? null,
  English: (c) => c.name_en,
  numbers: (c) => c.corporate_number,
};

/** The first `length` letters or digits (a query of 「・」 alone has nothing to search for); null when fewer. */
function prefix(core: string, length: number): string | null {
  const chars = [...core].filter((ch) => /[\p{L}\p{N}]/u.test(ch) && ch !== 'ー');
  return chars.length < length ? null : chars.slice(0, length).join('');
}

/** `perClass` texts of each class, from companies drawn at random (the same ones for every class where they can). */
export function drawTexts(db: Db, perClass: number, seed: number): Record<ScaleClass, string[]> {
  const rng = createRandom(seed);
  const maxId = db.prepare<[], number>('SELECT max(id) FROM companies').pluck().get() ?? 0;
  if (maxId === 0) throw new Error('the dataset has no companies');
  const next = db.prepare<[number], Drawn>(`SELECT c.corporate_number, c.name, c.name_kana, c.name_en,
      (SELECT a.name FROM company_aliases a WHERE a.company_id = c.id AND a.kind = 'romanized') AS romaji
      FROM companies c WHERE c.id >= ? ORDER BY c.id LIMIT 1`);
  const texts = Object.fromEntries(SCALE_CLASSES.map((k) => [k, [] as string[]])) as Record<ScaleClass, string[]>;
  // English names are rare (a few in a hundred companies): the draw goes on until every class is full or it is clear
  // that the register has too few of one
  for (let draws = 0; draws < perClass * 200; draws++) {
    const company = next.get(rng.int(1, maxId));
    if (company === undefined) continue;
    for (const klass of SCALE_CLASSES) {
      const text = TEXT_OF[klass](company);
      if (text !== null && texts[klass].length < perClass) texts[klass].push(text);
    }
    if (SCALE_CLASSES.every((k) => texts[k].length >= perClass)) break;
  }
  return texts;
}

/** The paths of one class asked of one endpoint: numbers go to `corporate_number=` of a record list, text to `company=`. */
export function pathsOf(endpoint: ScaleEndpoint, klass: ScaleClass, texts: readonly string[]): string[] {
  if (endpoint === 'search') return texts.map((text) => queryPath('/api/v1/search', { q: text }));
  if (endpoint === 'companies') return texts.map((text) => queryPath('/api/v1/companies', { q: text }));
  const parameter = klass === 'numbers' ? 'corporate_number' : 'company';
  return texts.map((text, i) => queryPath(RECORD_LISTS[i % RECORD_LISTS.length]!, { [parameter]: text }));
}

/** The record lists' own filters at this size: by authority, by status, by sector and prefecture, on pages 1 to 3. */
export function recordFilterPaths(db: Db, count: number, seed: number): string[] {
  const rng: Random = createRandom(seed);
  const authorities = db
    .prepare<[], string>('SELECT DISTINCT authority_code FROM enforcements ORDER BY 1')
    .pluck()
    .all();
  const prefectures = db
    .prepare<[], string>(
      'SELECT DISTINCT company_prefecture_code FROM license_actions WHERE company_prefecture_code IS NOT NULL ORDER BY 1',
    )
    .pluck()
    .all();
  if (authorities.length === 0 || prefectures.length === 0) return [];
  return Array.from({ length: count }, (_, i) => {
    const page = rng.int(1, 3);
    // the enforcement list has no pages
    if (i % 3 === 0) return queryPath(RECORD_LISTS[0], { authority: rng.pick(authorities) });
    if (i % 3 === 1) return queryPath(RECORD_LISTS[1], { status: rng.pick(['active', 'ended', 'scheduled']), page });
    // a prefecture narrows another filter, and is none by itself
    return queryPath(RECORD_LISTS[2], { sector: 'construction', prefecture: rng.pick(prefectures), page });
  });
}
