// Validation of one record line: its shape, then the domain rules; the result is a record ready to store.
import { parseCorporateNumber } from '../companies/corporate-number.js';
import type {
  CompanyRefInput,
  EnforcementInput,
  LicenseActionInput,
  ProcurementSuspensionInput,
  RecordInput,
} from './record-input.js';
import { deriveSourceKey, givenIdProblem, isSourceId, recordId, sourceIdForUrl } from './record-id.js';
import { checkRecordShape } from './record-schema-check.js';
import { isLongTextField, overBound } from './text-bounds.js';
import { cleanStrings, excerpt } from '../text/untrusted-text.js';
import { isCalendarDate, japanDate } from '../dates.js';
import { placeOf } from '../companies/link-company.js';
import type {
  CompanyRef,
  Enforcement,
  LicenseAction,
  Listing,
  Period,
  ProcurementSuspension,
  SourceRef,
  ValidRecord,
} from './record.js';
import { authorities } from '../vocabularies/authorities.js';
import {
  enforcementActionTypes,
  licenseActionTypes,
  natures,
  procurementReasons,
  sectors,
} from '../vocabularies/enums.js';
import { laws } from '../vocabularies/laws.js';
import { prefectures } from '../vocabularies/prefectures.js';
import type { Vocabulary } from '../vocabulary.js';

export type LineValidation =
  { readonly ok: true; readonly record: ValidRecord } | { readonly ok: false; readonly errors: readonly string[] };

/** Validates a parsed line; errors read "line 12: authority 'xyz' is not a known authority code". */
export function validateRecordLine(value: unknown, line: number): LineValidation {
  const valid = validateRecord(value);
  return valid.ok ? valid : { ok: false, errors: valid.errors.map((e) => `line ${line}: ${e}`) };
}

/**
 * Validates a record; errors read "authority 'xyz' is not a known authority code", for the caller to place. Every
 * record any source gives is validated here before it is written, so this is where its text is cleaned (escape
 * sequences, control and direction characters removed; a line break folded to a space but in a long text) and
 * bounded: a field longer than its bound fails the record, naming the bound.
 */
export function validateRecord(value: unknown): LineValidation {
  const cleaned = cleanStrings(value, isLongTextField);
  const tooLong = overBound(cleaned);
  if (tooLong.length > 0) return { ok: false, errors: tooLong };
  const shape = checkRecordShape(cleaned);
  const errors: string[] = shape.ok ? [] : shape.errors;
  const record = shape.ok ? normalise(shape.value, errors) : null;
  if (record === null || errors.length > 0) return { ok: false, errors };
  return { ok: true, record };
}

/** Applies the domain rules, pushing one error per broken rule; returns the record when none broke. */
function normalise(input: RecordInput, errors: string[]): ValidRecord | null {
  const company = companyOf(input.company, input.authority, errors);
  const source = sourceOf(input.source, errors);
  known(authorities, 'authority', input.authority, errors);
  if (input.id !== undefined) {
    const problem = givenIdProblem(input.kind, input.id);
    if (problem !== null) errors.push(problem);
  }
  const base = { company, source, authority: input.authority };
  let content: Unkeyed;
  switch (input.kind) {
    case 'enforcement':
      content = Object.assign(base, enforcementFields(input, errors));
      break;
    case 'procurement_suspension':
      content = Object.assign(base, procurementFields(input, source, errors));
      break;
    case 'license_action':
      content = Object.assign(base, licenseFields(input, errors));
      break;
  }
  const listing = listingOf(input.listing, source, errors);
  if (errors.length > 0) return null;
  const sourceKey = input.source_key ?? deriveSourceKey(content);
  const id = input.id ?? recordId(input.kind, source.id, sourceKey);
  return Object.assign(content, { id, source_key: sourceKey, listing });
}

function enforcementFields(input: EnforcementInput, errors: string[]): Omit<Enforcement, keyof Common> {
  known(laws, 'law', input.law, errors);
  (input.laws ?? []).forEach((code, i) => known(laws, `laws[${i}]`, code, errors, 'law'));
  known(enforcementActionTypes, 'action_type', input.action_type, errors, 'enforcement action type');
  date('date', input.date, errors);
  if (input.amount_jpy != null && !Number.isSafeInteger(input.amount_jpy))
    errors.push(`amount_jpy ${input.amount_jpy} is too large`);
  return {
    kind: 'enforcement',
    law: input.law,
    laws: firstThenRest(input.law, input.laws ?? []),
    law_detail: text(input.law_detail),
    action_type: input.action_type,
    date: input.date,
    summary: required('summary', input.summary, errors),
    summary_en: text(input.summary_en),
    amount_jpy: input.amount_jpy ?? null,
  };
}

function procurementFields(
  input: ProcurementSuspensionInput,
  source: SourceRef,
  errors: string[],
): Omit<ProcurementSuspension, keyof Common> {
  known(procurementReasons, 'reason', input.reason, errors, 'procurement reason');
  const lifted = input.status === 'lifted';
  if (input.status !== undefined && !lifted) {
    errors.push(
      `status '${excerpt(input.status)}' cannot be imported: only 'lifted' comes from a source, the other statuses are computed`,
    );
  }
  if (input.lifted_on != null) {
    date('lifted_on', input.lifted_on, errors);
    if (!lifted) errors.push("lifted_on is given but status is not 'lifted'");
  }
  // A lifted suspension without a date is dated by its publication, else by when it was seen (the store's rule).
  const liftedOn = lifted ? (input.lifted_on ?? source.published_on ?? japanDateOf(source.retrieved_at)) : null;
  return {
    kind: 'procurement_suspension',
    reason: input.reason,
    reason_detail: required('reason_detail', input.reason_detail, errors),
    period: period('period', input.period, errors),
    lifted_on: liftedOn,
    scope: text(input.scope),
  };
}

function licenseFields(input: LicenseActionInput, errors: string[]): Omit<LicenseAction, keyof Common> {
  known(sectors, 'sector_code', input.sector_code, errors, 'sector');
  (input.sector_codes ?? []).forEach((code, i) => known(sectors, `sector_codes[${i}]`, code, errors, 'sector'));
  const permits = (input.permits ?? []).map((p, i) => {
    known(sectors, `permits[${i}].sector_code`, p.sector_code, errors, 'sector');
    return { sector_code: p.sector_code, number: text(p.number) };
  });
  known(licenseActionTypes, 'action_type', input.action_type, errors, 'licence action type');
  known(natures, 'nature', input.nature, errors);
  date('date', input.date, errors);
  // status is computed from the dates; a value on the line is ignored.
  return {
    kind: 'license_action',
    sector_code: input.sector_code,
    sector_codes: firstThenRest(input.sector_code, [
      ...(input.sector_codes ?? []),
      ...permits.map((p) => p.sector_code),
    ]),
    permits,
    permits_total: permits.length,
    action_type: input.action_type,
    nature: input.nature,
    date: input.date,
    period: input.period == null ? null : period('period', input.period, errors),
    reason_detail: text(input.reason_detail),
  };
}

type Common = Pick<ValidRecord, 'id' | 'source_key' | 'company' | 'source' | 'authority' | 'listing'>;
/** A record before its ids are settled; distributes over the kinds so each keeps its own fields. */
type Unkeyed = ValidRecord extends infer R
  ? R extends ValidRecord
    ? Omit<R, 'id' | 'source_key' | 'listing'>
    : never
  : never;

function companyOf(input: CompanyRefInput, authority: string, errors: string[]): CompanyRef {
  let number: string | null = null;
  if (input.corporate_number != null) {
    const parsed = parseCorporateNumber(input.corporate_number);
    if (parsed.ok) number = parsed.number;
    else if (parsed.reason === 'not_13_digits')
      errors.push(`company.corporate_number '${excerpt(input.corporate_number)}' is not 13 digits`);
    else errors.push(`company.corporate_number '${excerpt(input.corporate_number)}' has a wrong check digit`);
  }
  const given = input.link ?? null;
  if (given !== null && input.corporate_number == null) {
    errors.push(`company.link '${excerpt(given)}' needs company.corporate_number (a record without one is not linked)`);
  }
  if (input.prefecture_code != null)
    known(prefectures, 'company.prefecture_code', input.prefecture_code, errors, 'prefecture');
  const name = required('company.name', input.name, errors);
  return {
    corporate_number: number,
    name,
    name_en: text(input.name_en),
    // the source gave the number unless the line says the link was made by name and address
    link: input.corporate_number == null ? null : (given ?? 'source'),
    // as a collection does (prepare-records.ts): a record placed by its address, or by its issuer when the address
    // leaves the prefecture out, is found by `prefecture=`
    prefecture_code: input.prefecture_code ?? placeOf(input, authority).prefecture_code,
    address: text(input.address),
  };
}

function sourceOf(input: RecordInput['source'], errors: string[]): SourceRef {
  const url = input.url.trim();
  if (!/^https?:\/\/[^\s/]+/u.test(url) || !URL.canParse(url))
    errors.push(`source.url '${excerpt(input.url)}' is not an http(s) URL`);
  if (input.published_on != null) date('source.published_on', input.published_on, errors);
  const id = input.id?.trim() || sourceIdForUrl(url);
  if (!isSourceId(id))
    errors.push(
      `source.id '${excerpt(id)}' is not a source id: lower-case ASCII words joined by '-', as the registry's ids are (or leave it out to have one made from source.url)`,
    );
  return {
    id,
    url,
    title: required('source.title', input.title, errors),
    published_on: input.published_on ?? null,
    // the schema's format check has already proved the instant real
    retrieved_at: new Date(input.retrieved_at).toISOString().replace('.000Z', 'Z'),
  };
}

/**
 * The listing a line gives, or the one a record read from a single edition has: listed, first and last on the
 * list's date (else the day it was retrieved, in Japan). A collection then merges it with what is stored (edition-merge.ts).
 */
function listingOf(input: Listing | undefined, source: SourceRef, errors: string[]): Listing {
  if (input === undefined) {
    const day = source.published_on ?? japanDateOf(source.retrieved_at);
    return { status: 'listed', first_listed_on: day, last_listed_on: day };
  }
  const firstOk = date('listing.first_listed_on', input.first_listed_on, errors);
  const lastOk = date('listing.last_listed_on', input.last_listed_on, errors);
  if (firstOk && lastOk && input.first_listed_on > input.last_listed_on) {
    errors.push(
      `listing.first_listed_on ${input.first_listed_on} is after listing.last_listed_on ${input.last_listed_on}`,
    );
  }
  return { status: input.status, first_listed_on: input.first_listed_on, last_listed_on: input.last_listed_on };
}

function period(field: string, input: Period, errors: string[]): Period {
  const fromOk = date(`${field}.from`, input.from, errors);
  const toOk = input.to === null || date(`${field}.to`, input.to, errors);
  if (fromOk && toOk && input.to !== null && input.from > input.to) {
    errors.push(`${field}.from ${input.from} is after ${field}.to ${input.to}`);
  }
  return { from: input.from, to: input.to };
}

function date(field: string, value: string, errors: string[]): boolean {
  if (isCalendarDate(value)) return true;
  errors.push(`${field} '${excerpt(value)}' is not a calendar date`);
  return false;
}

function known(vocabulary: Vocabulary, field: string, code: string, errors: string[], what = vocabulary.field): void {
  if (vocabulary.get(code) === undefined) errors.push(`${field} '${excerpt(code)}' is not a known ${what} code`);
}

function required(field: string, value: string, errors: string[]): string {
  const trimmed = value.trim();
  if (trimmed === '') errors.push(`${field} is blank`);
  return trimmed;
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function firstThenRest(first: string, rest: readonly string[]): string[] {
  return [...new Set([first, ...rest])];
}

function japanDateOf(instant: string): string {
  return japanDate(new Date(instant));
}
