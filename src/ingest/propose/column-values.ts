// What a column's values say it holds, whatever its header calls it: dates (ISO, 令和7年3月14日, R7.3.14, H31.4.1),
// periods, Corporate Numbers, permit numbers, addresses, companies, actions, laws, sectors. What `sources propose` maps
// a column by where its header names no field (an English header, a header of its own words). Pure.
import { oneLine } from '../../domain/text/untrusted-text.js';
import { analyseCompanyName } from '../../domain/companies/names.js';
import { parseCorporateNumber } from '../../domain/companies/corporate-number.js';
import { prefectureOfAddress } from '../../domain/address-prefecture.js';
import { impliedPrefecture } from '../../domain/implied-prefecture.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { enforcementActionTypes, licenseActionTypes, sectors } from '../../domain/vocabularies/enums.js';
import { periodLength } from '../../domain/wareki.js';
import { readDate, readPeriod } from '../parsers/cell-values.js';
import type { MappedField } from '../parsers/column-mapping.js';
import { splitCitations } from '../parsers/law-citations.js';
import { codeOfWords } from './vocabulary-words.js';

/** The fields a column's values alone can tell. */
export type ValueField = Extract<
  MappedField,
  | 'date'
  | 'period'
  | 'corporate_number'
  | 'record_url'
  | 'permit_number'
  | 'company_address'
  | 'authority'
  | 'law'
  | 'action_type'
  | 'sector'
  | 'company_name'
>;

/** The share of a column's filled cells that must read as one field for the column to be that field. */
const MOST = 0.8;
/** Company names: a sole proprietor's name has no legal form, so half the cells with one make a column of companies. */
const HALF = 0.5;
/** How many filled cells of a column are read: a column's kind shows in its first rows. */
const SAMPLE = 200;

// 「国土交通大臣許可（特-4）第67890号」, 「大阪府知事（3）第12345号」, 「第12345号」
const PERMIT = /第[0-9]+(?:-[0-9]+)?号|(?:大臣|知事)(?:許可|登録|免許)?\([^)]{1,8}\)/u;
const URL_CELL = /^https?:\/\/\S+$/u;

// Each field with what a cell of it is, tried in this order: the narrowest forms first, so that a date is not taken
// for an action's words and a law's title (建設業法) not for its sector's (建設業).
const READS: readonly (readonly [ValueField, (cell: string) => boolean, number])[] = [
  ['record_url', (cell) => URL_CELL.test(cell), MOST],
  ['corporate_number', (cell) => parseCorporateNumber(cell).ok, MOST],
  ['date', (cell) => readDate(cell).ok, MOST],
  ['period', (cell) => readPeriod(cell).ok, MOST],
  ['permit_number', (cell) => PERMIT.test(cell.normalize('NFKC').replace(/\s+/gu, '')), MOST],
  ['company_address', (cell) => (prefectureOfAddress(cell) ?? impliedPrefecture(cell)) !== null, MOST],
  ['authority', (cell) => authorities.resolve(cell) !== undefined, MOST],
  ['law', (cell) => splitCitations(cell.split('\n')).some((c) => c.law !== undefined), MOST],
  ['action_type', isActionWords, MOST],
  ['sector', (cell) => codeOfWords(cell, sectors).kind === 'code', MOST],
  ['company_name', (cell) => analyseCompanyName(cell).legalForm !== null, HALF],
];

/** An action's words in either kind's vocabulary (営業停止, 排除措置命令, 許可の取消し). */
function isActionWords(cell: string): boolean {
  return (
    codeOfWords(cell, enforcementActionTypes).kind === 'code' || codeOfWords(cell, licenseActionTypes).kind === 'code'
  );
}

/** The filled cells of a column, its first SAMPLE, white space made one space. */
function filledCells(cells: readonly string[]): string[] {
  return cells
    .map(oneLine)
    .filter((cell) => cell !== '')
    .slice(0, SAMPLE);
}

/** The field a column's values say it is (most of its filled cells read as one), or null. */
export function fieldOfValues(cells: readonly string[]): ValueField | null {
  const filled = filledCells(cells);
  if (filled.length === 0) return null;
  for (const [field, reads, share] of READS) if (mostRead(filled, reads, share)) return field;
  return null;
}

/** Whether at least `share` of the cells read as a field; it stops as soon as too many have not (a column of text). */
function mostRead(cells: readonly string[], reads: (cell: string) => boolean, share: number): boolean {
  const allowed = cells.length - Math.ceil(cells.length * share);
  let missed = 0;
  for (const cell of cells) if (!reads(cell) && ++missed > allowed) return false;
  return true;
}

/** Whether a header cell is itself a value of the field: a data row or a title row is no header. */
export function isValueOf(field: ValueField, header: string): boolean {
  return READS.some(([f, reads]) => f === field && reads(header));
}

/** A period column whose cells are lengths alone (「7日間」): no first day, so no period can be read from it. */
export function holdsLengthsOnly(cells: readonly string[]): boolean {
  const filled = filledCells(cells);
  return filled.length > 0 && filled.filter((cell) => periodLength(cell) !== null).length >= filled.length * MOST;
}
