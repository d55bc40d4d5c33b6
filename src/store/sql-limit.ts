// LIMIT as a literal in the SQL text rather than a bound parameter.
//
// SQLite reads a bound LIMIT's value while planning, so a statement with `LIMIT ?` is planned again every time a value
// is bound to it: with better-sqlite3, which binds anew on each call, on every run (bench:replanning), a cost on
// every statement. A literal keeps one plan; the statement caches key on the SQL text, so each distinct limit is
// prepared once.

/** `LIMIT n` for a count the code computed; anything but a non-negative safe integer is refused, never written into SQL. */
export function limitSql(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 0)
    throw new RangeError(`a LIMIT must be a non-negative integer, not ${rows}`);
  return `LIMIT ${rows}`;
}
