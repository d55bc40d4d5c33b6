import Database from 'better-sqlite3';
const dbPath = process.argv[2]!;
for (const [label, open] of [
  ['plain', () => new Database(dbPath, { readonly: true })],

  ['exclusive', () => { const d = new Database(dbPath, { readonly: true }); d.pragma('locking_mode = EXCLUSIVE'); return d; }],
] as const) {
  const db = open();
  const st = db.prepare('SELECT * FROM enforcements WHERE rid = ?'); st.get(5);
  const st2 = db.prepare('SELECT r.* FROM enforcements r WHERE r.authority_code = ? ORDER BY r.date DESC, r.rid DESC LIMIT 11 OFFSET 10');
  let t = process.hrtime.bigint(); for (let i = 0; i < 2000; i++) st.get(5); const a = Number(process.hrtime.bigint() - t) / 2000 / 1e3;
  t = process.hrtime.bigint(); for (let i = 0; i < 2000; i++) st2.all('jftc'); const b = Number(process.hrtime.bigint() - t) / 2000 / 1e3;
  console.log(label, 'pk', a.toFixed(1), 'page', b.toFixed(1), db.pragma('journal_mode', { simple: true }));
  db.close();
}
