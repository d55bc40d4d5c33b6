// One row of the NTA corporate-number CSV (30 columns, no header) decoded into a CompanyInput, or why not.
import { closeCauseFromNta } from '../../domain/companies/close-causes.js';
import type { CompanyAlias, CompanyInput } from '../../domain/companies/company.js';
import { parseCorporateNumber } from '../../domain/companies/corporate-number.js';
import { romanizeKana } from '../../domain/text/romanize.js';
import { cleanLine } from '../../domain/text/untrusted-text.js';
import { NAME_BOUND, overBoundWords } from '../../domain/records/text-bounds.js';
import { legalFormFromNta } from '../../domain/vocabularies/legal-forms.js';

const NTA_FIELD_COUNT = 30;

// 処理区分: 01 new, 11 name, 12 domestic address, 13 foreign address, 21 closure, 22 restoration,
// 71 absorbed another company by merger, 72 merger invalidated, 81 trade-name registration deleted, 99 deleted.
const NTA_PROCESSES = ['01', '11', '12', '13', '21', '22', '71', '72', '81', '99'] as const;
export type NtaProcess = (typeof NTA_PROCESSES)[number];

function isNtaProcess(code: string): code is NtaProcess {
  return NTA_PROCESSES.some((process) => process === code);
}

// 法人種別
const NTA_KINDS = new Set(['101', '201', '301', '302', '303', '304', '305', '399', '401', '499']);

export interface NtaRow {
  readonly line: number;
  /** True for the current state of the number (最新履歴 1); false for a history row. */
  readonly latest: boolean;
  readonly process: NtaProcess;
  /** True when the row corrects an earlier published row (訂正区分 1). */
  readonly correction: boolean;
  readonly changedOn: string;
  readonly company: CompanyInput;
}

export const NTA_ROW_ERROR_REASONS = [
  'field_count',
  'corporate_number',
  'successor_corporate_number',
  'date',
  'kind',
  'process',
  'latest',
  'name',
  'encoding',
  'too_long',
] as const;
export type NtaRowErrorReason = (typeof NTA_ROW_ERROR_REASONS)[number];

export interface NtaRowError {
  readonly line: number;
  readonly reason: NtaRowErrorReason;
  readonly message: string;
}

export type NtaRowResult =
  { readonly ok: true; readonly row: NtaRow } | { readonly ok: false; readonly error: NtaRowError };

class RowError extends Error {
  constructor(
    readonly reason: NtaRowErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** Decodes the fields of one CSV record found at `line` (1-based, where the record starts). */
export function parseNtaRow(fields: readonly string[], line: number): NtaRowResult {
  try {
    return { ok: true, row: decode(fields, line) };
  } catch (err) {
    if (err instanceof RowError)
      return { ok: false, error: { line, reason: err.reason, message: `line ${line}: ${err.message}` } };
    throw err;
  }
}

function decode(fields: readonly string[], line: number): NtaRow {
  if (fields.length !== NTA_FIELD_COUNT) {
    throw new RowError('field_count', `expected ${NTA_FIELD_COUNT} fields, found ${fields.length}`);
  }
  // iconv-lite writes U+FFFD for bytes that are not valid in the chosen encoding
  if (fields.some((f) => f.includes('\uFFFD')))
    throw new RowError('encoding', 'bytes that are not valid in the file encoding');
  const long = fields.findIndex((field) => field.length > NAME_BOUND.chars);
  if (long >= 0)
    throw new RowError('too_long', `field ${long + 1} is ${overBoundWords(fields[long]?.length ?? 0, NAME_BOUND)}`);
  // fields has NTA_FIELD_COUNT values (checked above), so every column asked for is there; each cleaned as a
  // record's single-line text is (record-validation.ts): a register's field is one line
  const f = (n: number): string => cleanLine(fields[n - 1] ?? '').trim();
  const opt = (n: number): string | null => {
    const value = f(n);
    return value === '' ? null : value;
  };

  const cn = parseCorporateNumber(f(2));
  if (!cn.ok || f(2) !== cn.number) {
    throw new RowError(
      'corporate_number',
      `corporate number ${JSON.stringify(f(2))} is ${!cn.ok && cn.reason === 'check_digit' ? 'not valid (check digit)' : 'not 13 digits'}`,
    );
  }
  const process = f(3);
  if (!isNtaProcess(process)) throw new RowError('process', `unknown process code ${JSON.stringify(process)}`);
  const latestField = f(24);
  if (latestField !== '0' && latestField !== '1')
    throw new RowError('latest', `latest must be 0 or 1, found ${JSON.stringify(latestField)}`);
  const kind = f(9);
  if (!NTA_KINDS.has(kind)) throw new RowError('kind', `unknown kind code ${JSON.stringify(kind)}`);
  const name = f(7);
  if (name === '') throw new RowError('name', 'empty name');

  const updatedOn = date(f(5), 'updateDate');
  const changedOn = date(f(6), 'changeDate');
  const closedOn = f(19) === '' ? null : date(f(19), 'closeDate');
  let successor: string | null = null;
  if (f(21) !== '') {
    const parsed = parseCorporateNumber(f(21));
    if (!parsed.ok)
      throw new RowError(
        'successor_corporate_number',
        `successor corporate number ${JSON.stringify(f(21))} is not valid`,
      );
    successor = parsed.number;
  }

  const kana = opt(29);
  const romanized = kana === null ? null : romanizeKana(kana);
  const aliases: CompanyAlias[] = romanized === null ? [] : [{ name: romanized, kind: 'romanized' }];
  const prefectureCode = opt(14);
  const cityCode = opt(15);

  const company: CompanyInput = {
    corporate_number: cn.number,
    name,
    name_kana: kana,
    name_en: opt(25),
    kind_code: kind,
    legal_form: legalFormFromNta(kind, name),
    address: {
      prefecture_code: prefectureCode,
      prefecture: opt(10),
      city: opt(11),
      // the 5-digit local-government code (prefecture + city), as authorities name designated cities
      city_code: prefectureCode !== null && cityCode !== null ? `${prefectureCode}${cityCode}` : null,
      street: opt(12),
      postal_code: opt(16),
      outside: opt(17),
      en: englishAddress(opt(27), opt(26), opt(28)),
    },
    // 71 is the surviving side of a merger (the absorbed company gets 21 with close cause 11), so only a
    // close date or a closure row closes the company.
    status: closedOn !== null || process === '21' ? 'closed' : 'active',
    closed_on: closedOn,
    close_cause: closeCauseFromNta(f(20)),
    successor_corporate_number: successor,
    updated_on: updatedOn,
    changed_on: changedOn,
    aliases,
  };
  return { line, latest: latestField === '1', process, correction: f(4) === '1', changedOn, company };
}

/** English addresses are written small-to-large: "2-7-3, Marunouchi, Chiyoda ku, Tokyo". */
function englishAddress(
  cityAndStreet: string | null,
  prefecture: string | null,
  outside: string | null,
): string | null {
  const domestic = [cityAndStreet, prefecture].filter((p): p is string => p !== null).join(', ');
  const parts = [domestic, outside ?? ''].filter((p) => p !== '');
  return parts.length === 0 ? null : parts.join('; ');
}

function date(value: string, field: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo)) return value;
  }
  throw new RowError('date', `${field} ${JSON.stringify(value)} is not a date (YYYY-MM-DD)`);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
