// A parser's records made ready to store: each linked to a company where exactly one fits, then validated.
import { duplicateIdErrors } from '../../domain/record-id.js';
import type { RecordInput } from '../../domain/record-input.js';
import { validateRecordLine } from '../../domain/record-validation.js';
import type { ValidRecord } from '../../domain/record.js';
import {
  decideLink,
  linkSubject,
  placeOf,
  type LinkCandidate,
  type LinkDecision,
  type LinkOutcome,
} from '../../domain/link-company.js';

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
    }
  | { readonly ok: false; readonly errors: readonly string[]; readonly error_count: number };

/** How many record errors a failed run quotes. */
const QUOTED_ERRORS = 5;

/**
 * `duplicates`: 'error' fails the list on a repeated id; 'keep_first' keeps the first record of each id (the same
 * record read from two files of one list) and counts only the kept ones.
 */
export function prepareRecords(
  inputs: readonly RecordInput[],
  sourceId: string,
  candidates: (nameKey: string, prefectureCode: string) => readonly LinkCandidate[],
  duplicates: 'error' | 'keep_first' = 'error',
): Prepared {
  const counts: Record<LinkOutcome | 'source', number> = { source: 0, linked: 0, ambiguous: 0, unmatched: 0 };
  const notes = new Set<string>();
  const kept = new Set<string>();
  const records: ValidRecord[] = [];
  const ids: { line: number; id: string }[] = [];
  const errors: string[] = [];
  inputs.forEach((input, index) => {
    const position = index + 1;
    if (input.source.id !== undefined && input.source.id !== sourceId) {
      errors.push(`record ${position}: cites source '${input.source.id}', not '${sourceId}'`);
      return;
    }
    const linked = link(input, candidates);
    const result = validateRecordLine({ ...linked.input, source: { ...input.source, id: sourceId } }, position);
    if (!result.ok) {
      errors.push(...result.errors.map((e) => e.replace(/^line /u, 'record ')));
      return;
    }
    if (duplicates === 'keep_first' && kept.has(result.record.id)) return;
    kept.add(result.record.id);
    counts[linked.outcome]++;
    if (linked.note !== null) notes.add(linked.note);
    records.push(result.record);
    ids.push({ line: position, id: result.record.id });
  });
  errors.push(
    ...duplicateIdErrors(ids).map((e) => e.replace(/^line /u, 'record ').replace(/ on line /u, ' on record ')),
  );
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, QUOTED_ERRORS), error_count: errors.length };
  return { ok: true, records, links: counts, link_notes: [...notes] };
}

function link(
  input: RecordInput,
  candidates: (nameKey: string, prefectureCode: string) => readonly LinkCandidate[],
): { input: RecordInput; outcome: LinkOutcome | 'source'; note: string | null } {
  const place = placeOf(input.company, input.authority);
  // the prefecture read from the address is kept, so that the record can be found by it
  const company = { ...input.company, prefecture_code: input.company.prefecture_code ?? place.prefecture_code };
  if (company.corporate_number != null && company.corporate_number.trim() !== '')
    return { input: { ...input, company }, outcome: 'source', note: null };
  const subject = linkSubject(company.name);
  const found =
    subject.key !== '' && place.prefecture_code !== null ? candidates(subject.key, place.prefecture_code) : [];
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
