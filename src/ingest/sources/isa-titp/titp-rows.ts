// The Immigration Services Agency's lists of actions under the Technical Intern Training Act, read from rows:
// one organisation per action date, whatever the number of rows it spans. The first row of an organisation
// names it; each following row adds one more certification or licence number and nothing else.
import { normaliseCompanyName } from '../../../domain/companies/names.js';
import { skippedRow, type SkippedRow } from '../../../domain/skipped-row.js';
import { cellText, readDate } from '../../parsers/cell-values.js';
import { foldCompact, foldWidth } from '../../../domain/text/text-fold.js';
import { excerpt } from '../../../domain/text/untrusted-text.js';

/** The columns of a list, found by the words of its header; the representative (a person) is never read. */
export interface TitpColumns {
  readonly name: number;
  readonly address: number | null;
  readonly number: number | null;
  readonly reason: number;
  readonly date: number;
}

/** One organisation's action as the list gives it, before it becomes a record. */
export interface TitpAction {
  /** The 1-based row the organisation is named on. */
  readonly row: number;
  readonly name: string;
  readonly address: string | null;
  readonly reason: string;
  readonly date: string;
  readonly numbers: string[];
}

export interface TitpRead {
  readonly actions: TitpAction[];
  readonly skipped: SkippedRow[];
  readonly warnings: string[];
  readonly problems: string[];
}

// 監理団体名, 実習実施者名 (and 氏名又は名称 in other years); 代表者名 is the representative, a person
const NAME = /(団体|実施者|法人|事業者|名称|氏名)名?$|^名称$/u;
const REPRESENTATIVE = /代表者/u;

/** The header row (within the first rows) and its columns, or null when no row has them. */
export function findTitpHeader(
  rows: readonly (readonly string[])[],
): { readonly index: number; readonly columns: TitpColumns } | null {
  for (const [index, row] of rows.slice(0, 15).entries()) {
    const cells = row.map((cell) => foldCompact(cell));
    const find = (test: (cell: string) => boolean) => {
      const at = cells.findIndex(test);
      return at === -1 ? null : at;
    };
    const name = find((c) => NAME.test(c) && !REPRESENTATIVE.test(c));
    const reason = find((c) => c.endsWith('理由'));
    const date = find((c) => c.endsWith('年月日') || c.endsWith('日付'));
    if (name === null || reason === null || date === null) continue;
    return {
      index,
      columns: {
        name,
        reason,
        date,
        address: find((c) => c.includes('所在地') || c.includes('住所')),
        number: find((c) => c.includes('番号')),
      },
    };
  }
  return null;
}

/** 認… a certification, 許… a licence, 変認… a changed certification (digits folded to half width first). */
const NUMBER = /^(変?認|許)?[0-9]{6,}$/u;

/** Groups the rows under the header into actions; a date in any form the lists use (serial, date cell, 和暦). */
export function readTitpRows(
  rows: readonly (readonly string[])[],
  header: { index: number; columns: TitpColumns },
): TitpRead {
  const { columns } = header;
  const actions: TitpAction[] = [];
  const byKey = new Map<string, TitpAction>();
  const skipped: SkippedRow[] = [];
  const warnings: string[] = [];
  const problems: string[] = [];
  let current: TitpAction | null = null;
  for (const [offset, cells] of rows.slice(header.index + 1).entries()) {
    const i = header.index + 1 + offset;
    const row = cells.map((cell) => cell.trim());
    const at = (column: number | null) => (column === null ? '' : (row[column] ?? ''));
    const rowNumber = i + 1;
    const name = cellText(at(columns.name));
    const number = numberOf(at(columns.number));
    if (name === '') {
      // a continuation row: one more number of the organisation above
      if (number !== null && current !== null) current.numbers.push(number);
      else if (row.some((cell) => cell !== '')) {
        skipped.push(skippedRow(rowNumber, 'names no organisation and holds no number to add to one', row));
      } else skipped.push(skippedRow(rowNumber, 'a blank row'));
      continue;
    }
    if (header.index + 1 < i && NAME.test(foldWidth(name)) && at(columns.date).includes('年月日')) {
      skipped.push(skippedRow(rowNumber, 'the header row repeated', row));
      continue;
    }
    const date = readDate(at(columns.date), { serial: true });
    const reason = at(columns.reason).replace(/\r\n?/gu, '\n').trim();
    if (!date.ok) problems.push(`row ${rowNumber}: ${columnWord(rows, header, columns.date)}: ${date.error}`);
    if (reason === '') problems.push(`row ${rowNumber}: 「${excerpt(name)}」 has no reason`);
    if (!date.ok || reason === '') continue;
    const key = `${normaliseCompanyName(name)}\u0000${date.date}`;
    const same = byKey.get(key);
    if (same !== undefined) {
      // the same organisation and date again (a reason over two rows, or a list split by hand): one record
      if (number !== null) same.numbers.push(number);
      current = same;
      continue;
    }
    const address = cellText(at(columns.address));
    current = {
      row: rowNumber,
      name,
      address: address === '' ? null : address,
      reason,
      date: date.date,
      numbers: number === null ? [] : [number],
    };
    actions.push(current);
    byKey.set(key, current);
  }
  return { actions, skipped, warnings, problems };
}

/** A certification (認…) or licence (許…) number as the list writes it, digits folded to half width. */
function numberOf(cell: string): string | null {
  const folded = foldCompact(cell);
  return NUMBER.test(folded) ? folded : null;
}

function columnWord(rows: readonly (readonly string[])[], header: { index: number }, column: number): string {
  return (rows[header.index]?.[column] ?? '').trim();
}
