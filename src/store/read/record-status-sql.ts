// The SQL of a record's status, computed against today in Japan: the terms of the `status` filter.
import type { RecordTable } from '../schema/record-tables.js';
import type { SqlFragment } from './sql-fragment.js';

/** The term of `status=value`: its SQL with today for each placeholder. */
export function statusSql(value: string, { kind, table }: RecordTable, today: string): SqlFragment {
  const status = kind === 'procurement_suspension' ? procurementStatusSql(value) : licenseStatusSql(value);
  const params = Array.from({ length: countPlaceholders(status) }, () => today);
  // A suspension's status bounds its start, the column suspensions are listed by: inline, the walk down that index
  // stops once the page is full (a subquery's rows are all read and sorted). A licence
  // action is listed by its date but its status bounds its start and end: as a subquery, the status's own date
  // index drives it instead of a walk down the dates.
  return kind === 'procurement_suspension'
    ? { sql: status, params }
    : { sql: `r.rid IN (SELECT r.rid FROM ${table} r WHERE ${status})`, params };
}

// The source's "lifted" wins over dates; otherwise the period against today decides.
function procurementStatusSql(status: string): string {
  switch (status) {
    case 'lifted':
      return 'r.lifted_on IS NOT NULL';
    case 'scheduled':
      return '(r.period_from > ? AND r.lifted_on IS NULL)';
    case 'active':
      return '(r.period_from <= ? AND (r.period_to IS NULL OR r.period_to >= ?) AND r.lifted_on IS NULL)';
    // a period never starts after it ends (record validation), so the start bound is implied; it lets the walk down the
    // order index be a range rather than a scan
    case 'ended':
      return '(r.period_to < ? AND r.period_from < ? AND r.lifted_on IS NULL)';
    default:
      throw new RangeError(`unknown procurement status ${status}`);
  }
}

function licenseStatusSql(status: string): string {
  switch (status) {
    case 'scheduled':
      return 'r.starts_on > ?';
    case 'in_effect':
      return '(r.starts_on <= ? AND (r.ends_on IS NULL OR r.ends_on >= ?))';
    case 'completed':
      return 'r.ends_on < ?';
    default:
      throw new RangeError(`unknown licence status ${status}`);
  }
}

function countPlaceholders(sql: string): number {
  return sql.split('?').length - 1;
}
