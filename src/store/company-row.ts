// How a company is read: the columns selected, with its aliases as one JSON array, and the record built from a raw row.
import type { Company } from '../domain/company.js';

/** A company as the store returns it: the domain's company (domain/company.ts). */
export type CompanyRecord = Company;

/** The chain of companies merged into `number` (its predecessors at any depth), as a subquery's list of numbers. */
export const PREDECESSOR_NUMBERS = (number: string) => `WITH RECURSIVE chain(number, depth) AS (
    SELECT ${number}, 0
    UNION SELECT q.corporate_number, chain.depth + 1 FROM companies q JOIN chain ON q.successor_corporate_number = chain.number
    WHERE chain.depth < 20)
  SELECT number FROM chain WHERE depth > 0`;

/**
 * The columns in the order companyFromRow reads them, then the company's aliases as one JSON array (read in the
 * company's own statement rather than one more per page). `c` is the companies table. The aliases are ordered in a
 * subquery, whose ORDER BY the primary key (company_id, kind, name) already satisfies: an ORDER BY inside
 * json_group_array sorted them in a temporary b-tree for every company (2 to 4.5 µs a company at a million
 * companies).
 */
export const COMPANY_SELECT = `c.id, c.corporate_number, c.name, c.name_kana, c.name_en, c.legal_form, c.prefecture_code,
  c.prefecture, c.city, c.street, c.postal_code, c.address_outside, c.address_en, c.status, c.closed_on, c.close_cause,
  c.successor_corporate_number, c.updated_on, c.enforcement_count, c.procurement_suspension_count, c.license_action_count,
  (SELECT json_group_array(json_object('name', name, 'kind', kind))
   FROM (SELECT a.name, a.kind FROM company_aliases a WHERE a.company_id = c.id ORDER BY a.kind, a.name)) AS aliases_json,
  (SELECT json_group_array(json_object('corporate_number', p.corporate_number, 'name', p.name,
     'record_counts', json_object('enforcements', p.enforcement_count, 'procurement_suspensions', p.procurement_suspension_count,
       'license_actions', p.license_action_count)))
   FROM companies p WHERE p.corporate_number IN (${PREDECESSOR_NUMBERS('c.corporate_number')})) AS predecessors_json`;

/**
 * A company from a row of COMPANY_SELECT read with `.raw()`: an array, turned into the record by one object literal
 * (better-sqlite3 building an object of 22 named columns and then copying it without its id cost about 25 µs a
 * company, this about 3).
 */
export function companyFromRow(row: readonly unknown[]): { readonly id: number; readonly company: CompanyRecord } {
  return {
    id: row[0] as number,
    company: {
      corporate_number: row[1] as string,
      name: row[2] as string,
      name_kana: row[3] as string | null,
      name_en: row[4] as string | null,
      aliases: JSON.parse(row[21] as string) as Company['aliases'],
      legal_form: row[5] as string,
      address: {
        prefecture_code: row[6] as string | null,
        prefecture: row[7] as string | null,
        city: row[8] as string | null,
        street: row[9] as string | null,
        postal_code: row[10] as string | null,
        outside: row[11] as string | null,
        en: row[12] as string | null,
      },
      status: row[13] as Company['status'],
      closed_on: row[14] as string | null,
      close_cause: row[15] as string | null,
      successor_corporate_number: row[16] as string | null,
      record_counts: {
        enforcements: row[18] as number,
        procurement_suspensions: row[19] as number,
        license_actions: row[20] as number,
      },
      predecessors: JSON.parse(row[22] as string) as Company['predecessors'],
      updated_on: row[17] as string | null,
    },
  };
}
