// The record kind a table's columns and values make: a permit number or a sector (a licence action), an action only a
// licence or only an enforcement takes, a suspension's days in an action's words, a period (a procurement suspension).
// Pure.
import type { RecordKind } from '../../domain/records/record.js';
import { enforcementActionTypes, licenseActionTypes } from '../../domain/vocabularies/enums.js';
import { foldCompact } from '../../domain/text/text-fold.js';
import type { MappedField } from '../parsers/column-mapping.js';
import { distinctValues, restOf } from './value-codes.js';
import { codeOfWords } from './vocabulary-words.js';

export interface KindFound {
  readonly kind: RecordKind;
  /** Why, in words that end a sentence begun 'record kind: X, as …'. */
  readonly why: string;
}

/** What the table holds that the kind turns on. */
export interface KindClues {
  readonly columns: ReadonlyMap<MappedField, number>;
  readonly headers: readonly string[];
  /** The action column's cells, where it has one. */
  readonly actions: readonly string[];
  /** The text above the header and the table's caption: 「指名停止措置一覧」, 「監督処分」. */
  readonly title: string;
}

const SUSPENSION_WORDS = /指名停止|入札参加停止|入札参加資格停止|取引停止|競争参加資格停止/u;
/** The actions both kinds take that act on a licence, permit or registration (指示 and 警告 say nothing of one). */
const ON_A_LICENCE: ReadonlySet<string> = new Set([
  'license_revocation',
  'registration_revocation',
  'business_suspension_order',
  'operations_suspension_order',
]);

/** The kind asked for, else the one the clues make, with why. */
export function recordKindOf(clues: KindClues, asked: RecordKind | undefined): KindFound {
  if (asked !== undefined) return { kind: asked, why: 'asked for with --kind' };
  const header = (field: MappedField) => `「${clues.headers[clues.columns.get(field) ?? -1] ?? ''}」`;
  // a licence action may have a period (営業停止の期間); a suspension list names no permit
  if (clues.columns.has('permit_number'))
    return { kind: 'license_action', why: `it has a permit number column (${header('permit_number')})` };
  if (clues.columns.has('sector'))
    return { kind: 'license_action', why: `it has a sector column (${header('sector')})` };
  const actions = actionClues(clues.actions);
  if (actions.licence !== null) return { kind: 'license_action', why: actions.licence };
  if (actions.enforcement !== null) return { kind: 'enforcement', why: actions.enforcement };
  const suspended = [clues.title, ...clues.headers, ...clues.actions].find((t) =>
    SUSPENSION_WORDS.test(foldCompact(t)),
  );
  if (suspended !== undefined)
    return { kind: 'procurement_suspension', why: `it speaks of suspensions from bidding (「${suspended.trim()}」)` };
  if (clues.columns.has('period') || clues.columns.has('period_from'))
    return {
      kind: 'procurement_suspension',
      why: `it has a period column (${header(clues.columns.has('period') ? 'period' : 'period_from')}) and no permit number`,
    };
  if (actions.either !== null) return { kind: 'license_action', why: actions.either };
  return {
    kind: 'enforcement',
    why: 'nothing in it says otherwise: no permit number, sector or period column, no action word of a licence or a suspension',
  };
}

/**
 * What the action values say of the kind: an action only licence actions take (改善命令, 使用停止, 認定の取消し) or a
 * business suspended for a number of days (「営業停止（7日間）」); one only enforcements take (勧告, 送検, 措置命令);
 * one of a licence both take (許可の取消し, 営業停止, 指示), weaker than a period column.
 */
function actionClues(cells: readonly string[]): {
  licence: string | null;
  enforcement: string | null;
  either: string | null;
} {
  let licence: string | null = null;
  let enforcement: string | null = null;
  let either: string | null = null;
  for (const { value } of distinctValues(cells)) {
    const asLicence = codeOfWords(value, licenseActionTypes);
    const asEnforcement = codeOfWords(value, enforcementActionTypes);
    if (asLicence.kind === 'code' && restOf(asLicence.rest).kind === 'length')
      licence ??= `its actions suspend a business for a number of days (「${value}」)`;
    else if (asLicence.kind === 'code' && asEnforcement.kind !== 'code')
      licence ??= `its actions include one only a licence takes (「${value}」: ${asLicence.code})`;
    else if (asEnforcement.kind === 'code' && asLicence.kind !== 'code')
      enforcement ??= `its actions include one only an enforcement takes (「${value}」: ${asEnforcement.code})`;
    else if (asLicence.kind === 'code' && ON_A_LICENCE.has(asLicence.code))
      either ??= `its actions act on a licence, permit or registration (「${value}」: ${asLicence.code})`;
  }
  return { licence, enforcement, either };
}
