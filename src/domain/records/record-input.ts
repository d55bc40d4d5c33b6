// The record JSON Lines format of the contract: one record per line, codes for enum fields. Derived from the
// record kinds (record.ts): what validation can fill in or compute is optional here, the rest is as stored.
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { CompanyRef, Enforcement, LicenseAction, ProcurementSuspension, SourceRef } from './record.js';

/** The schema with `optional` keys made optional, `omitted` ones left out and `added` ones added. */
function inputOf<
  T extends TObject,
  O extends keyof T['properties'] & string,
  X extends keyof T['properties'] & string,
  A extends TProperties,
>(schema: T, optional: readonly O[], omitted: readonly X[], added: A) {
  return Type.Composite(
    [Type.Omit(schema, [...optional, ...omitted]), Type.Partial(Type.Pick(schema, [...optional])), Type.Object(added)],
    { additionalProperties: false },
  );
}

export const CompanyRefInput = inputOf(
  CompanyRef,
  ['corporate_number', 'name_en', 'link', 'prefecture_code', 'address'],
  [],
  {},
);

const SourceRefInput = inputOf(SourceRef, ['id', 'published_on'], [], {});

/** The shared fields as a line gives them: ids derived when absent, company and source as above. */
const sharedInput = { company: CompanyRefInput, source: SourceRefInput };
// listing, when a line does not give it: listed, first and last on the list's date (record-validation.ts)
const derivedIds = ['id', 'source_key', 'listing'] as const;
const replaced = ['company', 'source'] as const;

export const EnforcementInput = inputOf(
  Enforcement,
  [...derivedIds, 'laws', 'law_detail', 'summary_en', 'amount_jpy'],
  replaced,
  sharedInput,
);

const status = (description: string) => ({ status: Type.Optional(Type.String({ description })) });

export const ProcurementSuspensionInput = inputOf(
  ProcurementSuspension,
  [...derivedIds, 'lifted_on', 'scope'],
  replaced,
  Object.assign({}, sharedInput, status("only 'lifted' is taken from a source; the rest is computed")),
);

export const LicenseActionInput = inputOf(
  LicenseAction,
  [...derivedIds, 'sector_codes', 'permits', 'period', 'reason_detail'],
  [...replaced, 'permits_total'],
  Object.assign({}, sharedInput, status('computed; ignored on import')),
);

export const RecordInput = Type.Union([EnforcementInput, ProcurementSuspensionInput, LicenseActionInput]);

export type CompanyRefInput = Static<typeof CompanyRefInput>;
export type EnforcementInput = Static<typeof EnforcementInput>;
export type ProcurementSuspensionInput = Static<typeof ProcurementSuspensionInput>;
export type LicenseActionInput = Static<typeof LicenseActionInput>;
export type RecordInput = Static<typeof RecordInput>;
