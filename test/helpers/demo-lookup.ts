// Read-only look-ups in a test database, to pick the companies and records a test asks the API about.
import Database from 'better-sqlite3';

export function lookup(dbPath: string) {
  const db = new Database(dbPath, { readonly: true });
  return {
    one<T>(sql: string, ...params: unknown[]): T {
      const row = db.prepare(sql).get(...params) as T | undefined;
      if (row === undefined) throw new Error(`no row for ${sql}`);
      return row;
    },
    all<T>(sql: string, ...params: unknown[]): T[] {
      return db.prepare(sql).all(...params) as T[];
    },
    close: () => db.close(),
  };
}
