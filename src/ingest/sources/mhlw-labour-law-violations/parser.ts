// The MHLW list of labour-law violations referred to prosecutors (「労働基準関係法令違反に係る公表事案」, PDF) read into enforcement records.
import type { EnforcementInput } from '../../../domain/records/record-input.js';
import { prefectureOfAddress } from '../../../domain/address-prefecture.js';
import { readDate } from '../../parsers/cell-values.js';
import { splitCitations } from '../../parsers/law-citations.js';
import { skippedRow, unreadableRuleBroken, type SkippedRow } from '../../../domain/skipped-row.js';
import { readMhlwPages, type MhlwRow } from './labour-rows.js';
import {
  budgetOf,
  parseFailure,
  unreadableRuleOf,
  type ParseContext,
  type ParseOutcome,
  type RecordOrigin,
} from '../../parsers/source-parser.js';
import { listPeriod } from '../../parsers/table-records.js';
import type { PdfPage } from '../../parsers/pdf-page.js';
import { PdfReadError, readPdfText } from '../../parsers/pdf-text.js';
import { foldCompact } from '../../../domain/text/text-fold.js';
import { excerpt } from '../../../domain/text/untrusted-text.js';

export const MHLW_LABOUR_SOURCE_ID = 'mhlw-labour-law-violations';
/** The list published on 令和元年8月30日, the copy in test/fixtures/government/mhlw. */
export const MHLW_LABOUR_LIST_URL = 'https://www.mhlw.go.jp/content/000534084.pdf';

/** Bytes of the ministry's PDF in, enforcement records (or one precise error) out. */
export async function parse(bytes: Uint8Array, context: ParseContext): Promise<ParseOutcome> {
  let pages: PdfPage[];
  try {
    pages = await readPdfText(bytes, budgetOf(context));
  } catch (error) {
    if (error instanceof PdfReadError)
      return parseFailure(`the MHLW labour-law violation list cannot be read: ${error.message}`);
    throw error;
  }
  return mhlwRecordsFromPages(pages, context);
}

/** The pure half: the PDF's positioned text and lines in, records out. A row that cannot be read is skipped alone. */
export function mhlwRecordsFromPages(pages: readonly PdfPage[], context: ParseContext): ParseOutcome {
  const read = readMhlwPages(pages);
  if (!read.ok)
    return parseFailure(`the MHLW labour-law violation list is not laid out as expected: ${read.error}`, [read.error]);
  if (read.rows.length === 0)
    return parseFailure(`the MHLW labour-law violation list's tables in its ${pages.length} pages hold no rows`);
  const source = {
    id: context.source.id,
    url: context.url,
    title: read.cover.title ?? context.source.title,
    published_on: read.cover.published_on ?? context.published_on ?? null,
    retrieved_at: context.retrieved_at,
  };
  const records: EnforcementInput[] = [];
  const origins: RecordOrigin[] = [];
  const skipped: SkippedRow[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  read.rows.forEach((row, i) => {
    const skip = (reason: string): void => {
      skipped.push(skippedRow(i + 1, reason, row.cells, row.page));
      problems.push(`row ${i + 1} (page ${row.page}, ${row.name || 'no name'}): ${reason}`);
    };
    if (row.cells.every((cell) => cell === '')) {
      skipped.push(skippedRow(i + 1, 'a blank row', null, row.page));
      return;
    }
    const built = recordOf(row, source);
    if (typeof built === 'string') return skip(built);
    // A company named twice on one day by one bureau stays two records, told apart by their order.
    const key = built.source_key ?? '';
    const repeat = (seen.get(key) ?? 0) + 1;
    seen.set(key, repeat);
    const record = repeat === 1 ? built : { ...built, source_key: `${key}#${repeat}` };
    records.push(record);
    origins.push({ row: i + 1, page: row.page });
  });
  const dataRows = read.rows.length - skipped.filter((row) => row.text === null).length;
  const broken = unreadableRuleBroken(problems.length, dataRows, unreadableRuleOf(context));
  if (broken !== null) {
    return parseFailure(
      `${problems.length} of the ${dataRows} rows of the MHLW labour-law violation list cannot be read, ${broken}; nothing was kept`,
      problems,
    );
  }
  const { headers } = read;
  return {
    ok: true,
    records,
    origins,
    columns: {
      company_name: headers.name,
      company_address: headers.address,
      date: headers.published,
      law: headers.laws,
      summary: headers.summary,
    },
    read_from: READ_FROM,
    period: listPeriod(records),
    skipped_rows: skipped,
    warnings: [],
  };
}

/** What no column holds, and where the parser reads it instead. */
const READ_FROM: Readonly<Record<string, string>> = {
  authority: 'the labour bureau (…労働局) named above each table, or the one before it on a page that names none',
  action_type: 'prosecution_referral for every row: the list is of the cases sent to prosecutors (送検)',
  prefecture_code: 'the prefecture the address begins with',
};

/** The record of one row, or what is wrong with the row. */
function recordOf(row: MhlwRow, source: EnforcementInput['source']): EnforcementInput | string {
  if (typeof row.bureau === 'string') return row.bureau;
  if (row.name === '') return 'the company name (企業・事業場名称) is blank';
  if (row.summary === '') return 'the summary (事案概要) is blank';
  // Some editions print an Excel date cell unformatted, as its day count (44578 for R4.1.17).
  const date = readDate(row.published, { serial: true });
  if (!date.ok) return `公表日 ${date.error}`;
  const citations = splitCitations(row.law_lines);
  if (citations.length === 0) return 'the law column (違反法条) is blank';
  // A title misspelt in the PDF (「労働安全衛生第21条」) beside a known one is kept as written in law_detail.
  const codes = [...new Set(citations.flatMap((c) => (c.law ? [c.law.code] : [])))];
  if (codes.length === 0)
    return `違反法条 cites no known law in ${citations.map((c) => `「${excerpt(c.text)}」`).join(', ')}`;
  const prefecture = prefectureOfAddress(row.address);
  const authority = row.bureau.code;
  return {
    kind: 'enforcement',
    // The case alone (bureau, 公表日, name), never its page or position: the same case keeps its key from
    // edition to edition.
    source_key: `${authority}:${date.date}:${keyName(row.name)}`,
    company: { name: row.name, corporate_number: null, address: row.address || null, prefecture_code: prefecture },
    authority,
    source,
    law: codes[0] ?? '',
    laws: codes,
    law_detail: citations.map((c) => c.text).join('、'),
    action_type: 'prosecution_referral',
    date: date.date,
    summary: row.summary,
  };
}

/** The name as a key part: NFKC and no white space, so a reprint that only changes widths keeps the key. */
function keyName(name: string): string {
  return foldCompact(name);
}
