// The MHLW list of labour-law violations referred to prosecutors (「労働基準関係法令違反に係る公表事案」, PDF) read into enforcement records.
import type { EnforcementInput } from '../../domain/record-input.js';
import { validateRecordLine } from '../../domain/record-validation.js';
import { prefectureByName } from '../../domain/vocabularies/prefectures.js';
import { parseJapaneseDate } from '../../domain/wareki.js';
import { splitCitations } from './law-citations.js';
import { readMhlwPages, type MhlwCover, type MhlwRow } from './mhlw-labour-rows.js';
import { parseFailure, type ParseContext, type ParseOutcome } from './source-parser.js';
import { TableLayoutError, type PdfPage } from './pdf-table.js';
import { PdfReadError, readPdfText } from './pdf-text.js';

export const MHLW_LABOUR_SOURCE_ID = 'mhlw-labour-law-violations';
/** The list published on 令和元年8月30日, the copy in shared/data/mhlw. */
export const MHLW_LABOUR_LIST_URL = 'https://www.mhlw.go.jp/content/000534084.pdf';

/** Bytes of the ministry's PDF in, enforcement records (or one precise error) out. */
export async function parseMhlwLabourViolationsPdf(bytes: Uint8Array, context: ParseContext): Promise<ParseOutcome> {
  let pages: PdfPage[];
  try {
    pages = await readPdfText(bytes);
  } catch (error) {
    if (error instanceof PdfReadError) return parseFailure(`the MHLW labour-law violation list cannot be read: ${error.message}`);
    throw error;
  }
  return mhlwRecordsFromPages(pages, context);
}

/** The pure half: the PDF's positioned text in, records out. */
export function mhlwRecordsFromPages(pages: readonly PdfPage[], context: ParseContext): ParseOutcome {
  let read: { cover: MhlwCover; rows: readonly MhlwRow[] };
  try {
    read = readMhlwPages(pages);
  } catch (error) {
    if (error instanceof TableLayoutError) {
      return parseFailure(`the MHLW labour-law violation list is not laid out as expected: ${error.message}`, [error.message]);
    }
    throw error;
  }
  if (read.rows.length === 0) {
    return parseFailure(`no labour bureau table found in the PDF's ${pages.length} pages: the header row (企業・事業場名称, 所在地, 公表日, …) is on none of them`);
  }
  const source = {
    id: context.source.id,
    url: context.url,
    title: read.cover.title ?? context.source.title,
    published_on: read.cover.published_on ?? context.published_on ?? null,
    retrieved_at: context.retrieved_at,
  };
  const records: EnforcementInput[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const row of read.rows) {
    const where = `page ${row.page}, ${row.bureau} row ${row.index} (${row.name || 'no name'})`;
    const built = recordOf(row, source);
    if (typeof built === 'string') {
      problems.push(`${where}: ${built}`);
      continue;
    }
    // A company named twice on one day by one bureau stays two records, told apart by their order.
    const key = built.source_key ?? '';
    const repeat = (seen.get(key) ?? 0) + 1;
    seen.set(key, repeat);
    const record = repeat === 1 ? built : { ...built, source_key: `${key}#${repeat}` };
    const valid = validateRecordLine(record, records.length + 1);
    if (valid.ok) records.push(record);
    else problems.push(...valid.errors.map((e) => `${where}: ${e.replace(/^line \d+: /u, '')}`));
  }
  if (problems.length > 0) {
    return parseFailure(`${problems.length} of the ${read.rows.length} rows of the MHLW labour-law violation list cannot be read`, problems);
  }
  const dates = records.map((r) => r.date).sort();
  return {
    ok: true,
    records,
    period: { from: dates[0] ?? '', to: dates.at(-1) ?? '' },
    skipped_rows: [],
    warnings: [],
  };
}

/** The record of one row, or what is wrong with the row. */
function recordOf(row: MhlwRow, source: EnforcementInput['source']): EnforcementInput | string {
  if (row.name === '') return 'the company name (企業・事業場名称) is blank';
  if (row.summary === '') return 'the summary (事案概要) is blank';
  const date = parseJapaneseDate(row.published);
  if (!date.ok) return `公表日 ${date.error}`;
  const citations = splitCitations(row.law_lines);
  if (citations.length === 0) return 'the law column (違反法条) is blank';
  const unknown = citations.filter((c) => c.law === undefined).map((c) => `「${c.text}」`);
  if (unknown.length > 0) return `違反法条 cites no known law in ${unknown.join(', ')}`;
  const codes = [...new Set(citations.map((c) => c.law?.code ?? ''))];
  const prefecture = prefectureOfAddress(row.address);
  return {
    kind: 'enforcement',
    source_key: `${row.authority}:${date.date}:${keyName(row.name)}`,
    company: { name: row.name, corporate_number: null, address: row.address || null, prefecture_code: prefecture },
    authority: row.authority,
    source,
    law: codes[0] ?? '',
    laws: codes,
    law_detail: citations.map((c) => c.text).join('、'),
    action_type: 'prosecution_referral',
    date: date.date,
    summary: row.summary,
  };
}

/** The prefecture an address starts with (北海道札幌市北区 → 01), or null: 都道府県 names are 2 to 3 characters and a suffix. */
export function prefectureOfAddress(address: string): string | null {
  const match = /^(北海道|東京都|(?:京都|大阪)府|.{2,3}県)/u.exec(address.normalize('NFKC').trim());
  return match ? (prefectureByName(match[1] ?? '')?.code ?? null) : null;
}

/** The name as a key part: NFKC and no white space, so a reprint that only changes widths keeps the key. */
function keyName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/gu, '');
}
