// The resource isolation policy (src/http/hooks/resource-isolation.ts): another site's page cannot spend its visitor's
// standing. Each request below carries the Fetch Metadata headers Chromium sends for it; the last test has a real
// headless Chromium load a page of another origin with five images of the API.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { isCrossSiteLoad } from '../../../src/http/hooks/resource-isolation.js';
import { limitedServer, type LimitedServer } from '../../helpers/limited-server.js';
import { rawRequest, type RawAnswer } from '../../helpers/raw-request.js';
import { launchChromium } from '../../helpers/chromium.js';
import type { FinishedRequest } from '../../../src/usage/usage-log.js';

const PAGE_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

/** The Fetch Metadata (and Accept) Chromium sends for each way a page can make it ask for an address. */
const CHROMIUM = {
  'an <img> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'image',
    accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  },
  'a <script> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'script',
    accept: '*/*',
  },
  'a <script type=module> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'script',
    accept: '*/*',
  },
  'a <link rel=stylesheet> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'style',
    accept: 'text/css,*/*;q=0.1',
  },
  "an @font-face of another site's style": {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'font',
    accept: '*/*',
  },
  'an <iframe> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'iframe',
    'upgrade-insecure-requests': '1',
    accept: PAGE_ACCEPT,
  },
  'an <embed> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'embed',
    accept: '*/*',
  },
  'a <link rel=prefetch> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'empty',
    'sec-purpose': 'prefetch',
    accept: '*/*',
  },
  'a <link rel=prefetch crossorigin> on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    'sec-purpose': 'prefetch',
    accept: '*/*',
  },
  "another site's speculation rules prerendering a page": {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-purpose': 'prefetch;prerender',
    'upgrade-insecure-requests': '1',
    accept: PAGE_ACCEPT,
  },
  'a WebSocket from another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'websocket',
    'sec-fetch-dest': 'websocket',
  },
  'fetch(url, { mode: "no-cors" }) on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'empty',
    accept: '*/*',
  },
  'a link followed from another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-user': '?1',
    'upgrade-insecure-requests': '1',
    accept: PAGE_ACCEPT,
  },
  'fetch() with CORS from another origin': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    origin: 'http://other.example',
    accept: '*/*',
  },
  'fetch() from one of our own pages': {
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    accept: '*/*',
  },
  'an <img> on a page of our own site': {
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'image',
    accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  },
  'a typed URL or a bookmark': {
    'sec-fetch-site': 'none',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-user': '?1',
    'upgrade-insecure-requests': '1',
    accept: PAGE_ACCEPT,
  },
  'curl, a server, an older browser (no Fetch Metadata)': { accept: '*/*' },
  'fetch() with CORS from another origin in Chromium 76 to 79 (no Sec-Fetch-Dest)': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'cors',
    origin: 'http://other.example',
    accept: '*/*',
  },
} as const satisfies Record<string, Record<string, string>>;

type Way = keyof typeof CHROMIUM;

const ANSWERED: readonly Way[] = [
  'a link followed from another site',
  'fetch() with CORS from another origin',
  'fetch() from one of our own pages',
  'an <img> on a page of our own site',
  'a typed URL or a bookmark',
  'curl, a server, an older browser (no Fetch Metadata)',
  'fetch() with CORS from another origin in Chromium 76 to 79 (no Sec-Fetch-Dest)',
];

test('refused: what another site loads as a subresource, a frame or a prefetch; answered: the rest', () => {
  for (const [way, headers] of Object.entries(CHROMIUM))
    assert.equal(isCrossSiteLoad(headers, 'GET'), !(ANSWERED as readonly string[]).includes(way), way);
  // a form another site posts is no link followed
  assert.equal(isCrossSiteLoad(CHROMIUM['a link followed from another site'], 'POST'), true);
  assert.equal(isCrossSiteLoad(CHROMIUM['a typed URL or a bookmark'], 'POST'), false);
});

/** The walk of the issue: five sequential Corporate Numbers. */
const WALK = [1, 2, 3, 4, 5].map((i) => corporateNumberFromBase(String(999_999_000_000 + i)));
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SEARCH = '/api/v1/companies?q=test';
/** A company of the endpoint fixtures (test/fixtures/endpoints/companies.csv). */
const KNOWN = '7999900010001';

describe("another site's loads through the app", () => {
  let s: LimitedServer;
  before(async () => {
    // the address as tight as the settings allow (twice its client), and the ceilings on uncounted answers and on
    // refusals low enough that five would pass them, each client's share and its address's
    s = await limitedServer({
      KOHYO_ADDRESS_LIMIT_FACTOR: '2',
      KOHYO_UNCOUNTED_PER_MINUTE: '4',
      KOHYO_REFUSALS_PER_MINUTE: '3',
    });
  });
  after(() => s.close());
  const ask = (target: string, way: Way, userAgent = BROWSER) =>
    rawRequest(s.server.url, target, { headers: { 'user-agent': userAgent, ...CHROMIUM[way] } });
  const codeOf = (answer: RawAnswer): unknown => (JSON.parse(answer.body) as { error: { code: string } }).error.code;

  test("five <img> of sequential numbers, and pages, frames and scripts, leave the visitor's standing whole", async () => {
    const loads: [string, Way][] = [
      ...WALK.map((n): [string, Way] => [`/api/v1/companies/${n}`, 'an <img> on another site']),
      ...WALK.map((n): [string, Way] => [`/companies/${n}`, 'an <img> on another site']),
      ...['/health', '/llms.txt', '/api/v1/vocabularies', '/docs', '/health'].map((path): [string, Way] => [
        path,
        'an <img> on another site',
      ]),
      [`/api/v1/enforcements?corporate_number=${WALK[0]}`, 'a <script> on another site'],
      [`/companies/${WALK[1]}`, 'an <iframe> on another site'],
      [`/search?q=${WALK[2]}`, "another site's speculation rules prerendering a page"],
      // a path the router cannot read (a broken %-escape) is answered before any hook: refused all the same
      ['/api/v1/companies/%zz', 'an <img> on another site'],
    ];
    for (const [target, way] of loads) {
      const answer = await ask(target, way);
      assert.equal(answer.status, 403, `${way}: ${target}`);
      assert.equal(answer.headers.get('ratelimit'), undefined, `${target} counts against nothing`);
      assert.equal(answer.headers.get('cache-control'), 'no-store', target);
      assert.equal(answer.headers.get('vary'), 'Sec-Fetch-Site, Sec-Fetch-Mode, Sec-Fetch-Dest, Sec-Purpose', target);
      assert.equal(answer.headers.get('access-control-allow-origin'), '*', target);
      if (target.startsWith('/api/')) assert.equal(codeOf(answer), 'cross_site_request_refused', target);
    }
    // the visitor, and another client of its address: neither is refused nor dropped, and each has its whole minute
    for (const userAgent of [BROWSER, 'another-client']) {
      const plain = await rawRequest(s.server.url, SEARCH, { headers: { 'user-agent': userAgent } });
      assert.equal(plain.status, 200, userAgent);
      assert.equal(plain.headers.get('ratelimit'), '"minute";r=9;t=60', userAgent);
    }
    for (let i = 0; i < 2; i++) assert.equal((await rawRequest(s.server.url, '/health')).status, 200);
  });

  test('a link followed from another site, a CORS fetch, our own fetch and a typed URL are counted as ever', async () => {
    const userAgent = `${BROWSER} counted`;
    const asked: [string, Way][] = [
      [`/companies/${KNOWN}`, 'a link followed from another site'],
      [SEARCH, 'fetch() with CORS from another origin'],
      [SEARCH, 'fetch() from one of our own pages'],
      [`/search?q=${WALK[0]}`, 'a typed URL or a bookmark'],
    ];
    for (const [i, [target, way]] of asked.entries()) {
      const answer = await ask(target, way, userAgent);
      assert.equal(answer.status, 200, way);
      // the client's first, second … request, each counted
      assert.equal(answer.headers.get('ratelimit'), `"minute";r=${9 - i};t=60`, way);
    }
  });
});

describe('a real browser on another origin', () => {
  let s: LimitedServer;
  let site: Server;
  /** What the usage log is handed of each answer: what the server made of the browser's requests. */
  const answered: FinishedRequest[] = [];
  before(async () => {
    s = await limitedServer({}, undefined, { usageLog: { record: (request) => answered.push(request) } });
    // the other site: a page of five images of sequential numbers and a link, on another origin (localhost, not
    // 127.0.0.1: another host, and so another site, to the browser)
    const images = WALK.map((n) => `<img src="${s.server.url}/api/v1/companies/${n}" alt="">`).join('');
    const html = `<!doctype html><title>elsewhere</title>${images}<a href="${s.server.url}/companies/${KNOWN}">a company</a>`;
    site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await s.close();
    await new Promise((resolve) => site.close(resolve));
  });

  test('Chromium loads the five images refused, and its fetch and its followed link are counted first', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ userAgent: 'isolation-test-browser' });
      // the browser itself blocks the answers (Opaque Response Blocking): the server's view of them is the usage log's
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
      // the five loads run at once, in any order
      assert.deepEqual(
        answered.map((request) => [request.path, request.status, request.errorCode]).sort(),
        WALK.map((n) => [`/api/v1/companies/${n}`, 403, 'cross_site_request_refused']).sort(),
      );
      const fetched = await page.evaluate(async (url) => {
        const answer = await fetch(url);
        return [answer.status, answer.headers.get('ratelimit')];
      }, `${s.server.url}${SEARCH}`);
      assert.deepEqual(fetched, [200, '"minute";r=9;t=60'], "the page's own fetch is the client's first request");
      const [followed] = await Promise.all([page.waitForNavigation(), page.click('a')]);
      assert.equal(followed?.status(), 200);
      assert.equal(await followed?.headerValue('ratelimit'), '"minute";r=8;t=60');
    } finally {
      await browser.close();
    }
  });
});
