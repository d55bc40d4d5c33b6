// The child rows of a page of records (laws cited, sectors affected, permits), one statement per child table
// for the whole page rather than one per record.
import type { Statement } from 'better-sqlite3';
import type { Permit, RecordKind } from '../../domain/records/record.js';
import type { Db } from '../schema/database.js';
import type { ChildValues, Row } from '../schema/record-rows.js';

const NONE: ChildValues = { laws: [], sectors: [], permits: [], permitsTotal: 0 };

const IN_PAGE = 'rid IN (SELECT value FROM json_each(?))';

export class RecordChildren {
  private readonly laws: Statement<[string], { rid: number; code: string }>;
  private readonly sectors: Statement<[string], { rid: number; code: string }>;
  private readonly permits: Statement<[string, number], Permit & { rid: number }>;
  private readonly permitCounts: Statement<[string], { rid: number; n: number }>;

  constructor(db: Db) {
    // the order the record gave (position), by code for rows written before positions were kept
    this.laws = db.prepare(
      `SELECT rid, law_code AS code FROM enforcement_laws WHERE ${IN_PAGE} ORDER BY rid, position, law_code`,
    );
    this.sectors = db.prepare(
      `SELECT rid, sector_code AS code FROM license_action_sectors WHERE ${IN_PAGE} ORDER BY rid, position, sector_code`,
    );
    this.permits = db.prepare(
      `SELECT rid, sector_code, number FROM license_action_permits WHERE ${IN_PAGE} AND position < ? ORDER BY rid, position`,
    );
    this.permitCounts = db.prepare(
      `SELECT rid, count(*) AS n FROM license_action_permits WHERE ${IN_PAGE} GROUP BY rid`,
    );
  }

  /** Child values by rid; `maxPermits` bounds the permits read per record (0 reads none, nor their count). */
  read(kind: RecordKind, rows: readonly Row[], maxPermits: number): (row: Row) => ChildValues {
    if (kind === 'procurement_suspension' || rows.length === 0) return () => NONE;
    const rids = JSON.stringify(rows.map((row) => row.rid));
    if (kind === 'enforcement') {
      const laws = grouped(this.laws.all(rids));
      return (row) => ({
        laws: primaryFirst(String(row.law_code), laws.get(Number(row.rid)) ?? []),
        sectors: [],
        permits: [],
        permitsTotal: 0,
      });
    }
    const sectors = grouped(this.sectors.all(rids));
    const permits = new Map<number, Permit[]>();
    const totals = new Map<number, number>();
    if (maxPermits > 0) {
      for (const { rid, sector_code, number } of this.permits.all(rids, maxPermits)) {
        const list = permits.get(rid) ?? [];
        list.push({ sector_code, number });
        permits.set(rid, list);
      }
      for (const { rid, n } of this.permitCounts.all(rids)) totals.set(rid, n);
    }
    return (row) => ({
      laws: [],
      sectors: primaryFirst(String(row.sector_code), sectors.get(Number(row.rid)) ?? []),
      permits: permits.get(Number(row.rid)) ?? [],
      permitsTotal: totals.get(Number(row.rid)) ?? 0,
    });
  }
}

function grouped(rows: readonly { rid: number; code: string }[]): Map<number, string[]> {
  const byRid = new Map<number, string[]>();
  for (const { rid, code } of rows) {
    const list = byRid.get(rid) ?? [];
    list.push(code);
    byRid.set(rid, list);
  }
  return byRid;
}

// Rows written before positions were kept come back by code; the primary code goes first, as the writer has it.
function primaryFirst(primary: string, codes: readonly string[]): string[] {
  return codes.length === 0 ? [] : [primary, ...codes.filter((code) => code !== primary)];
}
