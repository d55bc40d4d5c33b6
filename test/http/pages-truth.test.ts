// The pages tell the truth and reach every record, walked in headless Chromium with JavaScript off, in
// Japanese and in English: the coverage statement says what was found (the counts of meta.matches) and what was
// searched (the sources not current, by name, and /coverage with every source); each kind's matches page by page;
// a wrong check digit said; the company page a screening record; Japanese marked as such on English pages; links
// from the routed path. The demo's companies and records are found through the API, not named here.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../helpers/server.js';
import { launchChromium } from '../helpers/chromium.js';
import { ok } from '../helpers/answers.js';
import { rawRequest } from '../helpers/raw-request.js';

const LANGUAGES = ['ja', 'en'] as const;
const LISTS = ['enforcements', 'procurement_suspensions', 'license_actions'] as const;
/** A record's API address by its id's prefix. */
const RECORD_APIS: Readonly<Record<string, string>> = {
  enf: '/api/v1/enforcements',
  ps: '/api/v1/procurement-suspensions',
  la: '/api/v1/license-actions',
};

let server: TestServer;
let browser: Browser;
let noScript: BrowserContext;
before(async () => {
  browser = await launchChromium();
  server = await startServer({ dbPath: await demoDatabase() });
  noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 1000 } });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

let tab: Page | undefined;

/**
 * `path` in the one tab the tests share, which each test leaves open: a new tab for each page cost Chromium about
 * twice the CPU of the page itself. Reset to the screen, as a test may have turned it to print.
 */
async function open(path: string): Promise<Page> {
  if (tab === undefined || tab.isClosed()) {
    tab = await noScript.newPage();
    tab.setDefaultTimeout(15_000);
  }
  const page = tab;
  await page.emulateMedia({ media: 'screen' });
  const response = await page.goto(`${server.url}${path}`);
  assert.ok(response !== null && response.status() < 500, path);
  return page;
}

let busy: ReturnType<typeof findBusyName> | undefined;

/** findBusyName's answer, worked out once: the dataset does not change under the tests. */
const busyName = () => (busy ??= findBusyName());

/** A company name of the demo whose search finds more of one kind than a page shows, and that search's answer. */
async function findBusyName() {
  const companies = await ok(server, '/api/v1/companies?q=%E5%BB%BA%E8%A8%AD');
  for (const company of companies.data.companies) {
    const answer = await ok(server, `/api/v1/search?q=${encodeURIComponent(company.name)}`);
    if (LISTS.some((list) => answer.meta.matches[list] > 10)) return { name: company.name, answer };
  }
  throw new Error('the demo has no company with more than ten records of a kind');
}

test('the statement says what was found, as meta.matches counts it, and names the sources not current', async () => {
  const { name, answer } = await busyName();
  for (const language of LANGUAGES) {
    const page = await open(`/search?q=${encodeURIComponent(name)}&lang=${language}`);
    const statement = await page.locator('section.coverage').innerText();
    for (const list of LISTS) {
      const n = answer.meta.matches[list];
      assert.ok(statement.includes(String(n)), `${language}: ${list} ${n} in ${statement}`);
      const coverage = answer.meta.coverage[list];
      assert.ok(statement.includes(String(coverage.collected)), `${language}: the sources searched of ${list}`);
      for (const source of coverage.not_current.sources) assert.ok(statement.includes(source.publisher.name));
    }
    assert.doesNotMatch(statement, language === 'en' ? /Nothing/u : /該当はありません/u);
    assert.equal(await page.locator('section.coverage a[href^="/coverage"]').count(), 1, 'every source, linked');
  }
});

/**
 * The paths of the results a list's pages link to (`/records/…`, `/companies/…`), read page by page through the pager's
 * "next" link from the page the browser was sent to, each once.
 */
async function linksPageByPage(page: Page, prefix: string): Promise<Set<string>> {
  await page.waitForLoadState('load');
  const seen = new Set<string>();
  for (;;) {
    for (const href of await page
      .locator(`main ul.results a[href^="${prefix}"]`)
      .evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').split('?')[0]!)))
      seen.add(href);
    const next = page.locator('nav.pager a').last();
    const current = Number(await page.locator('nav.pager [aria-current="page"]').textContent());
    const nextHref = (await next.count()) === 0 ? null : await next.getAttribute('href');
    if (nextHref === null || !nextHref.includes(`page=${current + 1}`)) return seen;
    await next.click();
    await page.waitForLoadState('load');
  }
}

test('every match of a kind is reachable: "show all" leads to its pages, within the page cap', async () => {
  const { name, answer } = await busyName();
  const list = LISTS.find((l) => answer.meta.matches[l] > 10) ?? 'enforcements';
  for (const language of LANGUAGES) {
    const page = await open(`/search?q=${encodeURIComponent(name)}&lang=${language}`);
    await page.locator(`a[href*="kind=${list}"]`).first().click();
    const seen = await linksPageByPage(page, '/records/');
    assert.equal(seen.size, answer.meta.matches[list], `${language}: every ${list} match, each once`);
  }
  // past the API's page cap (KOHYO_MAX_PAGE, 10 by default) a page is refused as the API refuses it
  const refused = await server.get(`/search?q=${encodeURIComponent(name)}&kind=${list}&page=11`);
  assert.equal(refused.status, 400);
});

test('every company a results page counts is reachable: "show all" leads to the companies page by page', async () => {
  const q = '建設';
  const answer = await ok(server, `/api/v1/search?q=${encodeURIComponent(q)}`);
  const total = answer.meta.matches.companies;
  assert.ok(total > 10 && total <= 100, `${total} companies: more than one page, within the page cap`);
  for (const language of LANGUAGES) {
    const page = await open(`/search?q=${encodeURIComponent(q)}&lang=${language}`);
    await page.locator('#companies-heading a[href*="kind=companies"]').click();
    const seen = await linksPageByPage(page, '/companies/');
    assert.equal(seen.size, total, `${language}: every company, each once`);
    assert.ok(
      answer.data.companies.every((c) => seen.has(c.links.html)),
      `${language}: the answer's first companies among them`,
    );
  }
  const refused = await server.get(`/search?q=${encodeURIComponent(q)}&kind=companies&page=11`);
  assert.equal(refused.status, 400);
});

test('a Corporate Number with a wrong check digit is said to be one, in either language', async () => {
  const { answer } = await busyName();
  const number = answer.data.companies[0]!.corporate_number;
  const wrong = `${(Number(number[0]) + 1) % 10}${number.slice(1)}`;
  const notice = await ok(server, `/api/v1/search?q=${wrong}`);
  assert.match(notice.meta.notice ?? '', /check digit/u);
  for (const [language, words] of [
    ['ja', /チェックデジット/u],
    ['en', /check digit/u],
  ] as const) {
    const page = await open(`/search?q=${wrong}&lang=${language}`);
    assert.match(await page.locator('main .notice[role="note"]').innerText(), words);
  }
});

test('the company page: its records, those naming it linked to none labelled, what was searched, when and from which dataset', async () => {
  const { answer } = await busyName();
  const company = answer.data.companies[0]!;
  const dataset = answer.meta.dataset.version;
  for (const language of LANGUAGES) {
    const page = await open(`${company.links.html}?lang=${language}`);
    const main = page.locator('main');
    // each record naming a company of its name linked to none is labelled so on its line, after its own records
    for (const href of await main
      .locator('li:has(em[data-relation="named"]) a[href^="/records/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
      const id = href.split('/')[2]!.split('?')[0]!;
      const api = `${RECORD_APIS[id.split('_')[0]!]}/${id}`;
      const record = (await (await fetch(`${server.url}${api}`)).json()) as {
        data: Record<string, { company: { corporate_number: string | null } }>;
      };
      const shown = Object.values(record.data)[0];
      assert.equal(shown?.company.corporate_number, null, `${id} is linked to no company`);
    }
    assert.equal(await main.locator('section.coverage').count(), 1, 'what was searched');
    assert.equal(await main.locator(`section.answer time[datetime="${dataset}"]`).count(), 1, 'the dataset version');
    assert.ok(await main.locator('section.answer time').first().isVisible(), 'the time of the answer');
    await page.emulateMedia({ media: 'print' });
    assert.ok(await main.locator('section.answer').isVisible(), 'printed, the page identifies its answer');
    assert.equal(await page.locator('form.search').first().isVisible(), false);
  }
});

test('/coverage lists every source of /api/v1/coverage by kind, in either language', async () => {
  const sources = (await ok(server, '/api/v1/coverage')).data.sources;
  for (const language of LANGUAGES) {
    const page = await open(`/coverage?lang=${language}`);
    const rows = await page.locator('main tbody tr').count();
    assert.equal(rows, sources.length, language);
    const text = await page.locator('main').innerText();
    for (const source of sources) assert.ok(text.includes(source.title), source.id);
  }
});

/** The text of `main` in a language other than the page's, outside any element marked with its language. */
async function unmarkedJapanese(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (
        /[\u3040-\u30ff\u4e00-\u9fff]/u.test(text) &&
        node.parentElement?.closest('[lang]')?.getAttribute('lang') !== 'ja'
      )
        found.push(text.trim());
    }
    return found;
  });
}

test('English pages mark every Japanese part lang="ja"; Japanese pages speak Japanese to developers too', async () => {
  const { name, answer } = await busyName();
  const company = answer.data.companies[0]!;
  const record = answer.data.enforcements[0] ?? answer.data.procurement_suspensions[0]!;
  for (const path of [
    `/search?q=${encodeURIComponent(name)}`,
    company.links.html,
    record.links.html,
    '/coverage',
    '/',
  ]) {
    const page = await open(`${path}${path.includes('?') ? '&' : '?'}lang=en`);
    assert.deepEqual(await unmarkedJapanese(page), [], path);
    assert.doesNotMatch(await page.title(), /Kohyo \| Kohyo/u);
  }
  const home = await open('/?lang=ja');
  const developers = await home.locator('#developers-heading + ul').innerText();
  assert.doesNotMatch(developers, /API reference|the guide for/u);
});

test('an error page speaks of the Corporate Number, not of a parameter', async () => {
  for (const [language, words] of [
    ['ja', /法人番号/u],
    ['en', /Corporate Number/u],
  ] as const) {
    const page = await open(`/companies/1234?lang=${language}`);
    const text = await page.locator('main').innerText();
    assert.match(text, words);
    assert.doesNotMatch(text, /corporate_number/u);
  }
});

test('an absolute-form request target does not reach the page: its links are built from the routed path', async () => {
  for (const target of ['http://evil.example/search?q=x&lang=en', 'http://evil.example/companies/1234']) {
    const answer = await rawRequest(server.url, target);
    assert.ok(answer.status === 200 || answer.status === 400, `${target}: ${answer.status}`);
    assert.doesNotMatch(answer.body, /evil\.example/u, target);
  }
});

test("a company's feed: no entry is updated after the feed, nor published after the answer", async () => {
  const { answer } = await busyName();
  const feed = await server.get(`/api/v1/search?q=${answer.data.companies[0]!.corporate_number}&format=atom`);
  const [head = '', ...entries] = feed.text.split('<entry>');
  const feedUpdated = /<updated>([^<]+)<\/updated>/u.exec(head)?.[1] ?? '';
  assert.ok(entries.length > 0);
  for (const entry of entries) {
    const updated = /<updated>([^<]+)<\/updated>/u.exec(entry)?.[1] ?? '';
    const published = /<published>([^<]+)<\/published>/u.exec(entry)?.[1] ?? '';
    assert.ok(Date.parse(updated) <= Date.parse(feedUpdated), `${updated} after the feed's ${feedUpdated}`);
    assert.ok(Date.parse(published) <= TEST_NOW.getTime(), `${published} after the answer`);
  }
});
