// The MHLW labour-law violation PDF's pages read into rows: the cover's title and dates, one table per labour bureau.
import { parseJapaneseDate } from '../../domain/wareki.js';
import { labourBureauForPrefecture } from '../../domain/vocabularies/authorities.js';
import { prefectureByName } from '../../domain/vocabularies/prefectures.js';
import { buildPageTable, TableLayoutError, type PdfPage, type PdfTextItem, type TableLayout } from './pdf-table.js';

// The columns as the ministry prints them. 管轄 is not a column: each bureau's table is titled with its name.
export const MHLW_COLUMNS = ['企業・事業場名称', '所在地', '公表日', '違反法条', '事案概要', 'その他参考事項'] as const;
// 公表日 is one short line in every row, and every other cell is centred on it.
const LAYOUT: TableLayout = { headers: MHLW_COLUMNS, anchorColumn: 2 };

export interface MhlwCover {
  /** 「労働基準関係法令違反に係る公表事案（平成30年8月1日～令和元年7月31日公表分）」 */
  readonly title: string | null;
  /** 掲載日, as YYYY-MM-DD. */
  readonly published_on: string | null;
}

export interface MhlwRow {
  readonly page: number;
  /** Authority code of the bureau whose table holds the row (mhlw_labour_bureau_01). */
  readonly authority: string;
  readonly bureau: string;
  /** 1-based position in the bureau's table, across its pages. */
  readonly index: number;
  readonly name: string;
  readonly address: string;
  readonly published: string;
  readonly law_lines: readonly string[];
  readonly summary: string;
  readonly note: string;
}

export interface MhlwPages {
  readonly cover: MhlwCover;
  readonly rows: readonly MhlwRow[];
}

const BUREAU_TITLE = /^(.{2,3})労働局$/u;
const HEADER_LABELS: ReadonlySet<string> = new Set(MHLW_COLUMNS.map(fold));

/** Reads every page: a page with the table's header holds one bureau's rows under the bureau's name. */
export function readMhlwPages(pages: readonly PdfPage[]): MhlwPages {
  let cover: MhlwCover = { title: null, published_on: null };
  const rows: MhlwRow[] = [];
  const counts = new Map<string, number>();
  for (const page of pages) {
    if (!page.items.some((item) => HEADER_LABELS.has(fold(item.text)))) {
      // The cover comes first; any other page without the header (notes, a blank page) holds no rows.
      if (rows.length === 0) cover = readCover(page.items);
      continue;
    }
    const table = buildPageTable(page, LAYOUT);
    const title = table.above.find((item) => BUREAU_TITLE.test(item.text.trim()));
    if (title === undefined) throw new TableLayoutError(`page ${page.number}: no labour bureau (…労働局) named above the table`);
    const bureau = bureauOf(title.text.trim(), page.number);
    for (const row of table.rows) {
      const index = (counts.get(bureau.code) ?? 0) + 1;
      counts.set(bureau.code, index);
      const [name, address, published, laws, summary, note] = row.cells;
      rows.push({
        page: page.number,
        authority: bureau.code,
        bureau: bureau.name,
        index,
        name: joinLines(name),
        address: joinLines(address),
        published: joinLines(published),
        law_lines: laws ?? [],
        summary: joinLines(summary),
        note: joinLines(note),
      });
    }
  }
  return { cover, rows };
}

function bureauOf(title: string, page: number): { code: string; name: string } {
  const short = BUREAU_TITLE.exec(title)?.[1] ?? '';
  const prefecture = prefectureByName(short);
  const bureau = prefecture ? labourBureauForPrefecture(prefecture.code) : undefined;
  if (!bureau) throw new TableLayoutError(`page ${page}: '${title}' is not the name of a prefectural labour bureau`);
  return { code: bureau.code, name: bureau.name };
}

/** The cover: 「労働基準関係法令違反に係る公表事案」, the period line under it, and 掲載日. */
function readCover(items: readonly PdfTextItem[]): MhlwCover {
  const texts = items.map((item) => item.text.trim());
  const heading = texts.findIndex((text) => text.startsWith('労働基準関係法令違反に係る公表事案'));
  const period = texts.find((text) => /^[（(].*公表分[）)]$/u.test(text));
  const title = heading === -1 ? null : `${texts[heading]}${period ?? ''}`;
  const posted = texts.map((text) => /^掲載日[:：]?(.+)$/u.exec(text)?.[1]).find((text) => text !== undefined);
  const date = posted === undefined ? null : parseJapaneseDate(posted);
  return { title, published_on: date?.ok ? date.date : null };
}

/** Wrapped lines of one cell joined: the text is Japanese, where a line break is not a word break. */
function joinLines(lines: readonly string[] | undefined): string {
  return (lines ?? []).map((line) => line.trim()).join('');
}

function fold(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, '');
}
