// A parser's records made ready to store, by the pipeline for every source: each linked to a company where exactly
// one fits, then validated, once. A record that does not validate is left out as an unreadable row, naming its row.
import type { RecordInput } from '../../domain/records/record-input.js';
import { validateRecord } from '../../domain/records/record-validation.js';
import type { ValidRecord } from '../../domain/records/record.js';
import {
  DEFAULT_UNREADABLE_RULE,
  skippedRow,
  unreadableRuleBroken,
  type SkippedRow,
  type UnreadableRule,
} from '../../domain/skipped-row.js';
import { recordId } from '../../domain/records/record-id.js';
import {
  decideLink,
  linkSubject,
  NO_NAMESAKES,
  placeOf,
  type LinkDecision,
  type LinkOutcome,
  type Namesakes,
} from '../../domain/companies/link-company.js';
import type { RecordOrigin } from '../parsers/source-parser.js';

/** How the records' companies were linked: given by the source, matched by name and address, or left unlinked. */
export interface LinkCounts {
  readonly source: number;
  readonly linked: number;
  readonly ambiguous: number;
  readonly unmatched: number;
}

export type Prepared =
  | {
      readonly ok: true;
      readonly records: readonly ValidRecord[];
      readonly links: LinkCounts;
      /**
       * Why each record was linked where more than its name and city decided it (an office named, a legal form
       * changed, the one company of the name in the prefecture), and why each ambiguous one was not.
       */
      readonly link_notes: readonly string[];
      /** Where each kept record was read, by index. */
      readonly origins: readonly RecordOrigin[];
      /** The records left out, as skipped rows with the reasons: they do not validate, or repeat a row. */
      readonly unreadable: readonly SkippedRow[];
      /** The rows kept under a key of their own, as they shared one with another row. */
      readonly warnings: readonly string[];
      /** The records left out as the same record read again (from another file of the list: 'keep_first'). */
      readonly repeated: number;
    }
  | { readonly ok: false; readonly error: string; readonly problems: readonly string[] };

/** A parser's records, with the row each was read from where the parser says (its position in the list otherwise). */
export interface ParsedRecords {
  readonly records: readonly RecordInput[];
  readonly origins?: readonly RecordOrigin[];
}

/**
 * `duplicates`: 'by_row', for a list of one file: a row the same as an earlier one, field for field, is kept once
 * and reported as a skipped row; a row that shares its key (its id) with an earlier one but differs is kept under a
 * key of its own (the key, '#' and its count: `…#2`) and a warning says so. 'keep_first', for a list of several
 * files: the first record of each id is kept (the same record read from two files) and only the kept ones counted.
 * The list fails when its records that do not validate pass `rule`, as a parser's list does for rows it cannot read.
 */
export function prepareRecords(
  parsed: ParsedRecords,
  sourceId: string,
  namesakes: (nameKey: string, prefectureCode: string) => Namesakes,
  duplicates: 'by_row' | 'keep_first' = 'by_row',
  rule: UnreadableRule = DEFAULT_UNREADABLE_RULE,
): Prepared {
  const counts: Record<LinkOutcome | 'source', number> = { source: 0, linked: 0, ambiguous: 0, unmatched: 0 };
  const notes = new Set<string>();
  const seen = new Map<string, FirstOfId>();
  const records: ValidRecord[] = [];
  const kept: RecordOrigin[] = [];
  const unreadable: SkippedRow[] = [];
  const problems: string[] = [];
  const warnings: string[] = [];
  let invalid = 0;
  let again = 0;
  parsed.records.forEach((input, index) => {
    const origin = parsed.origins?.[index] ?? { row: index + 1 };
    const where = placeName(origin);
    const valid = linkedRecord(input, sourceId, namesakes);
    if (!valid.ok) {
      invalid++;
      problems.push(`${where}: ${valid.errors.join('; ')}`);
      unreadable.push(skippedAt(origin, `unreadable: ${valid.errors.join('; ')}`));
      return;
    }
    const first = seen.get(valid.record.id);
    if (first === undefined) seen.set(valid.record.id, { where, text: JSON.stringify(valid.record), count: 1 });
    else if (duplicates === 'keep_first') {
      again++;
      return;
    }
    const record = first === undefined ? valid.record : ownKey(valid.record, first);
    if (typeof record === 'string') {
      unreadable.push(skippedAt(origin, record));
      return;
    }
    if (first !== undefined)
      warnings.push(
        `${where}: shares its key with ${first.where} but differs: kept as a record of its own, key '…#${first.count}' (a mapping's source_key tells such rows apart by a column)`,
      );
    counts[valid.outcome]++;
    if (valid.note !== null) notes.add(valid.note);
    records.push(record);
    kept.push(origin);
  });
  const broken = unreadableRuleBroken(invalid, parsed.records.length, rule);
  if (broken !== null)
    return {
      ok: false,
      error: `${invalid} of ${parsed.records.length} records do not validate, ${broken}; nothing was kept`,
      problems,
    };
  const prepared = { records, origins: kept, links: counts, link_notes: [...notes], unreadable, warnings };
  return { ok: true, ...prepared, repeated: again };
}

/** The first record of an id in a list: where it was read, its content, and how many of the id were kept. */
interface FirstOfId {
  readonly where: string;
  readonly text: string;
  count: number;
}

/**
 * A record whose id an earlier one of the list has: the reason to skip it when it is that record again, field for
 * field; else the record under a key of its own, its key followed by its count (`…#2`).
 */
function ownKey(record: ValidRecord, first: FirstOfId): ValidRecord | string {
  if (JSON.stringify(record) === first.text) return `the same row as ${first.where}, kept once`;
  first.count++;
  const key = `${record.source_key}#${first.count}`;
  return { ...record, source_key: key, id: recordId(record.kind, record.source.id, key) };
}

function skippedAt(origin: RecordOrigin, reason: string): SkippedRow {
  const row = skippedRow(origin.row, reason, null, origin.page ?? null);
  return origin.file ? { ...row, file: origin.file } : row;
}

/** 'row 12', 'row 12 (page 3)', 'row 12 of list-2024.pdf'. */
function placeName(origin: RecordOrigin): string {
  const page = origin.page != null ? ` (page ${origin.page})` : '';
  return `row ${origin.row}${page}${origin.file ? ` of ${origin.file}` : ''}`;
}

type LinkedRecord =
  | {
      readonly ok: true;
      readonly record: ValidRecord;
      readonly outcome: LinkOutcome | 'source';
      readonly note: string | null;
    }
  | { readonly ok: false; readonly errors: readonly string[] };

/** The record linked, then validated with the source's id. */
function linkedRecord(
  input: RecordInput,
  sourceId: string,
  namesakes: (nameKey: string, prefectureCode: string) => Namesakes,
): LinkedRecord {
  if (input.source.id !== undefined && input.source.id !== sourceId)
    return { ok: false, errors: [`cites source '${input.source.id}', not '${sourceId}'`] };
  const linked = linkRecord(input, namesakes);
  const valid = validateRecord({ ...linked.input, source: { ...input.source, id: sourceId } });
  return valid.ok ? { ok: true, record: valid.record, outcome: linked.outcome, note: linked.note } : valid;
}

/**
 * The record with its company linked to the one company of the register that fits (`name_address`), or marked linked
 * to none, with the outcome and the note a collection keeps; a record that gives its number is left as it is.
 */
export function linkRecord(
  input: RecordInput,
  namesakes: (nameKey: string, prefectureCode: string) => Namesakes,
): { input: RecordInput; outcome: LinkOutcome | 'source'; note: string | null } {
  const place = placeOf(input.company, input.authority);
  // the prefecture read from the address is kept, so that the record can be found by it
  const company = { ...input.company, prefecture_code: input.company.prefecture_code ?? place.prefecture_code };
  if (company.corporate_number != null && company.corporate_number.trim() !== '')
    return { input: { ...input, company }, outcome: 'source', note: null };
  const subject = linkSubject(company.name);
  const found =
    subject.key !== '' && place.prefecture_code !== null ? namesakes(subject.key, place.prefecture_code) : NO_NAMESAKES;
  const decision = decideLink(subject, place, found);
  const note = linkNote(company, decision);
  if (decision.kind !== 'linked')
    return { input: { ...input, company: { ...company, link: null } }, outcome: decision.kind, note };
  return {
    input: { ...input, company: { ...company, corporate_number: decision.corporate_number, link: 'name_address' } },
    outcome: 'linked',
    note,
  };
}

/** 「linked 「Ｌ物流（株） 境港営業所」 (鳥取県境港市) to 3280001002997: …」; null for a plain link by name and city. */
function linkNote(
  company: { readonly name: string; readonly address?: string | null },
  decision: LinkDecision,
): string | null {
  const named = `「${company.name}」${company.address ? ` (${company.address})` : ''}`;
  if (decision.kind === 'ambiguous') return `not linked ${named}: ${decision.reason}`;
  if (decision.kind !== 'linked' || !decision.noteworthy) return null;
  return `linked ${named} to ${decision.corporate_number}: ${decision.reason}`;
}
