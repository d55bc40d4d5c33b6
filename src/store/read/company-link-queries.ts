// The look-up behind name-and-address linking: the companies of a normalised name within one prefecture, and how
// many of the name are registered anywhere else.
import type { Statement } from 'better-sqlite3';
import type { LinkCandidate, Namesakes } from '../../domain/companies/link-company.js';
import type { Db } from '../schema/database.js';

export interface CompanyLinkQueries {
  /** Every company whose normalised name is `nameKey` registered in the prefecture, and the count of the others. */
  namesakes(nameKey: string, prefectureCode: string): Namesakes;
}

export function createCompanyLinkQueries(db: Db): CompanyLinkQueries {
  // company_terms_by_term finds the name; the companies sharing it are filtered by prefecture
  const inPrefecture: Statement<[string, string], LinkCandidate> = db.prepare(
    `SELECT c.corporate_number, c.city, c.legal_form FROM company_terms t JOIN companies c ON c.id = t.company_id
     WHERE t.term = ? AND t.field = 'name' AND c.prefecture_code = ?`,
  );
  // a company without a prefecture (registered abroad) is elsewhere too
  const elsewhere: Statement<[string, string], number> = db
    .prepare<[string, string], number>(
      `SELECT count(DISTINCT t.company_id) FROM company_terms t JOIN companies c ON c.id = t.company_id
       WHERE t.term = ? AND t.field = 'name' AND c.prefecture_code IS NOT ?`,
    )
    .pluck();
  return {
    namesakes: (nameKey, prefectureCode) => ({
      inPrefecture: inPrefecture.all(nameKey, prefectureCode),
      elsewhere: elsewhere.get(nameKey, prefectureCode) ?? 0,
    }),
  };
}
