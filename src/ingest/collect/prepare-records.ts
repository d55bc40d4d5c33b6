// A parser's records made ready to store, by the pipeline for every source: each linked to a company where exactly
// one fits, then validated, once. A record that does not validate is left out as an unreadable row, naming its row.
import type { RecordInput } from '../../domain/records/record-input.js';
import { validateRecord } from '../../domain/records/record-validation.js';
import type { ValidRecord } from '../../domain/records/record.js';
import { skippedRow, tooManyUnreadable, MAX_UNREADABLE_SHARE, type SkippedRow } from '../../domain/skipped-row.js';
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
      /** The records left out because they do not validate, as skipped rows with the reasons. */
      readonly unreadable: readonly SkippedRow[];
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
 * `duplicates`: 'error' fails the list on a repeated id; 'keep_first' keeps the first record of each id (the same
 * record read from two files of one list) and counts only the kept ones. The list fails when more than
 * MAX_UNREADABLE_SHARE of its records do not validate, as a parser's list does for rows it cannot read.
 */
export function prepareRecords(
  parsed: ParsedRecords,
  sourceId: string,
  namesakes: (nameKey: string, prefectureCode: string) => Namesakes,
  duplicates: 'error' | 'keep_first' = 'error',
): Prepared {
  const counts: Record<LinkOutcome | 'source', number> = { source: 0, linked: 0, ambiguous: 0, unmatched: 0 };
  const notes = new Set<string>();
  const firstOfId = new Map<string, string>();
  const records: ValidRecord[] = [];
  const kept: RecordOrigin[] = [];
  const unreadable: SkippedRow[] = [];
  const problems: string[] = [];
  const repeated: string[] = [];
  let again = 0;
  parsed.records.forEach((input, index) => {
    const origin = parsed.origins?.[index] ?? { row: index + 1 };
    const where = placeName(origin);
    const valid = linkedRecord(input, sourceId, namesakes);
    if (!valid.ok) {
      problems.push(`${where}: ${valid.errors.join('; ')}`);
      const row = skippedRow(origin.row, `unreadable: ${valid.errors.join('; ')}`, null, origin.page ?? null);
      unreadable.push(origin.file ? { ...row, file: origin.file } : row);
      return;
    }
    const { record, outcome, note } = valid;
    const first = firstOfId.get(record.id);
    if (first !== undefined) {
      if (duplicates === 'error')
        repeated.push(`${where}: id '${record.id}' is the same as on ${first} (give each record its own source_key)`);
      else again++;
      return;
    }
    firstOfId.set(record.id, where);
    counts[outcome]++;
    if (note !== null) notes.add(note);
    records.push(record);
    kept.push(origin);
  });
  if (repeated.length > 0) return { ok: false, error: `${repeated.length} record(s) repeat an id`, problems: repeated };
  if (tooManyUnreadable(unreadable.length, parsed.records.length))
    return {
      ok: false,
      error: `${unreadable.length} of ${parsed.records.length} records do not validate, more than ${MAX_UNREADABLE_SHARE * 100} %; nothing was kept`,
      problems,
    };
  return { ok: true, records, origins: kept, links: counts, link_notes: [...notes], unreadable, repeated: again };
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
