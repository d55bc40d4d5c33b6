// Whether two imports left the same database: a digest of each table, of the full-text indexes' content and of the schema.
// `node --import tsx bench/nta-same-database.ts DB [--save FILE] [--against FILE]`
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { COMPANY_FTS_TABLES } from '../src/store/write/company-terms-writer.js';

/** Parts whose content is not the data: the build time, and the FTS tables' own storage (compared through fts5vocab). */
const SKIPPED_ROWS: Readonly<Record<string, string>> = { dataset_meta: "key <> 'version'" };
const FTS_INDEXES = COMPANY_FTS_TABLES;

/** One digest per table (its rows in key order), per FTS index (every term instance) and for the schema. */
export function digestDatabase(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const digests: Record<string, string> = {};
    const objects = db
      .prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex%' ORDER BY type, name",
      )
      .all() as { type: string; name: string; sql: string | null }[];
    digests.schema = hashRows(objects.map((o) => [o.type, o.name, o.sql]));
    digests.pragmas = ['user_version', 'page_size', 'encoding']
      .map((p) => `${p} ${String(db.pragma(p, { simple: true }))}`)
      .join(', ');
    const virtual = objects
      .filter((o) => o.type === 'table' && /^CREATE VIRTUAL/iu.test(o.sql ?? ''))
      .map((o) => o.name);
    const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
    for (const { name } of objects.filter((o) => o.type === 'table' && !virtual.includes(o.name) && !shadow(o.name))) {
      const where = SKIPPED_ROWS[name] ?? '1';
      // ordered by every column: the same rows in the same order whatever the table's key
      const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[]).map(
        (c) => `"${c.name}"`,
      );
      digests[`table ${name}`] = hashRows(
        db
          .prepare(`SELECT ${columns.join(', ')} FROM "${name}" WHERE ${where} ORDER BY ${columns.join(', ')}`)
          .raw()
          .iterate() as Iterable<unknown[]>,
      );
    }
    for (const index of FTS_INDEXES) {
      db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp."${index}_vocab" USING fts5vocab(main, "${index}", instance)`);
      digests[`fts ${index}`] = hashRows(
        db.prepare(`SELECT term, doc, col, offset FROM temp."${index}_vocab"`).raw().iterate() as Iterable<unknown[]>,
      );
    }
    return digests;
  } finally {
    db.close();
  }
}

function hashRows(rows: Iterable<unknown[]>): string {
  const hash = createHash('sha256');
  let n = 0;
  for (const row of rows) {
    hash.update(JSON.stringify(row));
    hash.update('\n');
    n++;
  }
  return `${n} rows ${hash.digest('hex').slice(0, 16)}`;
}

function main(argv: readonly string[]): number {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { save: { type: 'string' }, against: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new Error('usage: nta-same-database.ts DB [--save FILE] [--against FILE]');
  const digests = digestDatabase(positionals[0]!);
  if (values.save !== undefined) writeFileSync(values.save, `${JSON.stringify(digests, null, 2)}\n`);
  if (values.against === undefined) {
    for (const [part, digest] of Object.entries(digests)) console.log(`${part.padEnd(40)} ${digest}`);
    return 0;
  }
  const before = JSON.parse(readFileSync(values.against, 'utf8')) as Record<string, string>;
  const parts = [...new Set([...Object.keys(before), ...Object.keys(digests)])];
  const differ = parts.filter((p) => before[p] !== digests[p]);
  for (const part of parts)
    console.log(
      `${differ.includes(part) ? 'DIFFERS' : 'same   '} ${part.padEnd(40)} ${digests[part] ?? '(missing)'}${differ.includes(part) ? ` (was ${before[part] ?? 'missing'})` : ''}`,
    );
  console.log(differ.length === 0 ? 'the same database' : `${differ.length} parts differ`);
  return differ.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
