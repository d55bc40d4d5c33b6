// The MHLW labour-law violation PDF's pages read into rows: the cover's title and dates, one ruled table per
// labour bureau, titled with the bureau's name.
import { printedEditionDate } from '../../../domain/printed-dates.js';
import { labourBureauForPrefecture } from '../../../domain/vocabularies/authorities.js';
import { prefectureByName } from '../../../domain/vocabularies/prefectures.js';
import { linesOf } from '../../parsers/pdf-lattice.js';
import { foldCell, linesAboveTables, readRuledRows, type RuledColumn } from '../../parsers/pdf-ruled-table.js';
import type { PdfPage, PdfTextItem } from '../../parsers/pdf-page.js';
import { excerpt } from '../../../domain/text/untrusted-text.js';

// The columns as the ministry prints them. 管轄 is not a column: each bureau's table is titled with its name.
// その他参考事項 (the date of the referral, again) is not read; some pages leave its header cell blank.
const MHLW_COLUMNS = ['企業・事業場名称', '所在地', '公表日', '違反法条', '事案概要', 'その他参考事項'] as const;
const READ_COLUMNS = MHLW_COLUMNS.slice(0, 5);
const HEADER_WORDS: ReadonlySet<string> = new Set(MHLW_COLUMNS.map(foldCell));
// A row split by a page break goes on at the top of the next page with no name and no 公表日.
const KEY_WORDS: ReadonlySet<string> = new Set(['企業・事業場名称', '公表日'].map(foldCell));

interface MhlwCover {
  /** 「労働基準関係法令違反に係る公表事案（平成30年8月1日～令和元年7月31日公表分）」 */
  readonly title: string | null;
  /**
   * The edition's date as printed (printed-dates.ts): 掲載日 on the cover; without a cover, the latest 最終更新日 a
   * bureau's table is dated with; else the end of the period line (「…～令和元年7月31日公表分」).
   */
  readonly published_on: string | null;
}

export interface MhlwRow {
  readonly page: number;
  /** The bureau whose table holds the row, or why its title cannot be read. */
  readonly bureau: { readonly code: string; readonly name: string } | string;
  readonly name: string;
  readonly address: string;
  readonly published: string;
  readonly law_lines: readonly string[];
  readonly summary: string;
  /** The row's cells as read, joined with " | ", for a row that is skipped. */
  readonly cells: readonly string[];
}

/** The header each read column has in the PDF, as printed (the first table's). */
type MhlwHeaders = Readonly<Record<'name' | 'address' | 'published' | 'laws' | 'summary', string>>;

export type MhlwPages =
  | { readonly ok: true; readonly cover: MhlwCover; readonly rows: readonly MhlwRow[]; readonly headers: MhlwHeaders }
  | { readonly ok: false; readonly error: string };

const BUREAU_TITLE = /(\S{2,3})労働局/u;

/** Reads every page: the cover, then each ruled table with the list's header words, under its bureau's title. */
export function readMhlwPages(pages: readonly PdfPage[]): MhlwPages {
  const reading = readRuledRows(pages, {
    isHeaderWord: (text) => HEADER_WORDS.has(text),
    minHeaderWords: 3,
    isKeyLabel: (label) => KEY_WORDS.has(foldCell(label)),
  });
  if (reading.columns === null) {
    return {
      ok: false,
      error: `no ruled table with the header 企業・事業場名称, 所在地, 公表日, … in the PDF's ${pages.length} pages`,
    };
  }
  const columns = reading.columns;
  const index = READ_COLUMNS.map((label) => columns.findIndex((c) => foldCell(c.label) === foldCell(label)));
  const missing = READ_COLUMNS.filter((_, i) => index[i] === -1);
  if (missing.length > 0) {
    return { ok: false, error: `the table's header (${labels(columns)}) has no ${missing.join(', ')}` };
  }
  const firstTablePage = reading.rows[0]?.page ?? pages.length + 1;
  const coverLines = pages.filter((page) => page.number < firstTablePage).flatMap((page) => linesOf(page.items));
  const cover = {
    title: coverTitle(coverLines),
    published_on: printedEditionDate([...coverLines, ...linesAboveTables(reading.rows)]),
  };
  let previous: MhlwRow['bureau'] | null = null;
  const rows = reading.rows.map((row): MhlwRow => {
    const [name, address, published, laws, summary] = index.map((i) => row.cells[i] ?? []);
    // A page that names no bureau goes on with the bureau of the page before: the list runs bureau by bureau.
    const bureau = bureauOf(row.above) ?? previous ?? 'no labour bureau (…労働局) is named above the table';
    previous = bureau;
    return {
      page: row.page,
      bureau,
      name: joinLines(name),
      address: joinLines(address),
      published: joinLines(published),
      law_lines: laws ?? [],
      summary: joinLines(summary),
      cells: row.cells.map(joinLines),
    };
  });
  const label = (read: number) => columns[index[read] ?? -1]?.label ?? '';
  const headers = { name: label(0), address: label(1), published: label(2), laws: label(3), summary: label(4) };
  return { ok: true, cover, rows, headers };
}

function labels(columns: readonly RuledColumn[]): string {
  return columns.map((c) => c.label || '(blank)').join(', ');
}

/**
 * The bureau named in the title nearest above the table (a page may hold two bureaus' tables): 「北海道労働局」, on
 * a line of its own or beside 最終更新日; null when none is.
 */
function bureauOf(above: readonly PdfTextItem[]): MhlwRow['bureau'] | null {
  const titles = linesOf(above)
    .map((line) => BUREAU_TITLE.exec(line.replace(/\s+/gu, ''))?.[1])
    .filter((t) => t !== undefined);
  const short = titles.at(-1);
  if (short === undefined) return null;
  const prefecture = prefectureByName(short);
  const bureau = prefecture ? labourBureauForPrefecture(prefecture.code) : undefined;
  return bureau
    ? { code: bureau.code, name: bureau.name }
    : `'${excerpt(short)}労働局' is not the name of a prefectural labour bureau`;
}

/** The cover's title: 「労働基準関係法令違反に係る公表事案」 and the period line under it. */
function coverTitle(lines: readonly string[]): string | null {
  const texts = lines.map((line) => line.replace(/\s+/gu, ''));
  const heading = texts.findIndex((text) => text.startsWith('労働基準関係法令違反に係る公表事案'));
  const period = texts.find((text) => /^[（(].*公表分[）)]$/u.test(text));
  return heading === -1 ? null : `${texts[heading]}${period ?? ''}`;
}

/** Wrapped lines of one cell joined: the text is Japanese, where a line break is not a word break. */
function joinLines(lines: readonly string[] | undefined): string {
  return (lines ?? []).map((line) => line.trim()).join('');
}
