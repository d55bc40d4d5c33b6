// What the LLM guide's example calls ask about, read from the dataset itself so that every example answers with
// rows: the newest record of each kind, and a registered company with records of every kind (else of enforcements).
import type { Db } from '../schema/database.js';

export interface GuidePicks {
  /**
   * A company in the register, preferably one with records of every kind (so that /search's example fills each list),
   * else one with an enforcement record: its newest enforcement's first law.
   */
  readonly company: { readonly corporateNumber: string; readonly name: string; readonly lawCode: string | null } | null;
  /** The newest enforcement's first law, for a filter that needs no company. */
  readonly enforcementLaw: string | null;
  /** The newest suspension: the company as the source names it, and the reason. */
  readonly suspension: { readonly companyName: string; readonly reasonCode: string } | null;
  /** The newest licence action: its primary sector, nature and date. */
  readonly licenseAction: { readonly sectorCode: string; readonly nature: string; readonly date: string } | null;
}

export function readGuidePicks(db: Db): GuidePicks {
  // walks the licence actions newest first, the smallest kind, probing the other kinds' company indexes
  const everyKind = db
    .prepare<[], NonNullable<GuidePicks['company']>>(
      `
    SELECT c.corporate_number AS corporateNumber, c.name,
      (SELECT e.law_code FROM enforcements e WHERE e.company_corporate_number = c.corporate_number
       ORDER BY e.date DESC, e.rid DESC LIMIT 1) AS lawCode
    FROM license_actions l JOIN companies c ON c.corporate_number = l.company_corporate_number
    WHERE EXISTS (SELECT 1 FROM enforcements e WHERE e.company_corporate_number = c.corporate_number)
      AND EXISTS (SELECT 1 FROM procurement_suspensions p WHERE p.company_corporate_number = c.corporate_number)
    ORDER BY l.date DESC, l.rid DESC LIMIT 1`,
    )
    .get();
  const enforced = db
    .prepare<[], NonNullable<GuidePicks['company']>>(
      `
    SELECT c.corporate_number AS corporateNumber, c.name, e.law_code AS lawCode
    FROM enforcements e JOIN companies c ON c.corporate_number = e.company_corporate_number
    ORDER BY e.date DESC, e.rid DESC LIMIT 1`,
    )
    .get();
  const anyCompany = db
    .prepare<[], NonNullable<GuidePicks['company']>>(
      `
    SELECT corporate_number AS corporateNumber, name, NULL AS lawCode FROM companies ORDER BY id LIMIT 1`,
    )
    .get();
  const law = db
    .prepare<[], string>('SELECT law_code FROM enforcements ORDER BY date DESC, rid DESC LIMIT 1')
    .pluck()
    .get();
  const suspension = db
    .prepare<[], NonNullable<GuidePicks['suspension']>>(
      `
    SELECT company_name AS companyName, reason_code AS reasonCode FROM procurement_suspensions
    ORDER BY period_from DESC, rid DESC LIMIT 1`,
    )
    .get();
  const licenseAction = db
    .prepare<[], NonNullable<GuidePicks['licenseAction']>>(
      `
    SELECT sector_code AS sectorCode, nature, date FROM license_actions ORDER BY date DESC, rid DESC LIMIT 1`,
    )
    .get();
  return {
    company: everyKind ?? enforced ?? anyCompany ?? null,
    enforcementLaw: law ?? null,
    suspension: suspension ?? null,
    licenseAction: licenseAction ?? null,
  };
}
