// Stable record identity: the source id, the record's key within its source, and the public record id.
import { createHash } from 'node:crypto';
import { normaliseCompanyName } from '../companies/names.js';
import { RECORD_ID_PREFIX, RECORD_KINDS, type RecordKind } from './record.js';
import { excerpt } from '../text/untrusted-text.js';

interface KeyedBase {
  readonly authority: string;
  readonly company: { readonly name: string; readonly corporate_number: string | null };
}

/** What identifies a record within its source when the source gives no key of its own. */
export type KeyedContent = KeyedBase &
  (
    | { readonly kind: 'enforcement'; readonly date: string; readonly action_type: string; readonly law: string }
    | { readonly kind: 'procurement_suspension'; readonly period: { readonly from: string }; readonly reason: string }
    | {
        readonly kind: 'license_action';
        readonly date: string;
        readonly action_type: string;
        readonly sector_code: string;
      }
  );

/**
 * The key derived from a record's identifying content. The free text (summary, reason detail) is left
 * out on purpose: a source correcting its wording must not turn one record into two.
 */
export function deriveSourceKey(record: KeyedContent): string {
  const parts: string[] = [
    record.kind,
    record.authority,
    normaliseCompanyName(record.company.name),
    record.company.corporate_number ?? '',
  ];
  switch (record.kind) {
    case 'enforcement':
      parts.push(record.date, record.action_type, record.law);
      break;
    case 'procurement_suspension':
      parts.push(record.period.from, record.reason);
      break;
    case 'license_action':
      parts.push(record.date, record.action_type, record.sector_code);
      break;
  }
  // JSON keeps the parts apart whatever characters a company name holds.
  return `auto:${JSON.stringify(parts)}`;
}

/** A registry's source id: lower-case ASCII words joined by '-' (`mhlw-labour-law-violations`). */
export const REGISTRY_SOURCE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/u;
const URL_SOURCE_ID = /^web:[0-9a-f]{12}$/u;

/** Whether a record may cite this source id: a registry's form, or the form sourceIdForUrl gives. */
export function isSourceId(id: string): boolean {
  return id.length <= 100 && (REGISTRY_SOURCE_ID.test(id) || URL_SOURCE_ID.test(id));
}

/** The id of a source that is not in the source registry: its URL, hashed. */
export function sourceIdForUrl(url: string): string {
  return `web:${sha256Hex(url.trim()).slice(0, 12)}`;
}

/** The public record id: a kind prefix and 16 hex digits (64 bits) of sha256(source id NUL source key). */
export function recordId(kind: RecordKind, sourceId: string, sourceKey: string): string {
  return `${RECORD_ID_PREFIX[kind]}${sha256Hex(`${sourceId}\u0000${sourceKey}`).slice(0, 16)}`;
}

/** The record kind an id names by its prefix, or null for an id of no kind. */
export function kindOfRecordId(id: string): RecordKind | null {
  return RECORD_KINDS.find((kind) => id.startsWith(RECORD_ID_PREFIX[kind])) ?? null;
}

const GIVEN_ID = /^[a-z]+_[A-Za-z0-9_-]{1,64}$/u;

/** Why an id given on a line cannot be used, or null when it can. */
export function givenIdProblem(kind: RecordKind, id: string): string | null {
  const prefix = RECORD_ID_PREFIX[kind];
  if (!id.startsWith(prefix)) return `id '${excerpt(id)}' must start with '${prefix}', the prefix of ${kind} records`;
  if (!GIVEN_ID.test(id))
    return `id '${excerpt(id)}' may hold only ASCII letters, digits, '_' and '-' (at most 64 after the prefix)`;
  return null;
}

/** One error per line whose id an earlier line of the same file already has, naming both lines. */
export function duplicateIdErrors(entries: readonly { readonly line: number; readonly id: string }[]): string[] {
  const firstLine = new Map<string, number>();
  const errors: string[] = [];
  for (const { line, id } of entries) {
    const first = firstLine.get(id);
    if (first === undefined) firstLine.set(id, line);
    else
      errors.push(
        `line ${line}: id '${excerpt(id)}' is the same as on line ${first} (give each record its own source_key)`,
      );
  }
  return errors;
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
