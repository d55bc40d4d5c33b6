// The pages for people, walked in Debian's headless Chromium with JavaScript off as a person would: search by name,
// kana and number, open a company, open a record, switch language, follow the feed link; checked with axe-core for
// serious and critical accessibility violations, for size and for requests to other hosts.
// Set KOHYO_SCREENSHOTS=docs to refresh the screenshots of the four pages in docs/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { limitedServer } from '../helpers/limited-server.js';
import { launchChromium } from '../helpers/chromium.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** A page and everything it loads. */
const MAX_PAGE_BYTES = 100_000;

let server: TestServer;
let browser: Browser;
let noScript: BrowserContext;
before(async () => {
  browser = await launchChromium();
  server = await startServer({ dbPath: await demoDatabase() });
  noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1100, height: 1000 },
    locale: 'ja-JP',
  });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A page in `context`, noting every request that leaves the service and the bytes it loads, since it opened or since
 * the last `forget()`.
 */
async function openPage(
  context: BrowserContext,
): Promise<{ page: Page; elsewhere: string[]; bytes: () => number; forget: () => void }> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const elsewhere: string[] = [];
  let loaded = 0;
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  page.on('response', (response) => {
    void response.body().then(
      (body) => (loaded += body.length),
      () => undefined,
    );
  });
  const forget = () => {
    elsewhere.length = 0;
    loaded = 0;
  };
  return { page, elsewhere, bytes: () => loaded, forget };
}

async function search(page: Page, q: string): Promise<void> {
  await page.getByRole('searchbox').first().fill(q);
  await page
    .getByRole('button', { name: /検索|Search/u })
    .first()
    .click();
  await page.waitForLoadState('load');
}

test('search by name, kana and number, open the company, open a record, switch language: all without script', async () => {
  const { page, elsewhere, bytes } = await openPage(noScript);
  await page.goto(`${server.url}/`);
  assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
  for (const q of ['北辰建設', 'ホクシンケンセツ', 'hokushin', '8999999000001']) {
    await search(page, q);
    assert.equal(new URL(page.url()).pathname, '/search', q);
    const company = page.locator('a[href^="/companies/8999999000001"]').first();
    assert.equal(await company.count(), 1, `${q} finds 北辰建設`);
  }
  await page.locator('a[href^="/companies/8999999000001"]').first().click();
  await page.waitForLoadState('load');
  assert.equal(await page.locator('h1').textContent(), '北辰建設株式会社');
  const feed = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
  assert.ok(feed?.includes('8999999000001'), 'the company page offers its feed');
  assert.equal(await page.locator(`a[href="${feed}"]`).count(), 1, 'and links it for people');
  // the feed a reader subscribes to: every kind of the company's records, each entry linking its page
  const atom = await fetch(new URL(feed ?? '', page.url()));
  assert.equal(atom.status, 200);
  assert.match(atom.headers.get('content-type') ?? '', /^application\/atom\+xml/u);
  const entries = (await atom.text()).match(/<link rel="alternate" [^>]*href="[^"]*\/records\/[^"]+"/gu) ?? [];
  assert.ok(entries.length > 0, 'the entries link the records pages');
  const record = page.locator('a[href^="/records/"]').first();
  const recordHref = await record.getAttribute('href');
  await record.click();
  await page.waitForLoadState('load');
  assert.ok(page.url().includes(recordHref ?? 'no record'), page.url());
  const source = page.locator('dd a[href^="http"]').first();
  assert.match((await source.getAttribute('href')) ?? '', /^https?:\/\//u, 'the record links its source');
  await page.getByRole('link', { name: 'English' }).click();
  await page.waitForLoadState('load');
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  assert.ok((await page.locator('main').innerText()).includes('Source'), 'the record page in English');
  assert.deepEqual(elsewhere, [], 'a page loaded something from another host');
  assert.ok(bytes() < 10 * MAX_PAGE_BYTES, `${bytes()} bytes over the walk`);
});

test('an empty answer says how many sources it rests on and what a no means', async () => {
  const { page } = await openPage(noScript);
  await page.goto(`${server.url}/search?q=${encodeURIComponent('存在しない会社名ですよ')}&lang=en`);
  const text = await page.locator('main').innerText();
  assert.match(text, /Nothing was found in the \d+ sources searched\./u);
  assert.match(text, /Not searched, never collected \(\d+\): /u);
  assert.match(text, /\d+ sources searched, each as collected on \d{1,2} [A-Z][a-z]+ \d{4} or later/u);
  assert.match(text, /not that the company has no record/u);
});

test('on a phone (390 × 844), the first screen of a search shows its first results, and what was searched follows them', async () => {
  // the results come first: the box of what was searched filled the first screen, the first result at about 1,100 px
  const phone = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await phone.newPage();
    page.setDefaultTimeout(15_000);
    for (const [language, searched] of [
      ['ja', '検索した範囲'],
      ['en', 'What was searched'],
    ] as const) {
      await page.goto(`${server.url}/search?q=${encodeURIComponent('北辰建設')}&lang=${language}`);
      const first = await page.locator('ul.results li').first().boundingBox();
      assert.ok(first !== null, `${language}: a first result`);
      assert.ok(first.y < 844, `${language}: the first result stands at ${first.y} px, past the first screen`);
      const box = await page.getByRole('heading', { name: searched }).boundingBox();
      assert.ok(box !== null && box.y > first.y, `${language}: 「${searched}」 follows the results`);
      assert.equal(await page.locator('main').getByText(searched).count(), 1, `${language}: said once`);
    }
  } finally {
    await phone.close();
  }
});

const PAGES = [
  ['home', '/'],
  ['search', `/search?q=${encodeURIComponent('北辰建設')}`],
  ['company', '/companies/8999999000001'],
  ['record', null],
  ['coverage', '/coverage'],
  ['kind', `/search?q=${encodeURIComponent('北辰建設')}&kind=procurement_suspensions&page=2`],
] as const;

test('each page: no serious or critical axe-core violation, under 100 KB with what it loads, printable', async () => {
  // the pages' policy allows no script: the axe-core checker is the test's own, let in past it. Given to the context
  // once, as a script each page runs as it opens: added to each page, its 500 KB crossed to the browser twelve times
  // and took seconds a page
  const withScript = await browser.newContext({ viewport: { width: 1100, height: 1000 }, bypassCSP: true });
  await withScript.addInitScript({ content: AXE_SOURCE });
  try {
    const first: unknown = await (
      await fetch(`${server.url}/api/v1/enforcements?corporate_number=8999999000001`)
    ).json();
    const recordPath = (first as { data: { enforcements: { links: { html: string } }[] } }).data.enforcements[0]!.links
      .html;
    // one page for all: a new page is a new renderer process, seconds each on a loaded machine
    const { page, elsewhere, bytes, forget } = await openPage(withScript);
    for (const [name, path] of PAGES) {
      for (const language of ['ja', 'en']) {
        forget();
        const address = `${server.url}${path ?? recordPath}${(path ?? recordPath).includes('?') ? '&' : '?'}lang=${language}`;
        const response = await page.goto(address, { waitUntil: 'load' });
        assert.equal(response?.status(), 200, address);
        const violations = await page.evaluate(async () => {
          // axe is the global the script above defines
          const { axe } = globalThis as unknown as {
            axe: { run(): Promise<{ violations: { id: string; impact: string; help: string }[] }> };
          };
          const result = await axe.run();
          return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        });
        assert.deepEqual(violations, [], `${name} (${language})`);
        assert.deepEqual(elsewhere, [], `${name} loaded something from another host`);
        assert.ok(bytes() < MAX_PAGE_BYTES, `${name}: ${bytes()} bytes`);
        await page.emulateMedia({ media: 'print' });
        assert.equal(await page.locator('form.search').first().isVisible(), false, `${name}: no form on paper`);
        await page.emulateMedia({ media: 'screen' });
        if (process.env.KOHYO_SCREENSHOTS && language === 'ja') {
          await page.screenshot({ path: join(process.env.KOHYO_SCREENSHOTS, `page-${name}.png`), fullPage: false });
        }
      }
    }
  } finally {
    await withScript.close();
  }
});

test('a refused page is a page that says when to come back', async () => {
  const limited = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '1' });
  try {
    const page = await noScript.newPage();
    await page.goto(`${limited.server.url}/search?q=hokushin&lang=en`);
    const refused = await page.goto(`${limited.server.url}/search?q=hokushin&lang=en`);
    assert.equal(refused?.status(), 429);
    assert.match(refused?.headers()['content-type'] ?? '', /^text\/html/u);
    assert.match(await page.locator('main').innerText(), /come back after \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} JST/u);
  } finally {
    await limited.close();
  }
});
