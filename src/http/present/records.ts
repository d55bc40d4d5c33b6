// Maps records from the store to the API's record resources: labels for codes, statuses against today.
import type { EnforcementRecord, LicenseActionRecord, ProcurementSuspensionRecord, RecordCommon } from '../../store/record-queries.js';
import type { Enforcement, LicenseAction, ProcurementSuspension } from '../schemas/records.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { laws } from '../../domain/vocabularies/laws.js';
import { enforcementActionTypes, licenseActionTypes, natures, procurementReasons, sectors } from '../../domain/vocabularies/enums.js';
import { licenseStatus, procurementStatus } from '../../domain/record-status.js';
import { labelOf } from './labels.js';

function presentCommon(r: RecordCommon) {
  return {
    id: r.id,
    company: { ...r.company },
    authority: { ...labelOf(authorities, r.authority_code), group: authorities.get(r.authority_code)?.group ?? 'national' },
    source: { ...r.source },
  };
}

export function presentEnforcement(r: EnforcementRecord): Enforcement {
  const lawLabels = r.law_codes.map((code) => labelOf(laws, code));
  return {
    ...presentCommon(r),
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
    ...presentCommon(r),
    reason: labelOf(procurementReasons, r.reason_code),
    reason_detail: r.reason_detail,
    period: { ...r.period },
    status: procurementStatus(r.period, r.lifted_on, today),
    scope: r.scope,
  };
}

export function presentLicenseAction(r: LicenseActionRecord, today: string): LicenseAction {
  return {
    ...presentCommon(r),
    sector_code: r.sector_code,
    sector_codes: [...r.sector_codes],
    sectors: r.sector_codes.map((code) => labelOf(sectors, code)),
    permits: r.permits.map((p) => ({ ...p })),
    action_type: labelOf(licenseActionTypes, r.action_type),
    nature: labelOf(natures, r.nature),
    status: licenseStatus(r.date, r.period, today),
    date: r.date,
    period: r.period === null ? null : { ...r.period },
    reason_detail: r.reason_detail,
  };
}
