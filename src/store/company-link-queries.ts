// The look-up behind name-and-address linking: companies by normalised name within one prefecture.
import type { Statement } from 'better-sqlite3';
import type { LinkCandidate } from '../domain/link-company.js';
import type { Db } from './database.js';

export interface CompanyLinkQueries {
  /** Every company whose normalised name is `nameKey` and whose registered address is in the prefecture. */
  candidates(nameKey: string, prefectureCode: string): LinkCandidate[];
}

export function createCompanyLinkQueries(db: Db): CompanyLinkQueries {
  // company_terms_by_term finds the name; the handful of companies sharing it are filtered by prefecture
  const statement: Statement<[string, string], LinkCandidate> = db.prepare(
    `SELECT c.corporate_number, c.city, c.legal_form FROM company_terms t JOIN companies c ON c.id = t.company_id
     WHERE t.term = ? AND t.field = 'name' AND c.prefecture_code = ?`,
  );
  return { candidates: (nameKey, prefectureCode) => statement.all(nameKey, prefectureCode) };
}
