// Runs the record endpoints' queries and returns plain typed records (codes, not labels).
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';
import type { Page, RecordQuery } from '../domain/record-query.js';
import { recordCountSql, recordPageSql, type RecordTable, type SqlFragment } from './record-sql.js';

export interface RecordCommon {
  readonly id: string;
  readonly company: {
    readonly corporate_number: string | null;
    readonly name: string;
    readonly name_en: string | null;
    readonly link: 'source' | 'name_address' | null;
  };
  readonly authority_code: string;
  readonly source: { readonly url: string; readonly title: string; readonly published_on: string | null; readonly retrieved_at: string };
}

export interface EnforcementRecord extends RecordCommon {
  readonly law_codes: readonly string[];
  readonly law_detail: string | null;
  readonly action_type: string;
  readonly date: string;
  readonly summary: string;
  readonly summary_en: string | null;
  readonly amount_jpy: number | null;
}

export interface ProcurementSuspensionRecord extends RecordCommon {
  readonly reason_code: string;
  readonly reason_detail: string;
  readonly period: { readonly from: string; readonly to: string | null };
  readonly lifted_on: string | null;
  readonly scope: string | null;
}

export interface LicenseActionRecord extends RecordCommon {
  readonly sector_code: string;
  readonly sector_codes: readonly string[];
  readonly permits: readonly { readonly sector_code: string; readonly number: string | null }[];
  readonly action_type: string;
  readonly nature: string;
  readonly date: string;
  readonly period: { readonly from: string; readonly to: string | null } | null;
  readonly reason_detail: string | null;
}

export interface RecordPage<T> {
  readonly records: T[];
  /** True when a row exists after this page. */
  readonly hasMore: boolean;
}

type Row = Record<string, string | number | null>;

export class RecordQueries {
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly lawsOf: Statement<unknown[]>;
  private readonly sectorsOf: Statement<unknown[]>;
  private readonly permitsOf: Statement<unknown[]>;

  constructor(private readonly db: Db) {
    this.lawsOf = db.prepare(`SELECT law_code FROM enforcement_laws WHERE rid = ?
      ORDER BY law_code = (SELECT law_code FROM enforcements WHERE rid = ?) DESC, law_code`);
    this.sectorsOf = db.prepare(`SELECT sector_code FROM license_action_sectors WHERE rid = ?
      ORDER BY sector_code = (SELECT sector_code FROM license_actions WHERE rid = ?) DESC, sector_code`);
    this.permitsOf = db.prepare('SELECT sector_code, number FROM license_action_permits WHERE rid = ? ORDER BY position');
  }

  enforcements(query: RecordQuery, page: Page): RecordPage<EnforcementRecord> {
    return this.page('enforcements', query, page, (row) => ({
      ...common(row),
      law_codes: this.lawCodes(row),
      law_detail: row.law_detail as string | null,
      action_type: row.action_type as string,
      date: row.date as string,
      summary: row.summary as string,
      summary_en: row.summary_en as string | null,
      amount_jpy: row.amount_jpy as number | null,
    }));
  }

  procurementSuspensions(query: RecordQuery, page: Page): RecordPage<ProcurementSuspensionRecord> {
    return this.page('procurement_suspensions', query, page, (row) => ({
      ...common(row),
      reason_code: row.reason_code as string,
      reason_detail: row.reason_detail as string,
      period: { from: row.period_from as string, to: row.period_to as string | null },
      lifted_on: row.lifted_on as string | null,
      scope: row.scope as string | null,
    }));
  }

  licenseActions(query: RecordQuery, page: Page): RecordPage<LicenseActionRecord> {
    return this.page('license_actions', query, page, (row) => ({
      ...common(row),
      sector_code: row.sector_code as string,
      sector_codes: (this.sectorsOf.all(row.rid, row.rid) as { sector_code: string }[]).map((s) => s.sector_code),
      permits: this.permitsOf.all(row.rid) as { sector_code: string; number: string | null }[],
      action_type: row.action_type as string,
      nature: row.nature as string,
      date: row.date as string,
      period: row.period_from === null ? null : { from: row.period_from as string, to: row.period_to as string | null },
      reason_detail: row.reason_detail as string | null,
    }));
  }

  /** How many rows match, up to `cap`. */
  count(table: RecordTable, query: RecordQuery, cap: number): number {
    return (this.run(recordCountSql(table, query, cap))[0]?.n as number | undefined) ?? 0;
  }

  private page<T>(table: RecordTable, query: RecordQuery, page: Page, map: (row: Row) => T): RecordPage<T> {
    const rows = this.run(recordPageSql(table, query, page.limit, (page.page - 1) * page.limit));
    return { records: rows.slice(0, page.limit).map(map), hasMore: rows.length > page.limit };
  }

  private lawCodes(row: Row): string[] {
    const codes = (this.lawsOf.all(row.rid, row.rid) as { law_code: string }[]).map((l) => l.law_code);
    return codes.length > 0 ? codes : [row.law_code as string];
  }

  private run(fragment: SqlFragment): Row[] {
    let statement = this.statements.get(fragment.sql);
    if (!statement) {
      statement = this.db.prepare(fragment.sql);
      this.statements.set(fragment.sql, statement);
    }
    return statement.all(...fragment.params) as Row[];
  }
}

function common(row: Row): RecordCommon {
  return {
    id: row.id as string,
    company: {
      corporate_number: row.company_corporate_number as string | null,
      name: row.company_name as string,
      name_en: row.company_name_en as string | null,
      link: row.company_link as 'source' | 'name_address' | null,
    },
    authority_code: row.authority_code as string,
    source: {
      url: row.source_url as string,
      title: row.source_title as string,
      published_on: row.published_on as string | null,
      retrieved_at: row.retrieved_at as string,
    },
  };
}
