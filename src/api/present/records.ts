// Maps the domain's records to the API's record resources: labels for codes, statuses against today.
import type {
  Enforcement as EnforcementRecord,
  LicenseAction as LicenseActionRecord,
  ProcurementSuspension as ProcurementSuspensionRecord,
  ValidRecord,
  RecordKind,
  RecordOfKind,
} from '../../domain/records/record.js';
import type { Enforcement, LicenseAction, ProcurementSuspension } from '../schemas/records.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { laws } from '../../domain/vocabularies/laws.js';
import {
  enforcementActionTypes,
  licenseActionTypes,
  natures,
  procurementReasons,
  sectors,
} from '../../domain/vocabularies/enums.js';
import { licenseStatus, procurementStatus } from '../../domain/records/record-status.js';
import { labelOf } from './labels.js';
import { summaryEn } from '../../domain/records/summary-en.js';
import { recordLinks } from '../links.js';
import type { Relation } from '../../domain/records/company-records.js';

// Each resource is built field by field in its schema's order (schemas/records.ts), so that a presented record reads
// as its schema does; Fastify's serialiser writes the answer from the schema.
const companyOf = ({ company: { corporate_number, name, name_en, link, prefecture_code, address } }: ValidRecord) => ({
  corporate_number,
  name,
  name_en,
  link,
  prefecture_code,
  address,
});
const sourceOf = ({ source: { url, title, published_on, retrieved_at } }: ValidRecord) => ({
  url,
  title,
  published_on,
  retrieved_at,
});
const listingOf = ({ listing: { status, first_listed_on, last_listed_on } }: ValidRecord) => ({
  status,
  first_listed_on,
  last_listed_on,
});

function authorityOf(r: ValidRecord) {
  const { code, name, name_en } = labelOf(authorities, r.authority);
  return { code, name, name_en, group: authorities.get(r.authority)?.group ?? 'national' };
}

function presentEnforcement(r: EnforcementRecord): Enforcement {
  const lawLabels = r.laws.map((code) => labelOf(laws, code));
  return {
    id: r.id,
    company: companyOf(r),
    authority: authorityOf(r),
    source: sourceOf(r),
    listing: listingOf(r),
    // `laws` starts with `law` (record-validation.ts): the fallback is the same label, never built in practice
    law: lawLabels[0] ?? labelOf(laws, r.law),
    laws: lawLabels,
    law_detail: r.law_detail,
    action_type: labelOf(enforcementActionTypes, r.action_type),
    date: r.date,
    summary: r.summary,
    summary_en: r.summary_en ?? summaryEn(r),
    amount_jpy: r.amount_jpy,
    links: recordLinks('enforcement', r.id),
  };
}

function presentProcurementSuspension(r: ProcurementSuspensionRecord, today: string): ProcurementSuspension {
  return {
    id: r.id,
    company: companyOf(r),
    authority: authorityOf(r),
    source: sourceOf(r),
    listing: listingOf(r),
    reason: labelOf(procurementReasons, r.reason),
    reason_detail: r.reason_detail,
    period: { from: r.period.from, to: r.period.to },
    scope: r.scope,
    status: procurementStatus(r.period, r.lifted_on, today),
    summary_en: summaryEn(r),
    links: recordLinks('procurement_suspension', r.id),
  };
}

function presentLicenseAction(r: LicenseActionRecord, today: string): LicenseAction {
  return {
    id: r.id,
    company: companyOf(r),
    authority: authorityOf(r),
    source: sourceOf(r),
    listing: listingOf(r),
    sector_code: r.sector_code,
    sector_codes: [...r.sector_codes],
    permits: r.permits.map((p) => ({ sector_code: p.sector_code, number: p.number })),
    permits_total: r.permits_total,
    action_type: labelOf(licenseActionTypes, r.action_type),
    nature: labelOf(natures, r.nature),
    date: r.date,
    period: r.period === null ? null : { from: r.period.from, to: r.period.to },
    reason_detail: r.reason_detail,
    sectors: r.sector_codes.map((code) => labelOf(sectors, code)),
    status: licenseStatus(r.date, r.period, today),
    summary_en: summaryEn(r),
    links: recordLinks('license_action', r.id),
  };
}

/** Each record kind's resource as the API shows it. */
export interface PresentedKinds {
  enforcement: Enforcement;
  procurement_suspension: ProcurementSuspension;
  license_action: LicenseAction;
}
export type PresentedOfKind<K extends RecordKind> = PresentedKinds[K];

const PRESENTERS: { readonly [K in RecordKind]: (record: RecordOfKind<K>, today: string) => PresentedKinds[K] } = {
  enforcement: presentEnforcement,
  procurement_suspension: presentProcurementSuspension,
  license_action: presentLicenseAction,
};

/**
 * A record of any kind as the API shows it, statuses computed against `today`, and how it relates to the query that
 * found it where the answer is to a company or a text (relationOf).
 */
export function presentRecord<K extends RecordKind>(
  kind: K,
  record: RecordOfKind<K>,
  today: string,
  relation?: Relation,
): PresentedKinds[K] {
  const present: (record: RecordOfKind<K>, today: string) => PresentedKinds[K] = PRESENTERS[kind];
  const presented = present(record, today);
  return relation === undefined ? presented : Object.assign(presented, { relation });
}
