// How /api/v1/search shares its limit between companies and enforcement records.

/**
 * Each list gets half of the limit (companies the odd one); what one list does not use goes to the other.
 * `companies` and `enforcements` are how many rows each list has available.
 */
export function splitSearchLimit(
  limit: number,
  companies: number,
  enforcements: number,
): { companies: number; enforcements: number } {
  const companyShare = Math.ceil(limit / 2);
  const enforcementShare = limit - companyShare;
  const shownEnforcements = Math.min(enforcements, enforcementShare + Math.max(0, companyShare - companies));
  const shownCompanies = Math.min(companies, limit - shownEnforcements);
  return { companies: shownCompanies, enforcements: shownEnforcements };
}
