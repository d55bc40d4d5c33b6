import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openStore } from '../src/store/store.js';
import { pickRotations } from './production-cases.js';
const dir = mkdtempSync(join(tmpdir(), 'x-'));
const dbPath = join(dir, 'demo.sqlite');
buildDemoDatabase(dbPath, { now: new Date('2026-11-21T03:00:00Z') });
const r = pickRotations(dbPath);
const config = loadConfig({ KOHYO_DB: dbPath });
const store = openStore(dbPath);
const app = await buildApp({ config, dataset: () => store, clock: () => new Date(), logger: false });
for (const path of r.recordFilters.slice(0, 6)) {
  for (let k = 0; k < 2; k++) {
    const t = process.cpuUsage();
    for (let i = 0; i < 300; i++) await app.inject(path);
    const u = process.cpuUsage(t);
    if (k === 1) console.log(((u.user + u.system) / 300).toFixed(0), decodeURIComponent(path));
  }
}
