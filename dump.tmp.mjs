import XLSX from '@e965/xlsx';
import fs from 'node:fs';
const f = process.argv[2];
const wb = XLSX.read(fs.readFileSync(f), { cellDates: true });
for (const name of wb.SheetNames) {
  const rows = XLSX.utils.sheet_to_json(wb.Sheets[name], { header: 1, raw: true, defval: null });
  console.log(`--- sheet ${name}: ${rows.length} rows`);
  for (const r of rows.slice(0, Number(process.argv[3] ?? 4))) console.log(JSON.stringify(r).slice(0, 200));
}
