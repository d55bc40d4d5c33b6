// Collection under a budget. Crafted bombs go through the real `collect --files` path, each
// parsed on its own thread: the bomb's source fails naming its bound, the other sources of the run are published.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import type { Fetcher } from '../../../src/ingest/collect/fetcher.js';
import { DEFAULT_PARSE_BUDGET, MIB, type ParseBudget } from '../../../src/ingest/parsers/parse-budget.js';
import type { SourceEntry } from '../../../src/ingest/registry/source-entry.js';
import { sourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import { MAX_KEPT_SKIPPED_ROWS } from '../../../src/domain/skipped-row.js';
import { sharedData } from '../../helpers/shared-data.js';
import { buildXlsx } from '../../helpers/xlsx.js';
import { buildZip } from '../../helpers/zip.js';
import { tempDir } from './collect-helpers.js';

const noNetwork: Fetcher = { fetch: () => assert.fail('an offline collection fetched'), close: async () => undefined };

/** A generic source of the test's own, read by a registry parser through a column mapping. */
function genericSource(id: string, format: 'html' | 'pdf' | 'xlsx'): SourceEntry {
  return {
    id,
    publisher: 'pref_13',
    record_kind: 'procurement_suspension',
    title: `test list ${id}`,
    url: `https://example.go.jp/${id}.${format}`,
    url_kind: 'list_file',
    format,
    parser: `${format}-table`,
    publisher_group: 'prefecture',
    counted_body: 'pref_13',
    mapping: {
      columns: {
        company_name: ['業者名'],
        company_address: ['所在地'],
        period: ['措置期間'],
        reason: ['措置要件'],
      },
    },
  };
}

async function collect(dir: string, extra: readonly SourceEntry[], budget: ParseBudget) {
  const real = sourceRegistry();
  const sources = [...real.sources, ...extra];
  const out: string[] = [];
  const err: string[] = [];
  const dbPath = join(dir, 'kohyo.sqlite');
  const code = await runCollect(['--files', join(dir, 'files')], {
    dbPath,
    now: () => new Date('2026-11-25T00:00:00Z'),
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    contact: null,
    registry: { sources, get: (id) => sources.find((s) => s.id === id) },
    fetcher: noNetwork,
    parseBudget: budget,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), dbPath };
}

interface RunRow {
  readonly source_id: string;
  readonly outcome: string;
  readonly records: number | null;
  readonly error: string | null;
  readonly skipped_rows: string | null;
}

function runs(dbPath: string): Map<string, RunRow> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT source_id, outcome, records, error, skipped_rows FROM collection_runs ORDER BY id')
      .all() as RunRow[];
    return new Map(rows.map((r) => [r.source_id, r]));
  } finally {
    db.close();
  }
}

function published(dbPath: string, table: string, sourceId: string): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    const row = db.prepare(`SELECT count(*) AS n FROM ${table} WHERE source_id = ?`).get(sourceId) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/** A one-page PDF whose content stream is `content`, Flate-compressed, with a correct cross-reference table. */
function pdfWithContent(content: Buffer): Buffer {
  const stream = deflateSync(content, { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(at);
    parts.push(object);
    at += object.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** The zip with every entry's uncompressed size, in its local and central headers, overwritten with `size`. */
function declaring(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = 0; at + 4 <= copy.length; at++) {
    const signature = copy.readUInt32LE(at);
    if (signature === 0x04034b50) copy.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) copy.writeUInt32LE(size, at + 24);
  }
  return copy;
}

/** Path operators: `count` line segments, drawn at once (a path of millions of segments compresses to little). */
function pathOperators(count: number): Buffer {
  return Buffer.concat([Buffer.from('0 0 m\n'), Buffer.alloc(count * 8, '1 1 l\n0 '), Buffer.from('\nS\n')]);
}

test('each bomb fails its source alone, naming its bound; the other sources of the run are published', async () => {
  const dir = tempDir();
  const files = join(dir, 'files');
  mkdirSync(join(files, 'isa-titp-certification-revocations'), { recursive: true });
  // good sources, real files
  copyFileSync(sharedData('caa/keihyo_release_2024_index.main.html'), join(files, 'caa-keihyo-actions.html'));
  copyFileSync(
    sharedData('isa/isa_titp_nintei_torikeshi_fy2018.xlsx'),
    join(files, 'isa-titp-certification-revocations', 'fy2018.xlsx'),
  );
  // The bombs inflate to twice the run's bound of 8 MiB: past it is what they prove. At the default bound's 64 MiB
  // they proved the same, and their making took 3 s of CPU more.
  // a PDF whose one content stream inflates to 16 MiB of path operators (24 KiB compressed)
  writeFileSync(join(files, 'mhlw-labour-law-violations.pdf'), pdfWithContent(pathOperators(2 * 1024 * 1024)));
  // a PDF within the inflated bound whose one path has 300,000 segments
  writeFileSync(join(files, 'test-operators.pdf'), pdfWithContent(pathOperators(300_000)));
  // an xlsx zip bomb: one cell of 16 MiB of text (its zip is 16 KiB)
  const bomb = buildXlsx([{ name: '一覧', rows: [['監理団体名'], ['x'.repeat(16 * MIB)]] }]);
  writeFileSync(join(files, 'isa-titp-supervising-org-revocations.xlsx'), bomb);
  // a 2 KB xlsx with one stray cell at XFD1048576
  const far = buildXlsx([
    { name: '一覧', rows: [['監理団体名', '処分理由', '処分年月日']], far: [{ ref: 'XFD1048576', value: 1 }] },
  ]);
  assert.ok(far.length < 4096);
  writeFileSync(join(files, 'isa-titp-improvement-orders.xlsx'), far);
  // a zip bomb that hides its size: its one entry declares 1,000 bytes and inflates to 16 MiB
  writeFileSync(
    join(files, 'test-lying.xlsx'),
    declaring(buildZip([{ name: 'a.xml', data: Buffer.alloc(16 * MIB) }]), 1000),
  );

  const budget = { ...DEFAULT_PARSE_BUDGET, inflatedMb: 8, operators: 100_000 };
  const run = await collect(dir, [genericSource('test-operators', 'pdf'), genericSource('test-lying', 'xlsx')], budget);
  assert.equal(run.code, 1, 'some sources failed');
  const byId = runs(run.dbPath);
  const failed = (id: string, bound: RegExp) => {
    const row = byId.get(id);
    assert.equal(row?.outcome, 'failure', `${id}: ${JSON.stringify(row)}`);
    assert.match(row.error ?? '', bound, id);
  };
  failed('mhlw-labour-law-violations', /the bound on inflated size: .*KOHYO_PARSE_MAX_INFLATED_MB is 8 MiB/u);
  failed('test-operators', /the bound on operators: .*KOHYO_PARSE_MAX_OPERATORS is 100,000 operators/u);
  failed('isa-titp-supervising-org-revocations', /the bound on inflated size: .*zip entries/u);
  failed('isa-titp-improvement-orders', /the bound on rows: sheet 「一覧」 has a cell at XFD1048576/u);
  failed('test-lying', /the bound on inflated size: its zip entry "a\.xml" inflates past the 1000 bytes it declares/u);
  assert.equal(byId.get('caa-keihyo-actions')?.outcome, 'success');
  assert.equal(byId.get('isa-titp-certification-revocations')?.outcome, 'success');
  assert.equal(published(run.dbPath, 'enforcements', 'caa-keihyo-actions'), 22);
  assert.equal(published(run.dbPath, 'license_actions', 'isa-titp-certification-revocations'), 8);
  assert.match(run.out, /published /u);
});

test('the memory and time bounds end the parsing thread, and the run records the bound', async () => {
  const dir = tempDir();
  const files = join(dir, 'files');
  mkdirSync(files, { recursive: true });
  // within the inflated and operator bounds, but more segments than a 96 MiB heap holds while pdfjs builds them;
  // the real list beside it parses in that heap
  writeFileSync(join(files, 'test-operators.pdf'), pdfWithContent(pathOperators(1_000_000)));
  copyFileSync(sharedData('caa/keihyo_release_2024_index.main.html'), join(files, 'caa-keihyo-actions.html'));
  const small = { ...DEFAULT_PARSE_BUDGET, memoryMb: 96 };
  const memory = await collect(dir, [genericSource('test-operators', 'pdf')], small);
  assert.match(runs(memory.dbPath).get('test-operators')?.error ?? '', /the bound on memory: .*KOHYO_PARSE_MEMORY_MB/u);
  assert.equal(runs(memory.dbPath).get('caa-keihyo-actions')?.outcome, 'success');
  const slow = await collect(dir, [genericSource('test-operators', 'pdf')], { ...DEFAULT_PARSE_BUDGET, seconds: 1 });
  assert.match(
    runs(slow.dbPath).get('test-operators')?.error ?? '',
    /the bound on time: .*KOHYO_PARSE_TIMEOUT_S is 1 s/u,
  );
});

/**
 * The large list: its records, its table's rows (the header, the records, a blank row after every tenth), and its
 * bounds, the rows at the table's size and the heap an eighth of the default (which holds 200,000 rows).
 */
const LARGE_RECORDS = 6_000;
const BLANK_EVERY = 10;
const LARGE_TABLE_ROWS = 1 + LARGE_RECORDS + LARGE_RECORDS / BLANK_EVERY;
const LARGE_BUDGET = { ...DEFAULT_PARSE_BUDGET, rows: LARGE_TABLE_ROWS, memoryMb: 128 };

test('an HTML list at its bound on rows collects in a 128 MiB heap, and its blank rows are stored bounded, with their count', async () => {
  const dir = tempDir();
  const files = join(dir, 'files');
  mkdirSync(files, { recursive: true });
  const rows: string[] = [];
  for (let i = 1; i <= LARGE_RECORDS; i++) {
    rows.push(
      `<tr><td>見本建設${i}株式会社</td><td>東京都千代田区霞が関1-1</td><td>令和7年4月1日～令和7年6月30日</td><td>談合</td></tr>`,
    );
    if (i % BLANK_EVERY === 0) rows.push('<tr><td></td><td></td><td></td><td></td></tr>');
  }
  const html = `<html><body><table><tr><th>業者名</th><th>所在地</th><th>措置期間</th><th>措置要件</th></tr>${rows.join('')}</table></body></html>`;
  writeFileSync(join(files, 'test-large.html'), html);
  const run = await collect(dir, [genericSource('test-large', 'html')], LARGE_BUDGET);
  const row = runs(run.dbPath).get('test-large');
  assert.equal(row?.outcome, 'success', row?.error ?? run.err);
  assert.equal(row.records, LARGE_RECORDS);
  assert.equal(published(run.dbPath, 'procurement_suspensions', 'test-large'), LARGE_RECORDS);
  const stored: unknown = JSON.parse(row.skipped_rows ?? 'null');
  assert.ok(stored !== null && typeof stored === 'object' && 'rows' in stored && 'total' in stored);
  assert.equal(stored.total, LARGE_RECORDS / BLANK_EVERY);
  assert.ok(Array.isArray(stored.rows));
  assert.equal(stored.rows.length, MAX_KEPT_SKIPPED_ROWS);
  assert.match(run.out, /and 300 more skipped rows, not kept \(the first 300 are\)/u);
  // a bound one row lower fails the list, naming it: the list above was at its bound
  const over = await collect(dir, [genericSource('test-large', 'html')], {
    ...LARGE_BUDGET,
    rows: LARGE_TABLE_ROWS - 1,
  });
  assert.match(runs(over.dbPath).get('test-large')?.error ?? '', /the bound on rows: .*KOHYO_PARSE_MAX_ROWS/u);
});
