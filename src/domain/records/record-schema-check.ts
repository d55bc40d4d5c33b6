// The shape check of a record line against the TypeBox schema of its kind, with errors a person can act on.
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { isCalendarDate } from '../dates.js';
import { isRecord } from '../../lib/is-object.js';
import { EnforcementInput, LicenseActionInput, ProcurementSuspensionInput, type RecordInput } from './record-input.js';
import { RECORD_KINDS, type RecordKind } from './record.js';

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/u;

/** An RFC 3339 instant whose date and time exist (no 25:00, no 02-30; leap seconds are not accepted). */
export function isRfc3339Instant(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [, date, hh, mm, ss, offH, offM] = m;
  return (
    date !== undefined &&
    isCalendarDate(date) &&
    Number(hh) < 24 &&
    Number(mm) < 60 &&
    Number(ss) < 60 &&
    (offH === undefined || (Number(offH) < 24 && Number(offM) < 60))
  );
}

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', isRfc3339Instant);

/** The compiled check of one kind's schema, which tells a record input of that kind (and so a RecordInput). */
type ShapeChecker = Pick<TypeCheck<typeof RecordInput>, 'Check' | 'Errors'>;

const CHECKERS: Readonly<Record<RecordKind, ShapeChecker>> = {
  enforcement: TypeCompiler.Compile(EnforcementInput),
  procurement_suspension: TypeCompiler.Compile(ProcurementSuspensionInput),
  license_action: TypeCompiler.Compile(LicenseActionInput),
};

// One bad value can set off several errors; a person needs the first few to fix the line.
const MAX_ERRORS_PER_LINE = 10;

export type ShapeCheck =
  { readonly ok: true; readonly value: RecordInput } | { readonly ok: false; readonly errors: string[] };

/** Checks a parsed JSON value against the schema its `kind` names. */
export function checkRecordShape(value: unknown): ShapeCheck {
  if (!isRecord(value)) {
    return { ok: false, errors: [`a record is a JSON object, got ${Array.isArray(value) ? 'an array' : show(value)}`] };
  }
  const kind = RECORD_KINDS.find((k) => k === value.kind);
  if (kind === undefined) {
    const allowed = RECORD_KINDS.map((k) => `'${k}'`).join(', ');
    return { ok: false, errors: [`kind must be one of ${allowed}, got ${show(value.kind)}`] };
  }
  const checker = CHECKERS[kind];
  if (checker.Check(value)) return { ok: true, value };
  const errors: string[] = [];
  for (const error of checker.Errors(value)) {
    errors.push(describeError(kind, error));
    if (errors.length === MAX_ERRORS_PER_LINE) break;
  }
  return { ok: false, errors };
}

function describeError(kind: RecordKind, error: ValueError): string {
  const path = fieldPath(error.path);
  switch (error.type) {
    case ValueErrorType.ObjectAdditionalProperties:
      return `${path} is not a field of ${article(kind)} ${kind} record`;
    case ValueErrorType.ObjectRequiredProperty:
      return `${path} is missing`;
    default:
      return `${path === '' ? 'the record' : path} must be ${describe(error.schema)}, got ${show(error.value)}`;
  }
}

/** '/permits/0/sector_code' → 'permits[0].sector_code'. */
function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/gu, '/').replace(/~0/gu, '~'))
    .reduce((acc, part) => (/^\d+$/u.test(part) ? `${acc}[${part}]` : acc === '' ? part : `${acc}.${part}`), '');
}

function describe(schema: TSchema): string {
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(describe).join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  switch (schema.type) {
    case 'null':
      return 'null';
    case 'integer':
      return schema.minimum === 0 ? 'a whole number, 0 or more' : 'a whole number';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    case 'string':
      if (schema.format === 'date-time') return 'an RFC 3339 instant such as 2025-03-15T01:00:00Z';
      if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return 'a date YYYY-MM-DD';
      if (schema.pattern === '^\\d{2}$') return 'two digits';
      if (schema.pattern !== undefined) return `a string matching ${schema.pattern}`;
      return schema.minLength === 1 ? 'a non-empty string' : 'a string';
    default:
      return 'a valid value';
  }
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function article(word: string): string {
  return /^[aeiou]/u.test(word) ? 'an' : 'a';
}
