// How a company is read: the columns selected, with its aliases as one JSON array, and the record built from a raw row.
import { MAX_PREDECESSORS_COUNTED, MAX_PREDECESSORS_SHOWN, type Company } from '../../domain/companies/company.js';

/** A company as the store returns it: the domain's company (domain/companies/company.ts). */
export type CompanyRecord = Company;

/**
 * The companies merged into `number` (an SQL expression), at any depth of successors: a recursive walk along
 * companies_by_successor whose UNION keeps each company once, so a merger cycle (A into B, B into A) ends and the
 * company itself is never its own predecessor. The walk stops after MAX_PREDECESSORS_COUNTED of them (60,000
 * companies merged into one would otherwise be walked, and listed, on every read of it). The walk is breadth first
 * (SQLite takes the rows of a recursive CTE from its queue in order): nearest predecessors first.
 */
export const PREDECESSOR_NUMBERS = (number: string) => `WITH RECURSIVE start(number) AS (SELECT ${number}),
  chain(number) AS (
    SELECT number FROM start
    UNION SELECT q.corporate_number FROM companies q JOIN chain ON q.successor_corporate_number = chain.number
    LIMIT ${MAX_PREDECESSORS_COUNTED + 1})
  SELECT number FROM chain WHERE number <> (SELECT number FROM start)`;

/**
 * The columns in the order companyFromRow reads them, then the company's aliases and its predecessors as JSON arrays
 * (read in the company's own statement rather than more per page). `c` is the companies table. The aliases are
 * ordered in a subquery, whose ORDER BY the primary key (company_id, kind, name) already satisfies: an ORDER BY inside
 * json_group_array sorted them in a temporary b-tree for every company. The chain of predecessors is walked only for
 * a company something merged into: few are, and one probe of companies_by_successor costs far less than starting the
 * recursive walk for every company read. A company lists its first MAX_PREDECESSORS_SHOWN predecessors in the walk's order
 * (breadth first: those merged into it directly, then those merged into them), and how many there are; no sort.
 */
export const COMPANY_SELECT = `c.id, c.corporate_number, c.name, c.name_kana, c.name_en, c.legal_form, c.prefecture_code,
  c.prefecture, c.city, c.street, c.postal_code, c.address_outside, c.address_en, c.status, c.closed_on, c.close_cause,
  c.successor_corporate_number, c.updated_on, c.enforcement_count, c.procurement_suspension_count, c.license_action_count,
  (SELECT json_group_array(json_object('name', name, 'kind', kind))
   FROM (SELECT a.name, a.kind FROM company_aliases a WHERE a.company_id = c.id ORDER BY a.kind, a.name)) AS aliases_json,
  CASE WHEN EXISTS (SELECT 1 FROM companies s WHERE s.successor_corporate_number = c.corporate_number)
  THEN (WITH found(number) AS MATERIALIZED (${PREDECESSOR_NUMBERS('c.corporate_number')})
    SELECT json_object('total', (SELECT count(*) FROM found), 'shown', (SELECT json_group_array(json_object(
        'corporate_number', p.corporate_number, 'name', p.name, 'record_counts', json_object('enforcements',
        p.enforcement_count, 'procurement_suspensions', p.procurement_suspension_count, 'license_actions',
        p.license_action_count)))
      FROM (SELECT number FROM found LIMIT ${MAX_PREDECESSORS_SHOWN}) f JOIN companies p ON p.corporate_number = f.number)))
  END AS predecessors_json`;

/**
 * A row of COMPANY_SELECT read with `.raw()`, column by column as the companies table declares them (NOT NULL or
 * not, status by its CHECK constraint); the statements that read it declare it as their row type.
 */
export type CompanyRow = readonly [
  id: number,
  corporate_number: string,
  name: string,
  name_kana: string | null,
  name_en: string | null,
  legal_form: string,
  prefecture_code: string | null,
  prefecture: string | null,
  city: string | null,
  street: string | null,
  postal_code: string | null,
  address_outside: string | null,
  address_en: string | null,
  status: Company['status'],
  closed_on: string | null,
  close_cause: string | null,
  successor_corporate_number: string | null,
  updated_on: string | null,
  enforcement_count: number,
  procurement_suspension_count: number,
  license_action_count: number,
  aliases_json: string,
  /** NULL for a company nothing merged into (most): no JSON to build or parse. */
  predecessors_json: string | null,
];

/**
 * A company from a row of COMPANY_SELECT read with `.raw()`: an array, turned into the record by one object literal,
 * an order of magnitude cheaper than better-sqlite3 building an object of its named columns and copying it without its id.
 */
export function companyFromRow(row: CompanyRow): { readonly id: number; readonly company: CompanyRecord } {
  const predecessors = predecessorsOfRow(row[22]);
  return {
    id: row[0],
    company: {
      corporate_number: row[1],
      name: row[2],
      name_kana: row[3],
      name_en: row[4],
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- SQLite's json_group_array built it in COMPANY_SELECT from company_aliases' NOT NULL name and kind, the kind by its CHECK constraint
      aliases: JSON.parse(row[21]) as Company['aliases'],
      legal_form: row[5],
      address: {
        prefecture_code: row[6],
        prefecture: row[7],
        city: row[8],
        street: row[9],
        postal_code: row[10],
        outside: row[11],
        en: row[12],
      },
      status: row[13],
      closed_on: row[14],
      close_cause: row[15],
      successor_corporate_number: row[16],
      record_counts: {
        enforcements: row[18],
        procurement_suspensions: row[19],
        license_actions: row[20],
      },
      predecessors: predecessors.shown,
      predecessors_total: predecessors.total,
      updated_on: row[17],
    },
  };
}

/** The predecessors column: `{ "total", "shown" }`, built by COMPANY_SELECT, or NULL when there are none. */
function predecessorsOfRow(json: string | null): { total: number; shown: Company['predecessors'] } {
  if (json === null) return { total: 0, shown: [] };
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- SQLite's json_object built it in COMPANY_SELECT: a count, and an array from the companies table's NOT NULL number, name and record counts
  return JSON.parse(json) as { total: number; shown: Company['predecessors'] };
}
