// The API reference page in a real headless Chromium: it renders the operations from the OpenAPI
// document, a "Try it out" call to /api/v1/companies succeeds, and every request the page makes stays on the service.
// Set KOHYO_SCREENSHOT=docs/api-reference.png to refresh the README's screenshot.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { CHROMIUM, CHROMIUM_ARGS, assertChromium } from '../helpers/chromium.js';

const PACKAGE_LOGO = fileURLToPath(import.meta.resolve('@fastify/swagger-ui/static/logo.svg'));

let server: TestServer;
let browser: BrowserContext;
/** /docs, rendered once for both tests (Swagger UI takes seconds of CPU to render), with what it asked for. */
let docs: { page: Page; asked: string[]; elsewhere: string[]; failed: string[] };
before(async () => {
  assertChromium();
  server = await startServer({ dbPath: await demoDatabase() });
  // a new empty profile (Playwright's way of passing --user-data-dir)
  browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'kohyo-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 1000 },
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  docs = { page, asked: [], elsewhere: [], failed: [] };
  page.on('request', (request) => {
    const url = request.url();
    docs.asked.push(new URL(url).pathname);
    if (!url.startsWith(server.url) && !url.startsWith('data:')) docs.elsewhere.push(url);
  });
  page.on('requestfailed', (request) => docs.failed.push(request.url()));
  await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
  await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('/docs renders the operations and "Try it out" on /api/v1/companies answers 200, all from the service', async () => {
  const { page } = docs;
  const paths = await page.locator('.opblock-summary-path').allTextContents();
  for (const path of [
    '/api/v1/search',
    '/api/v1/companies',
    '/api/v1/enforcements',
    '/api/v1/procurement-suspensions',
    '/api/v1/license-actions',
    '/api/v1/procurement-suspension-coverage',
  ]) {
    assert.ok(
      paths.some((text) => text.replace(/\u200b/gu, '') === path),
      `${path} is not listed: ${paths.join(', ')}`,
    );
  }
  const operation = page.locator('#operations-companies-searchCompanies');
  await operation.locator('.opblock-summary-control').click();
  // the page opens with "Try it out" on (uiConfig.tryItOutEnabled): the parameters are editable at once
  await operation.locator('tr[data-param-name="q"] input').fill('hokushin');
  await operation.locator('.execute').click();
  const status = operation.locator('.live-responses-table tbody tr.response .response-col_status').first();
  await status.waitFor({ timeout: 20_000 });
  assert.equal((await status.textContent())?.trim(), '200');
  assert.match(
    (await operation.locator('.live-responses-table .microlight, .live-responses-table pre').first().textContent()) ??
      '',
    /"companies"/u,
  );
  if (process.env.KOHYO_SCREENSHOT) {
    await operation.locator('.live-responses-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: process.env.KOHYO_SCREENSHOT });
  }
  assert.deepEqual(docs.elsewhere, [], 'the page fetched from somewhere other than the service');
  assert.deepEqual(docs.failed, []);
});

// the page showed Fastify's logo, and linked the plugin's own /docs/json, which no document names
test("/docs shows Kohyo's name, not the package's logo, and loads and links only the documented /api/v1/openapi.json", async () => {
  const { page, asked } = docs;
  assert.equal(await page.title(), 'Kohyo API reference');
  const logo = await page.locator('.topbar a.link img').getAttribute('src');
  const svg = Buffer.from((logo ?? '').replace(/^data:image\/svg\+xml;base64,/u, ''), 'base64').toString('utf8');
  assert.match(svg, /Kohyo/u, 'the top bar shows Kohyo');
  assert.notEqual(svg, readFileSync(PACKAGE_LOGO, 'utf8'), "not @fastify/swagger-ui's logo");
  assert.ok(asked.includes('/api/v1/openapi.json'), asked.join(' '));
  assert.ok(!asked.some((path) => path.startsWith('/docs/json')), asked.join(' '));
  assert.equal(await page.locator('a[href*="/docs/json"]').count(), 0);
  assert.equal(
    await page.locator('.info a[href="/api/v1/openapi.json"]').count(),
    1,
    'the title links the documented address',
  );
  assert.ok(!(await page.locator('body').innerText()).includes('/docs/json'));
  assert.equal(await page.locator('.topbar .download-url-wrapper').isVisible(), false);
  assert.equal(await page.locator('link[rel="icon"]').getAttribute('href'), '/docs/static/theme/favicon.svg');
});
