// Micro benchmark: the time to parse one edition of the MHLW labour-law violation PDF (73 pages), split into pdfjs's
// reading of text and drawn lines and our table reading; then the nine editions of test/fixtures/government/mhlw parsed one after
// another in date order, as a collection of the list's history would.
// Run: npm run bench:mhlw -- [--runs N] [--file PATH]
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  MHLW_LABOUR_LIST_URL,
  MHLW_LABOUR_SOURCE_ID,
  mhlwRecordsFromPages,
} from '../src/ingest/sources/mhlw-labour-law-violations/parser.js';
import { sourceRegistry } from '../src/ingest/registry/source-registry.js';
import type { ParseContext } from '../src/ingest/parsers/source-parser.js';
import { readPdfText } from '../src/ingest/parsers/pdf-text.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { median } from './report.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    file: { type: 'string', default: sharedData('mhlw/editions/2025-05-30_001483075.pdf') },
  },
});
const runs = Math.max(1, Number(values.runs));
const bytes = new Uint8Array(fs.readFileSync(values.file));
const context: ParseContext = {
  source: sourceRegistry().get(MHLW_LABOUR_SOURCE_ID)!,
  url: MHLW_LABOUR_LIST_URL,
  retrieved_at: new Date().toISOString(),
};

const extract: number[] = [];
const table: number[] = [];
let records = 0;
let pages = 0;
// The first run includes pdfjs's one-off set-up (its worker module, font and CMap tables); it is reported apart.
for (let i = 0; i <= runs; i++) {
  const t0 = performance.now();
  const read = await readPdfText(bytes);
  const t1 = performance.now();
  const outcome = mhlwRecordsFromPages(read, context);
  const t2 = performance.now();
  if (!outcome.ok) throw new Error(outcome.error);
  [records, pages] = [outcome.records.length, read.length];
  extract.push(t1 - t0);
  table.push(t2 - t1);
}

const ms = (n: number) => n.toFixed(1).padStart(8);
const warmExtract = extract.slice(1);
const warmTable = table.slice(1);
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`${values.file}: ${bytes.length} bytes, ${pages} pages, ${records} records`);
console.log(`${os.cpus().length} × ${cpu}, Node ${process.version}, ${runs} warm runs after 1 cold run\n`);
console.log('| step                          |  cold ms |   median |      min |');
console.log('|-------------------------------|---------:|---------:|---------:|');
const row = (name: string, cold: number, warm: number[]) =>
  console.log(`| ${name.padEnd(29)} | ${ms(cold)} | ${ms(median(warm))} | ${ms(Math.min(...warm))} |`);
row('pdfjs text and lines', extract[0] ?? 0, warmExtract);
row('cells, rows and records', table[0] ?? 0, warmTable);
row(
  'whole parse',
  (extract[0] ?? 0) + (table[0] ?? 0),
  warmExtract.map((e, i) => e + (warmTable[i] ?? 0)),
);

// The nine editions in date order (000534084.pdf, published 2019-08-30, between the 2019-06-30 and 2021-06-01 ones).
const EDITIONS = [
  'editions/2017-06-01_170510-01.pdf',
  'editions/2017-11-18_170510-01.pdf',
  'editions/2018-07-01_170510-01.pdf',
  'editions/2018-11-30_180928.pdf',
  'editions/2019-06-30_000534084.pdf',
  '000534084.pdf',
  'editions/2021-06-01_000776466.pdf',
  'editions/2022-12-01_001018384.pdf',
  'editions/2025-05-30_001483075.pdf',
];
const all: number[] = [];
let allRecords = 0;
let allPages = 0;
for (let i = 0; i < Math.min(runs, 3); i++) {
  const t0 = performance.now();
  [allRecords, allPages] = [0, 0];
  for (const edition of EDITIONS) {
    const read = await readPdfText(new Uint8Array(fs.readFileSync(sharedData(`mhlw/${edition}`))));
    const outcome = mhlwRecordsFromPages(read, context);
    if (!outcome.ok) throw new Error(`${edition}: ${outcome.error}`);
    allRecords += outcome.records.length;
    allPages += read.length;
  }
  all.push(performance.now() - t0);
}
console.log(
  `\nthe nine editions in date order: ${allPages} pages, ${allRecords} records; median ${ms(median(all)).trim()} ms, min ${ms(Math.min(...all)).trim()} ms over ${all.length} runs`,
);
