// The status of a record against today's date in Japan; the store's SQL filters compute the same rule.
import type { Period } from './record.js';

export type ProcurementStatus = 'scheduled' | 'active' | 'ended' | 'lifted';
export type LicenseStatus = 'scheduled' | 'in_effect' | 'completed';

export function procurementStatus(period: Period, liftedOn: string | null, today: string): ProcurementStatus {
  if (liftedOn !== null) return 'lifted';
  if (period.from > today) return 'scheduled';
  if (period.to !== null && period.to < today) return 'ended';
  return 'active';
}

/** A one-off action (no period) starts and ends on its date; a suspension runs over its period. */
export function licenseStatus(date: string, period: Period | null, today: string): LicenseStatus {
  const starts = period?.from ?? date;
  const ends = period === null ? date : period.to;
  if (starts > today) return 'scheduled';
  if (ends !== null && ends < today) return 'completed';
  return 'in_effect';
}
