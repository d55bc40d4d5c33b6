// `kohyo sources try` on one list made in each format a table source reads (CSV, a workbook, an HTML page, a PDF): the
// rows read, kept and skipped, each skipped row with its number and reason (the first ten), the rest counted by reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveParser } from '../../../src/ingest/collect/resolve-parser.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import type { ColumnMapping } from '../../../src/ingest/parsers/column-mapping.js';
import type { SourceEntryInput, SourceFormat } from '../../../src/ingest/registry/source-entry.js';
import { loadSourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import { writeTablePdf, type PdfColumn } from '../../helpers/pdf.js';
import { buildXlsx } from '../../helpers/xlsx.js';
import { tempDir } from './collect-helpers.js';

const HEADER = ['商号又は名称', '所在地', '指名停止期間', '措置要件'];
const MAPPING: ColumnMapping = {
  columns: {
    company_name: ['商号又は名称'],
    company_address: ['所在地'],
    period: ['指名停止期間'],
    reason: ['措置要件'],
  },
};

/**
 * A suspension list of 60 records and what a publisher's list holds besides: a blank row, its header again (a page
 * break), a cartel named by its industry, a period with no such day (the one unreadable row: fewer than a list may
 * lose), and ten blank rows at its end.
 */
function listRows(): string[][] {
  const rows: string[][] = [];
  for (let n = 1; n <= 60; n++) {
    rows.push([`株式会社見本${n}`, `兵庫県神戸市中央区下山手通${n}`, 'R7.3.14～R7.6.13', '贈賄']);
    if (n === 5) rows.push(['', '', '', '']);
    if (n === 20) rows.push([...HEADER]);
    if (n === 30) rows.push(['ごま油の製造販売業者', '', 'R7.3.14～R7.6.13', '独占禁止法違反']);
    if (n === 40) rows.push(['見本工業株式会社', '兵庫県姫路市安田4-1', 'R7.2.30～R7.6.13', '粗雑工事']);
  }
  for (let n = 0; n < 10; n++) rows.push(['', '', '', '']);
  return rows;
}

function html(rows: readonly (readonly string[])[]): string {
  const tr = (cells: readonly string[], tag: string) =>
    `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="UTF-8"><title>指名停止</title></head><body>
<h2>指名停止措置一覧</h2><table>${tr(HEADER, 'th')}${rows.map((r) => tr(r, 'td')).join('\n')}</table></body></html>`;
}

const PDF_COLUMNS: PdfColumn[] = [
  { header: HEADER[0]!, x: 40, width: 170 },
  { header: HEADER[1]!, x: 210, width: 200 },
  { header: HEADER[2]!, x: 410, width: 150 },
  { header: HEADER[3]!, x: 560, width: 200 },
];

async function listFile(format: SourceFormat, dir: string): Promise<string> {
  const rows = listRows();
  const file = join(dir, `list.${format}`);
  if (format === 'csv') writeFileSync(file, [HEADER, ...rows].map((r) => r.join(',')).join('\n'));
  if (format === 'xlsx') writeFileSync(file, buildXlsx([{ name: '一覧', rows: [HEADER, ...rows] }]));
  if (format === 'html') writeFileSync(file, html(rows));
  if (format === 'pdf') {
    // three pages, each drawing its header row (the reader drops those), the list's own repeated one among the rows
    const pages = [0, 19, 38, 57].map((start) => rows.slice(start, start + 19));
    writeFileSync(file, await writeTablePdf({ title: '指名停止措置一覧', columns: PDF_COLUMNS, pages }));
  }
  return file;
}

function entry(format: SourceFormat): SourceEntryInput {
  return {
    id: `test-${format}-suspensions`,
    publisher: 'pref_28',
    record_kind: 'procurement_suspension',
    title: '指名停止措置一覧',
    url: `https://www.pref.hyogo.lg.jp/list.${format}`,
    url_kind: 'list_file',
    format,
    mapping: MAPPING,
  };
}

const FORMATS: readonly SourceFormat[] = ['csv', 'xlsx', 'html', 'pdf'];
const registry = loadSourceRegistry(FORMATS.map(entry));

/**
 * What each format's reader sees of the list: every row of a CSV, an HTML table and a PDF's drawn table (its rows
 * numbered across its pages, each page's own header row not counted); a sheet ends at its last filled row.
 */
const SEEN: Readonly<Record<SourceFormat, { read: number; skipped: number; blank: string }>> = {
  csv: { read: 74, skipped: 14, blank: 'skipped rows 7, 66-71: a blank row' },
  html: { read: 74, skipped: 14, blank: 'skipped rows 7, 66-71: a blank row' },
  xls: { read: 0, skipped: 0, blank: '' },
  xlsx: { read: 64, skipped: 4, blank: 'skipped row 7: a blank row' },
  pdf: { read: 74, skipped: 14, blank: 'skipped rows 7 (page 1), 66-71 (page 4): a blank row' },
};

async function tried(format: SourceFormat): Promise<string> {
  const dir = tempDir();
  const file = await listFile(format, dir);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSources(['try', `test-${format}-suspensions`, '--file', file], {
    dbPath: join(dir, 'none.sqlite'),
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    now: () => new Date('2026-11-26T03:00:00Z'),
    registry,
    // the table readers in this thread: a parsing thread of its own for each file costs its start, not what is tested
    resolve: resolveParser,
  });
  assert.equal(code, 0, err.join('\n'));
  return out.join('\n');
}

test('sources try says on every format what it read, kept and skipped, and the row and reason of each skipped row', async (t) => {
  for (const format of FORMATS) {
    await t.test(format, async () => {
      const text = await tried(format);
      const seen = SEEN[format];
      const page = format === 'pdf' ? ' \\(page \\d\\)' : '';
      assert.match(text, new RegExp(`^rows: ${seen.read} read, 60 kept as records, ${seen.skipped} skipped$`, 'mu'));
      assert.match(text, /^60 record\(s\) it would give/mu);
      assert.match(text, /^ {2}row 2(?: \(page 1\))?: 2025-03-14～2025-06-13 「株式会社見本1」/mu);
      assert.match(text, /^ {2}and 50 more records \(--all shows every one\)$/mu);
      assert.match(
        text,
        new RegExp(`^${seen.skipped} row\\(s\\) it would skip, with the reason and the row of each$`, 'mu'),
      );
      const skipped = (row: number, reason: string) => new RegExp(`^ {2}skipped row ${row}${page}: ${reason}`, 'mu');
      assert.match(
        text,
        skipped(23, 'the header row repeated: 「商号又は名称 \\| 所在地 \\| 指名停止期間 \\| 措置要件」$'),
      );
      assert.match(
        text,
        skipped(34, 'names no party: a cartel described by its industry: 「ごま油の製造販売業者 \\| '),
      );
      assert.match(
        text,
        skipped(
          45,
          "unreadable: column 「指名停止期間」: 'R7\\.2\\.30～R7\\.6\\.13': 令和7年2月30日: 2025-02 has no day 30: 「見本工業株式会社 \\| ",
        ),
      );
      // blank rows have no text to show: one line for each run of them, among the first ten
      assert.ok(text.split('\n').includes(`  ${seen.blank}`), seen.blank);
      if (seen.skipped > 10) assert.match(text, /^ {2}and 4 more skipped rows: 4 a blank row$/mu);
      else assert.doesNotMatch(text, /more skipped rows/u);
    });
  }
});
