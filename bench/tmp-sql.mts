import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { recordPageSql, recordCountSql } from '../src/store/record-sql.js';
import { RECORD_TABLES } from '../src/store/record-tables.js';
import { resolveRecordQuery } from '../src/http/record-query.js';
import { openStore } from '../src/store/store.js';
const dir = mkdtempSync(join(tmpdir(), 'x-'));
const dbPath = join(dir, 'demo.sqlite');
buildDemoDatabase(dbPath, { now: new Date('2026-11-21T03:00:00Z') });
const store = openStore(dbPath);
const db = new Database(dbPath, { readonly: true });
for (const [kind, params] of [['enforcement', { authority: 'jftc' }], ['procurement_suspension', { status: 'ended' }]] as const) {
  const { query } = resolveRecordQuery(kind, params as any, store, '2026-11-21');
  const f = recordPageSql(RECORD_TABLES[kind], query, 10, 10);
  console.log(f.sql, f.params);
  console.log(db.prepare(`EXPLAIN QUERY PLAN ${f.sql}`).all(...f.params).map((r: any) => r.detail).join('\n'));
  const st = db.prepare(f.sql);
  const t = process.hrtime.bigint(); for (let i = 0; i < 1000; i++) st.all(...f.params); console.log('page µs', Number(process.hrtime.bigint() - t) / 1e6);
  const c = recordCountSql(RECORD_TABLES[kind], query, 101);
  const sc = db.prepare(c.sql);
  const t2 = process.hrtime.bigint(); for (let i = 0; i < 1000; i++) sc.all(...c.params); console.log('count µs', Number(process.hrtime.bigint() - t2) / 1e6);
  const t3 = process.hrtime.bigint(); for (let i = 0; i < 1000; i++) store.records.page(kind, query, { limit: 10, page: 2 }); console.log('store.page µs', Number(process.hrtime.bigint() - t3) / 1e6);
}
