// Namesakes of real companies planted in a register: NTA rows of fictional companies that carry a real company's name
// (and kind and reading) in every other prefecture, and where asked a second one in its own city at another address.
// Written as an NTA file (the Unicode edition) for `kohyo import nta`; every number has the organisation digits 99,
// which no real Corporate Number has.
import { readFileSync, writeFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { PREFECTURES } from '../../src/domain/vocabularies/prefectures.js';
import { NtaCsvSplitter } from '../../src/ingest/nta/nta-csv.js';
import { DEMO_PLACES } from '../../demo/demo-places.js';

/** The NTA file's columns (1-based, as nta-row.ts reads them) that place a company. */
const COLUMN = {
  number: 2,
  prefecture: 10,
  city: 11,
  street: 12,
  prefectureCode: 14,
  cityCode: 15,
  postalCode: 16,
  streetEn: 26,
  prefectureEn: 27,
  outsideEn: 28,
} as const;

export interface PlantedNamesakes {
  /** The NTA file of the namesakes. */
  readonly path: string;
  /** Every planted number, and the real company each is a namesake of. */
  readonly namesakeOf: ReadonlyMap<string, string>;
}

export interface PlantOptions {
  /** The real companies (by number) that get a namesake in their own city at another address besides. */
  readonly sameCity: ReadonlySet<string>;
  /** Namesakes each company gets in each other prefecture (1 unless a bench asks more). */
  readonly perPrefecture?: number;
}

/** The rows of a Shift_JIS NTA file by Corporate Number, as their fields. */
export function ntaRowsByNumber(sjisFile: string): Map<string, string[]> {
  const splitter = new NtaCsvSplitter();
  const records = [...splitter.push(iconv.decode(readFileSync(sjisFile), 'cp932')), ...splitter.end()];
  return new Map(records.map((r) => [r.fields[COLUMN.number - 1]!, r.fields] as const));
}

const quote = (value: string) => (/^\d*$/u.test(value) ? value : `"${value.replace(/"/gu, '""')}"`);

/**
 * Writes at `path` the namesakes of each of `companies` (their rows in the real file): one in each of the 46 other
 * prefectures (in a city of it), and one in its own city at another street for those in `options.sameCity`.
 */
export function plantNamesakes(
  path: string,
  companies: readonly (readonly string[])[],
  options: PlantOptions,
): PlantedNamesakes {
  const namesakeOf = new Map<string, string>();
  const lines: string[] = [];
  let serial = 0;
  // the columns that place the namesake, by their number, and what they hold
  const plant = (row: readonly string[], place: readonly (readonly [column: number, value: string])[]) => {
    const fields = [...row];
    const number = corporateNumberFromBase(`9000${'99'}${String(serial++).padStart(6, '0')}`);
    fields[COLUMN.number - 1] = number;
    for (const [column, value] of place) fields[column - 1] = value;
    // no English address: it would name the real company's place
    for (const column of [COLUMN.streetEn, COLUMN.prefectureEn, COLUMN.outsideEn]) fields[column - 1] = '';
    fields[0] = String(lines.length + 1);
    lines.push(fields.map(quote).join(','));
    namesakeOf.set(number, row[COLUMN.number - 1]!);
  };
  for (const row of companies) {
    const own = row[COLUMN.prefectureCode - 1];
    for (const prefecture of PREFECTURES.filter((p) => p.code !== own)) {
      const places = DEMO_PLACES.filter((p) => p.prefecture_code === prefecture.code);
      for (let n = 0; n < (options.perPrefecture ?? 1); n++) {
        const place = places[n % places.length]!;
        plant(row, [
          [COLUMN.prefecture, prefecture.name],
          [COLUMN.city, place.city],
          [COLUMN.street, `${place.town}１丁目${n + 1}番`],
          [COLUMN.prefectureCode, prefecture.code],
          [COLUMN.cityCode, place.city_code.slice(2)],
          [COLUMN.postalCode, place.postal_code],
        ]);
      }
    }
    if (options.sameCity.has(row[COLUMN.number - 1]!)) plant(row, [[COLUMN.street, '見本町９９番地']]);
  }
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return { path, namesakeOf };
}
