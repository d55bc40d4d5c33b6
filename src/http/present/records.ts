// Maps the domain's records to the API's record resources: labels for codes, statuses against today.
import type { Enforcement as EnforcementRecord, LicenseAction as LicenseActionRecord, ProcurementSuspension as ProcurementSuspensionRecord, ValidRecord } from '../../domain/record.js';
import type { Enforcement, LicenseAction, ProcurementSuspension } from '../schemas/records.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { laws } from '../../domain/vocabularies/laws.js';
import { enforcementActionTypes, licenseActionTypes, natures, procurementReasons, sectors } from '../../domain/vocabularies/enums.js';
import { licenseStatus, procurementStatus } from '../../domain/record-status.js';
import { labelOf } from './labels.js';

function presentShared(r: ValidRecord) {
  const { corporate_number, name, name_en, link } = r.company;
  const { url, title, published_on, retrieved_at } = r.source;
  return {
    id: r.id,
    company: { corporate_number, name, name_en, link },
    authority: { ...labelOf(authorities, r.authority), group: authorities.get(r.authority)?.group ?? 'national' },
    source: { url, title, published_on, retrieved_at },
  };
}

export function presentEnforcement(r: EnforcementRecord): Enforcement {
  const lawLabels = r.laws.map((code) => labelOf(laws, code));
  return {
    ...presentShared(r),
    law: lawLabels[0]!,
    laws: lawLabels,
    law_detail: r.law_detail,
    action_type: labelOf(enforcementActionTypes, r.action_type),
    date: r.date,
    summary: r.summary,
    summary_en: r.summary_en,
    amount_jpy: r.amount_jpy,
  };
}

export function presentProcurementSuspension(r: ProcurementSuspensionRecord, today: string): ProcurementSuspension {
  return {
    ...presentShared(r),
    reason: labelOf(procurementReasons, r.reason),
    reason_detail: r.reason_detail,
    period: { ...r.period },
    status: procurementStatus(r.period, r.lifted_on, today),
    scope: r.scope,
  };
}

export function presentLicenseAction(r: LicenseActionRecord, today: string): LicenseAction {
  return {
    ...presentShared(r),
    sector_code: r.sector_code,
    sector_codes: [...r.sector_codes],
    sectors: r.sector_codes.map((code) => labelOf(sectors, code)),
    permits: r.permits.map((p) => ({ ...p })),
    permits_total: r.permits_total,
    action_type: labelOf(licenseActionTypes, r.action_type),
    nature: labelOf(natures, r.nature),
    status: licenseStatus(r.date, r.period, today),
    date: r.date,
    period: r.period === null ? null : { ...r.period },
    reason_detail: r.reason_detail,
  };
}
