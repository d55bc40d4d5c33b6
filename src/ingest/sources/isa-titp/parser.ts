// The parser of the Immigration Services Agency's Excel lists of actions under the Technical Intern Training Act
// (技能実習法): certification revocations, licence revocations and improvement orders, one file per list or per
// fiscal year. Records are licence actions of the sector technical_intern_training; the action comes from the
// registry entry (`fixed.action_type`), never from the file's name.
import { oneLine } from '../../../domain/text/untrusted-text.js';
import { textOf } from '../../../lib/is-object.js';
import { normaliseCompanyName } from '../../../domain/companies/names.js';
import type { LicenseActionInput } from '../../../domain/records/record-input.js';
import { messageOf } from '../../../lib/error-of.js';
import { prefectureOfAddress } from '../../../domain/address-prefecture.js';
import { budgetOf, parseFailure, type ParseContext, type ParseOutcome } from '../../parsers/source-parser.js';
import { ParseBudgetError, type ParseBudget } from '../../parsers/parse-budget.js';
import { readWorkbookSheets } from '../../parsers/workbook-sheets.js';
import { listPeriod } from '../../parsers/table-records.js';
import { findTitpHeader, readTitpRows, type TitpAction, type TitpColumns } from './titp-rows.js';
import { foldCompact } from '../../../domain/text/text-fold.js';
import { excerpt } from '../../../domain/text/untrusted-text.js';

const SECTOR = 'technical_intern_training';

type Sheet = { readonly name: string; readonly rows: string[][] };

export async function parse(bytes: Uint8Array, context: ParseContext): Promise<ParseOutcome> {
  const actionType = context.source.fixed?.action_type;
  if (actionType === undefined)
    return parseFailure(`source '${context.source.id}' names no action type (fixed.action_type in the registry)`);
  let sheets: Sheet[];
  try {
    sheets = await readSheets(bytes, budgetOf(context));
  } catch (error) {
    if (error instanceof ParseBudgetError) throw error;
    return parseFailure(
      `the file is not a readable Excel workbook (is it truncated, or an HTML page?): ${messageOf(error)}`,
    );
  }
  const main = sheets.map((sheet) => ({ sheet, header: findTitpHeader(sheet.rows) })).find((s) => s.header !== null);
  if (main === undefined || main.header === null) {
    return parseFailure(
      `no sheet has the list's columns (the organisation's name, 処分理由 or 措置理由, 処分年月日 or 措置年月日); the sheets are ${sheets.map((s) => `「${excerpt(s.name)}」`).join(', ')}`,
    );
  }
  const read = readTitpRows(main.sheet.rows, main.header);
  if (read.problems.length > 0) {
    return parseFailure(
      `${read.problems.length} row(s) of sheet 「${excerpt(main.sheet.name)}」 could not be read; nothing was kept.`,
      read.problems,
    );
  }
  const warnings = [...read.warnings];
  for (const sheet of sheets) if (sheet !== main.sheet) warnings.push(...foldNumberSheet(sheet, read.actions));
  const records: LicenseActionInput[] = read.actions.map((action) => recordOf(action, actionType, context));
  const origins = read.actions.map((action) => ({ row: action.row }));
  const columns = headersOf(main.sheet.rows[main.header.index] ?? [], main.header.columns);
  return {
    ok: true,
    records,
    origins,
    columns,
    read_from: {
      sector_code: `${context.source.fixed?.sector_code ?? SECTOR} for every row`,
      nature: 'violation for every row',
      ...(columns.permit_number ? {} : { permit_number: 'the numbers a further sheet lists for one organisation' }),
    },
    period: listPeriod(records),
    skipped_rows: read.skipped,
    warnings,
  };
}

/** The header each field was read from, as the sheet prints it; the representative's column is never read. */
function headersOf(header: readonly string[], columns: TitpColumns): Record<string, string> {
  const at = (column: number | null) => (column === null ? [] : [oneLine(header[column] ?? '')]);
  const pairs = [
    ['company_name', at(columns.name)],
    ['company_address', at(columns.address)],
    ['permit_number', at(columns.number)],
    ['reason', at(columns.reason)],
    ['date', at(columns.date)],
  ] as const;
  return Object.fromEntries(pairs.flatMap(([field, [text]]) => (text === undefined ? [] : [[field, text]])));
}

function recordOf(action: TitpAction, actionType: string, context: ParseContext): LicenseActionInput {
  const { source } = context;
  const numbers = [...new Set(action.numbers)];
  return {
    kind: 'license_action',
    // the organisation and date identify the action in its list, whatever the row it stands on
    source_key: `titp:${normaliseCompanyName(action.name)}:${action.date}`,
    company: {
      name: action.name,
      address: action.address,
      prefecture_code: action.address === null ? null : prefectureOfAddress(action.address),
    },
    authority: source.publisher,
    source: {
      id: source.id,
      url: context.url,
      title: source.title,
      published_on: context.published_on ?? null,
      retrieved_at: context.retrieved_at,
    },
    sector_code: source.fixed?.sector_code ?? SECTOR,
    permits: numbers.map((number) => ({ sector_code: SECTOR, number })),
    action_type: actionType,
    nature: 'violation',
    date: action.date,
    reason_detail: action.reason,
  };
}

/**
 * A further sheet that lists one organisation's numbers (when they are too many for the main sheet) belongs to
 * that organisation's record: the sheet names it in its title or a cell. Returns warnings for what cannot be placed.
 */
function foldNumberSheet(sheet: Sheet, actions: readonly TitpAction[]): string[] {
  const numbers = sheet.rows
    .flat()
    .map((cell) => foldCompact(cell))
    .filter((cell) => /^(変?認|許)[0-9]{6,}$/u.test(cell));
  if (numbers.length === 0) return [];
  const texts = [sheet.name, ...sheet.rows.slice(0, 10).flat()]
    .map((t) => normaliseCompanyName(t))
    .filter((t) => t !== '');
  const named = actions.filter((a) => texts.some((t) => t.includes(normaliseCompanyName(a.name))));
  const [action, ...others] = named;
  if (action === undefined || others.length > 0) {
    const why =
      action === undefined ? 'names no organisation of the list' : `names ${named.length} actions of the list`;
    return [`sheet 「${excerpt(sheet.name)}」 lists ${numbers.length} numbers but ${why}; they were left out`];
  }
  action.numbers.push(...numbers);
  return [];
}

/** Every sheet as rows of text cells; Excel date cells and serials come out as day counts, read as dates later. */
async function readSheets(bytes: Uint8Array, budget: ParseBudget): Promise<Sheet[]> {
  const sheets = await readWorkbookSheets(bytes, budget, { cellDates: false, defval: null });
  return sheets.map(({ name, rows }) => ({
    name,
    rows: rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : textOf(cell)))),
  }));
}
