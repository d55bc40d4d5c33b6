// The README's picture of the search page (docs/page-search.png), taken from the page as the code renders it today:
// the demo dataset built now and served by the app, the results for 北辰建設 taken in headless Chromium (Debian's, as
// the browser tests start it) at 1100 × 1000.
//
//   npm run docs:screenshot
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/http/app.js';
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/store/read/store.js';
import { buildDemoDatabase } from './build-demo.js';
import { launchChromium } from '../test/helpers/chromium.js';

const OUT = new URL('../docs/page-search.png', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'kohyo-screenshot-'));
const dbPath = join(folder, 'demo.sqlite');
const now = new Date();
buildDemoDatabase(dbPath, { now });
const store = openStore(dbPath);
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent' }),
  dataset: () => store,
  clock: () => now,
  logger: false,
});
const browser = await launchChromium();
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  // the page in Japanese, as a visitor whose browser asks for it sees it
  const page = await browser.newPage({ locale: 'ja-JP', viewport: { width: 1100, height: 1000 } });
  await page.goto(`http://127.0.0.1:${address.port}/search?q=${encodeURIComponent('北辰建設')}`);
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
  await app.close();
  store.close();
  rmSync(folder, { recursive: true, force: true });
}
