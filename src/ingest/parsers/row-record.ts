// One table row read into a record of the source's kind, through the column mapping; problems name row and column.
import { prefectureOfAddress } from '../../domain/address-prefecture.js';
import { classifyLicenseNature } from '../../domain/records/classify-license-nature.js';
import { classifyProcurementReason } from '../../domain/records/classify-procurement-reason.js';
import { parseCorporateNumber } from '../../domain/companies/corporate-number.js';
import type { CompanyRefInput, RecordInput } from '../../domain/records/record-input.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { enforcementActionTypes, licenseActionTypes, sectors } from '../../domain/vocabularies/enums.js';
import type { Vocabulary } from '../../domain/vocabulary.js';
import { codeFromWords, readDate, readPeriod, readPeriodEnd, type DateOptions } from './cell-values.js';
import { isMappedField, type ColumnMapping, type MappedField } from './column-mapping.js';
import { boundOf, overBoundWords } from '../../domain/records/text-bounds.js';
import { splitCitations } from './law-citations.js';
import { firstDateAt, normaliseDateText } from '../../domain/wareki.js';
import { excerpt } from '../../domain/text/untrusted-text.js';
import type { ParseContext } from './source-parser.js';

/** A row's cells by field, with the header each came from for messages. */
export interface RowCells {
  readonly row: number;
  get(field: MappedField): string | undefined;
  header(field: MappedField): string;
}

export type RowRead = { readonly record: RecordInput; readonly warnings: string[] } | { readonly problems: string[] };

export function readRow(cells: RowCells, mapping: ColumnMapping, context: ParseContext, dates: DateOptions): RowRead {
  const tooLong = cellsOverBound(cells, Object.keys(mapping.columns).filter(isMappedField));
  if (tooLong.length > 0) return { problems: tooLong };
  const read = cellReader(cells, dates);
  const warnings: string[] = [];
  const common = {
    company: companyOf(cells, warnings, read.required('company_name')),
    authority: authorityOf(cells, context, read.problems, read.at),
    source: {
      id: context.source.id,
      // the row's own page where it has one (a press release); a bad address fails the row, never the list's
      url: cells.get('record_url') || context.url,
      title: context.source.title,
      published_on: context.published_on ?? null,
      retrieved_at: context.retrieved_at,
    },
  };
  const kindRecord = RECORD_OF_KIND[context.source.record_kind](read, common, mapping);
  const record =
    mapping.source_key === undefined ? kindRecord : { ...kindRecord, source_key: keyOf(cells, mapping.source_key) };
  return read.problems.length > 0 ? { problems: read.problems } : { record, warnings };
}

/** The record field each column feeds, by whose bound its cell is held (text-bounds.ts); a name's otherwise. */
const BOUND_FIELD: Partial<Record<MappedField, string>> = {
  summary: 'summary',
  reason: 'reason_detail',
  law: 'law_detail',
  record_url: 'url',
};

/**
 * A problem for each cell longer than the field it feeds may be, naming its column and the bound: found before the
 * row is read, so that a cell of megabytes is never carried into a record.
 */
function cellsOverBound(cells: RowCells, fields: readonly MappedField[]): string[] {
  return fields.flatMap((field) => {
    const length = cells.get(field)?.length ?? 0;
    const bound = boundOf(BOUND_FIELD[field] ?? 'name');
    return length <= bound.chars
      ? []
      : [`column 「${excerpt(cells.header(field))}」: ${overBoundWords(length, bound)}`];
  });
}

/** The record's key within its source, from the cells of the fields the mapping names (`source_key`). */
function keyOf(cells: RowCells, fields: readonly MappedField[]): string {
  return `cells:${JSON.stringify(fields.map((field) => cells.get(field) ?? ''))}`;
}

/** A row's cells read into values, each problem noted with its column (the table reader puts the row before it). */
interface CellReader {
  readonly cells: RowCells;
  readonly dates: DateOptions;
  readonly problems: string[];
  readonly at: (field: MappedField) => string;
  /** The cell's text; a blank one is a problem. */
  readonly required: (field: MappedField) => string;
  /** The cell's date; a blank or unreadable one is a problem. */
  readonly date: (field: MappedField) => string;
  /** The code the cell's words name (the mapping's words first, then the vocabulary's), or the fixed value of a blank cell. */
  readonly coded: (
    field: MappedField,
    vocabulary: Vocabulary,
    pairs: readonly (readonly [string, string])[],
    fixed?: string,
  ) => string;
}

function cellReader(cells: RowCells, dates: DateOptions): CellReader {
  const problems: string[] = [];
  const at = (field: MappedField) => `column 「${excerpt(cells.header(field))}」`;
  const required = (field: MappedField): string => {
    const value = cells.get(field) ?? '';
    if (value === '') problems.push(`${at(field)}: the cell is blank`);
    return value;
  };
  return {
    cells,
    dates,
    problems,
    at,
    required,
    date: (field) => {
      const text = required(field);
      if (text === '') return '';
      const parsed = readDate(text, dates);
      if (parsed.ok) return parsed.date;
      problems.push(`${at(field)}: ${parsed.error}`);
      return '';
    },
    coded: (field, vocabulary, pairs, fixed) => {
      const text = cells.get(field) ?? '';
      if (text === '') {
        if (fixed !== undefined) return fixed;
        problems.push(`${at(field)}: the cell is blank`);
        return '';
      }
      const code = codeFromWords(text, pairs) ?? vocabulary.resolve(text)?.code;
      if (code === undefined)
        problems.push(
          `${at(field)}: '${excerpt(text)}' names no known ${vocabulary.field} (add its words to the mapping)`,
        );
      return code ?? '';
    },
  };
}

/** What every kind's record takes from a row alike. */
type Common = Pick<RecordInput, 'company' | 'authority' | 'source'>;

const RECORD_OF_KIND: Readonly<
  Record<RecordInput['kind'], (read: CellReader, common: Common, mapping: ColumnMapping) => RecordInput>
> = {
  procurement_suspension(read, common, mapping) {
    const reasonText = read.required('reason');
    const liftedText = read.cells.get('lifted_on') ?? '';
    const lifted = liftedText === '' ? null : read.date('lifted_on');
    return {
      kind: 'procurement_suspension',
      ...common,
      reason: classifyProcurementReason(reasonText),
      reason_detail: reasonText,
      period: periodOf(read),
      scope: read.cells.get('scope') || mapping.fixed?.scope || null,
      ...(lifted ? { status: 'lifted', lifted_on: lifted } : {}),
    };
  },
  license_action(read, common, mapping) {
    const { cells } = read;
    const sector = read.coded('sector', sectors, mapping.sectors ?? [], mapping.fixed?.sector_code);
    const actionType = read.coded(
      'action_type',
      licenseActionTypes,
      mapping.action_types ?? [],
      mapping.fixed?.action_type,
    );
    const reason = cells.get('reason') || null;
    const permit = cells.get('permit_number');
    return {
      kind: 'license_action',
      ...common,
      sector_code: sector,
      ...(permit ? { permits: [{ sector_code: sector, number: permit }] } : {}),
      action_type: actionType,
      nature: classifyLicenseNature(`${reason ?? ''} ${cells.get('action_type') ?? ''}`),
      date: read.date('date'),
      period: hasDate(cells.get('period')) ? periodOf(read) : null,
      reason_detail: reason,
    };
  },
  enforcement(read, common, mapping) {
    const lawText = read.cells.get('law') ?? '';
    const laws = lawsOf(lawText);
    const fixedLaw = mapping.fixed?.law;
    if (lawText !== '' && laws.length === 0 && fixedLaw === undefined)
      read.problems.push(`${read.at('law')}: '${excerpt(lawText)}' names no known law`);
    const law = laws[0] ?? fixedLaw ?? '';
    if (law === '' && lawText === '') read.problems.push(`${read.at('law')}: the cell is blank`);
    return {
      kind: 'enforcement',
      ...common,
      law,
      laws: laws.length > 0 ? laws : [law],
      law_detail: lawText || null,
      action_type: read.coded(
        'action_type',
        enforcementActionTypes,
        mapping.action_types ?? [],
        mapping.fixed?.action_type,
      ),
      date: read.date('date'),
      summary: read.required('summary'),
    };
  },
};

function companyOf(cells: RowCells, warnings: string[], name: string): CompanyRefInput {
  const address = cells.get('company_address') || null;
  const company: { -readonly [K in keyof CompanyRefInput]: CompanyRefInput[K] } = { name };
  if (address) {
    company.address = address;
    company.prefecture_code = prefectureOfAddress(address);
  }
  const number = cells.get('corporate_number');
  if (number) {
    const parsed = parseCorporateNumber(number);
    // A mistyped number is dropped, never corrected: the record stays unlinked rather than linked wrongly.
    if (parsed.ok) company.corporate_number = parsed.number;
    else
      warnings.push(
        `row ${cells.row}: corporate number '${excerpt(number)}' of ${excerpt(name)} is not valid (${parsed.reason}); left out`,
      );
  }
  return company;
}

function authorityOf(
  cells: RowCells,
  context: ParseContext,
  problems: string[],
  at: (f: MappedField) => string,
): string {
  const text = cells.get('authority');
  if (!text) return context.source.publisher;
  const term = authorities.resolve(text);
  if (!term) problems.push(`${at('authority')}: '${excerpt(text)}' is not a known authority`);
  return term?.code ?? context.source.publisher;
}

function periodOf({ cells, dates, problems, at }: CellReader): { from: string; to: string | null } {
  const whole = cells.get('period');
  if (whole !== undefined) {
    if (whole === '') {
      problems.push(`${at('period')}: the cell is blank`);
      return { from: '', to: null };
    }
    const parsed = readPeriod(whole, dates);
    if (parsed.ok) return { from: parsed.period.from, to: parsed.period.to };
    problems.push(`${at('period')}: ${parsed.error}`);
    return { from: '', to: null };
  }
  const fromText = cells.get('period_from') ?? '';
  const from = fromText === '' ? null : readDate(fromText, dates);
  if (from === null) problems.push(`${at('period_from')}: the cell is blank`);
  else if (!from.ok) problems.push(`${at('period_from')}: ${from.error}`);
  const to = readPeriodEnd(cells.get('period_to') ?? '', dates);
  if (!to.ok) problems.push(`${at('period_to')}: ${to.error}`);
  return { from: from?.ok ? from.date : '', to: to.ok ? to.date : null };
}

/**
 * Whether a licence action's period cell gives a period to read: one with a date. A licence action may have none
 * (an 指示), and its period may be read from the column of its action's words (「営業停止（令和7年5月26日～…）」,
 * 「指示処分」): a cell with no date in it is no period, and no error.
 */
function hasDate(text: string | undefined): boolean {
  return text !== undefined && firstDateAt(normaliseDateText(text)) >= 0;
}

/** The known laws a law cell cites, in order (「労働基準法第32条、労働安全衛生法第100条」); what names none is left out. */
function lawsOf(text: string): string[] {
  const codes = splitCitations(text.split('\n')).flatMap((c) => (c.law === undefined ? [] : [c.law.code]));
  return [...new Set(codes)];
}
