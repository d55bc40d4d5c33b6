// Writes a synthetic NTA corporate-number file (the 30-column CSV) of N fictional companies, seeded and streamed to disk.
// `node --import tsx bench/generate-nta.ts [--companies N] [--seed S] [--encoding utf8|sjis] [--out FILE]`
import { createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import iconv from 'iconv-lite';
import { corporateNumberFromBase } from '../src/domain/companies/corporate-number.js';
import { createRandom, type Random } from '../demo/random.js';
import { drawFormerName, drawName, drawPlace, type SyntheticName, type SyntheticPlace } from './synthetic-company.js';

export interface GenerateOptions {
  readonly companies: number;
  readonly seed: number;
  readonly encoding: 'utf8' | 'sjis';
}

export interface GenerateSummary {
  readonly companies: number;
  /** Every row written: one current row per company and the history rows of former names. */
  readonly rows: number;
  readonly historyRows: number;
  readonly bytes: number;
}

export const DEFAULT_GENERATE: GenerateOptions = { companies: 1_000_000, seed: 20261121, encoding: 'utf8' };
export const BENCH_OUT = fileURLToPath(new URL('./out/', import.meta.url));

/** Where the bench keeps the file for these options, so a later run can reuse it. */
export function defaultNtaPath(options: GenerateOptions): string {
  return join(BENCH_OUT, `nta-synthetic-${options.companies}-s${options.seed}.${options.encoding}.csv`);
}

// The shares the search benchmark draws: readings for most, English names for a few, a tenth closed, some renamed.
const SHARE = { kana: 0.6, english: 0.03, closed: 0.1, renamed: 0.06, renamedTwice: 0.15, historyFirst: 0.5 } as const;
const CLOSE_CAUSES = [
  ['01', 70],
  ['11', 20],
  ['21', 5],
  ['31', 5],
] as const;
const FIRST_ASSIGNMENT = Date.UTC(2015, 9, 5);
const FILE_DATE = Date.UTC(2026, 0, 27);
const DAY_MS = 86_400_000;
const ROWS_PER_CHUNK = 2000;
/** Numbers per (fictional) registry office: 6-digit serials, spread out by up to 7 so they are sparse. */
const NUMBERS_PER_OFFICE = 100_000;
/** Merged-away companies name a successor among the last companies written. */
const SUCCESSOR_POOL = 5000;

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const quote = (value: string): string => (value === '' ? '' : `"${value.replace(/"/gu, '""')}"`);

/**
 * The i-th company's Corporate Number: a 4-digit office, the organisation digits 99 that no real number uses,
 * and a serial, so numbers ascend with i as they do in the NTA's full file, and are all fictional.
 */
function corporateNumber(i: number, rng: Random): string {
  const office = 1000 + Math.floor(i / NUMBERS_PER_OFFICE);
  const serial = (i % NUMBERS_PER_OFFICE) * 7 + rng.int(0, 6);
  return corporateNumberFromBase(`${String(office).padStart(4, '0')}99${String(serial).padStart(6, '0')}`);
}

interface RowInput {
  readonly number: string;
  readonly process: string;
  readonly updatedOn: string;
  readonly changedOn: string;
  readonly name: SyntheticName;
  readonly place: SyntheticPlace;
  readonly closedOn: string;
  readonly closeCause: string;
  readonly successor: string;
  readonly assignedOn: string;
  readonly latest: boolean;
  readonly english: boolean;
  readonly kana: boolean;
}

function row(seq: number, r: RowInput): string {
  const { place } = r;
  return [
    String(seq),
    r.number,
    r.process,
    '0',
    r.updatedOn,
    r.changedOn,
    quote(r.name.name),
    '',
    r.name.form.kind,
    quote(place.prefecture.name),
    quote(place.place.city),
    quote(r.place.street),
    '',
    place.prefecture.code,
    place.place.city_code.slice(2),
    place.place.postal_code,
    '',
    '',
    r.closedOn,
    r.closeCause,
    r.successor,
    '',
    r.assignedOn,
    r.latest ? '1' : '0',
    r.english ? quote(r.name.en) : '',
    r.english ? quote(place.prefecture.name_en) : '',
    r.english ? quote(place.streetEn) : '',
    '',
    r.kana ? quote(r.name.kana) : '',
    '0',
  ].join(',');
}

/** The rows of company i: its current row, and before or after it the history rows of its former names. */
function companyRows(i: number, rng: Random, seq: number, successors: string[]): string[] {
  const number = corporateNumber(i, rng);
  const name = drawName(rng);
  const place = drawPlace(rng);
  const assigned = rng.chance(0.7)
    ? FIRST_ASSIGNMENT
    : FIRST_ASSIGNMENT + rng.int(1, (FILE_DATE - FIRST_ASSIGNMENT) / DAY_MS - 30) * DAY_MS;
  const changed = assigned + rng.int(0, (FILE_DATE - assigned) / DAY_MS) * DAY_MS;
  const updated = Math.min(changed + rng.int(0, 10) * DAY_MS, FILE_DATE);
  const closed = rng.chance(SHARE.closed);
  const closeCause = closed ? rng.weighted(CLOSE_CAUSES) : '';
  const successor = closeCause === '11' && successors.length > 0 ? rng.pick(successors) : '';
  const formerNames = rng.chance(SHARE.renamed) ? (rng.chance(SHARE.renamedTwice) ? 2 : 1) : 0;
  const kana = rng.chance(SHARE.kana);
  const english = rng.chance(SHARE.english);
  const process = closed
    ? '21'
    : formerNames > 0
      ? '11'
      : rng.weighted([
          ['01', 40],
          ['12', 45],
          ['11', 15],
        ] as const);
  const current: RowInput = {
    number,
    process,
    updatedOn: day(updated),
    changedOn: day(changed),
    name,
    place,
    closedOn: closed ? day(changed) : '',
    closeCause,
    successor,
    assignedOn: day(assigned),
    latest: true,
    english,
    kana,
  };
  const history: RowInput[] = [];
  let previous = name;
  for (let k = 0; k < formerNames; k++) {
    previous = drawFormerName(rng, previous);
    const on = day(assigned + Math.floor((changed - assigned) / DAY_MS / (k + 2)) * DAY_MS);
    history.push({
      ...current,
      process: '01',
      updatedOn: on,
      changedOn: on,
      name: previous,
      closedOn: '',
      closeCause: '',
      successor: '',
      latest: false,
      english: false,
    });
  }
  if (!closed) {
    if (successors.length < SUCCESSOR_POOL) successors.push(number);
    else successors[rng.int(0, SUCCESSOR_POOL - 1)] = number;
  }
  const ordered = rng.chance(SHARE.historyFirst) ? [...history, current] : [current, ...history];
  return ordered.map((r, k) => row(seq + k, r));
}

/** Writes the file, a chunk of rows at a time, waiting for the disk when the stream's buffer is full. */
export async function generateNtaFile(
  path: string,
  options: GenerateOptions = DEFAULT_GENERATE,
): Promise<GenerateSummary> {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const rng = createRandom(options.seed);
  const successors: string[] = [];
  let rows = 0;
  let bytes = 0;
  let lines: string[] = [];
  const flush = async () => {
    const text = lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
    lines = [];
    const chunk = options.encoding === 'sjis' ? iconv.encode(text, 'cp932') : Buffer.from(text, 'utf8');
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  for (let i = 0; i < options.companies; i++) {
    const written = companyRows(i, rng, rows + 1, successors);
    rows += written.length;
    lines.push(...written);
    if (lines.length >= ROWS_PER_CHUNK) await flush();
  }
  await flush();
  out.end();
  await once(out, 'finish');
  return { companies: options.companies, rows, historyRows: rows - options.companies, bytes };
}

async function main(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      companies: { type: 'string' },
      seed: { type: 'string' },
      encoding: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const encoding = values.encoding ?? DEFAULT_GENERATE.encoding;
  if (encoding !== 'utf8' && encoding !== 'sjis') throw new Error(`--encoding must be utf8 or sjis, got "${encoding}"`);
  const options: GenerateOptions = {
    companies: values.companies === undefined ? DEFAULT_GENERATE.companies : Number(values.companies),
    seed: values.seed === undefined ? DEFAULT_GENERATE.seed : Number(values.seed),
    encoding,
  };
  if (!Number.isInteger(options.companies) || options.companies < 1)
    throw new Error('--companies must be a whole number of at least 1');
  const path = values.out ?? defaultNtaPath(options);
  const started = Date.now();
  const summary = await generateNtaFile(path, options);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${path}: ${summary.companies} companies, ${summary.rows} rows (${summary.historyRows} history), ` +
      `${(summary.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`,
  );
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
