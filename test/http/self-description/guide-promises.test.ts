// Every promise the guide (/llms-full.txt) makes, checked against the running server: each example call answers with rows and with
// the answer shown (readable and percent-encoded), and each stated rule (src/http/self-description/guide-rules.ts) holds.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config.js';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { MAX_TEXT_LENGTH } from '../../../src/domain/records/filter-names.js';
import { createLimiter } from '../../../src/limits/limiter.js';
import { MemoryStore } from '../../../src/limits/memory-store.js';
import { limitPolicy } from '../../../src/limits/policy.js';
import { parseTrustedProxies } from '../../../src/limits/client-identity.js';
import { guideRules } from '../../../src/http/self-description/guide-rules.js';
import { startServer, TEST_NOW, demoDatabase, type TestServer } from '../../helpers/server.js';
import { isErrorResponse, type TestResponse } from '../../helpers/test-response.js';
import { answerOf, errorOfAnswer } from '../../helpers/answers.js';
import type { ErrorAnswer } from '../../helpers/documented-answers.js';
import { fixtureDatabase } from '../../helpers/fixture-dataset.js';
import { rawRequest } from '../../helpers/raw-request.js';

const KAKUU = corporateNumberFromBase('999900010001');

interface Example {
  readonly path: string;
  readonly readable: string;
  readonly sent: string;
  readonly answer: unknown;
}

/** The examples of a guide: each section's call, its percent-encoded form and the JSON answer shown. */
function examplesOf(guide: string): Example[] {
  const sections = guide.split(/^### GET /mu).slice(1);
  return sections.flatMap((section) => {
    const path = section.slice(0, section.indexOf('\n'));
    const readable = /^Example: `GET (\S+)`$/mu.exec(section)?.[1];
    if (readable === undefined) return [];
    const sent = /^Percent-encoded, as sent: `GET (\S+)`$/mu.exec(section)?.[1] ?? readable;
    const json = /^Answer[^\n]*:\n\n```json\n([\s\S]*?)\n```$/mu.exec(section)?.[1];
    const answer: unknown = json === undefined ? null : JSON.parse(json);
    return [{ path, readable, sent, answer }];
  });
}

/** An answer of the endpoints that answer `data` and `meta`: all but /health. */
type Enveloped = { data: Record<string, unknown>; meta: Record<string, unknown> };

/** The answer with every list cut to its first row and without the request id, as the guide shows answers. */
function asShown(body: Enveloped) {
  const data = Object.fromEntries(Object.entries(body.data).map(([k, v]) => [k, Array.isArray(v) ? v.slice(0, 1) : v]));
  return { data, meta: { ...body.meta, request_id: undefined } };
}

for (const [name, database] of [
  ['the demo dataset', demoDatabase],
  ['the endpoint fixtures', fixtureDatabase],
] as const) {
  test(`every example call of /llms-full.txt on ${name} answers with rows, and with the answer shown`, async () => {
    const server = await startServer({ dbPath: await database() });
    try {
      const guide = (await server.get('/llms-full.txt')).text;
      const examples = examplesOf(guide);
      const withData = examples.filter(
        (e) => e.path.startsWith('/api/v1/') && e.path !== '/api/v1/openapi.json' && e.path !== '/api/v1/vocabularies',
      );
      assert.deepEqual(
        withData.map((e) => e.path),
        [
          '/api/v1/search',
          '/api/v1/companies',
          '/api/v1/companies/{corporate_number}',
          '/api/v1/enforcements',
          '/api/v1/procurement-suspensions',
          '/api/v1/license-actions',
          '/api/v1/enforcements/{id}',
          '/api/v1/procurement-suspensions/{id}',
          '/api/v1/license-actions/{id}',
          '/api/v1/procurement-suspension-coverage',
          '/api/v1/coverage',
        ],
      );
      for (const example of examples) {
        const answer = await server.get(example.sent);
        assert.equal(answer.status, 200, example.sent);
        if (example.readable !== example.sent) {
          assert.equal(decodeURIComponent(example.sent), example.readable);
          const raw = await rawRequest(server.url, example.readable);
          assert.equal(raw.status, 400, `${example.readable} sent unencoded`);
          assert.equal((JSON.parse(raw.body) as ErrorAnswer).error.code, 'malformed_request');
        }
        if (!withData.includes(example)) continue;
        // withData holds the examples of the endpoints that list (checked above)
        const body = answer.body as Enveloped;
        // /search's example company has records of every kind where the dataset holds such a company (the demo
        // does, the fixtures do not): there, the company and at least one kind of record
        const lists = Object.entries(body.data);
        const search = example.path === '/api/v1/search';
        for (const [list, rows] of search ? lists.slice(0, 1) : lists)
          assert.ok(!Array.isArray(rows) || rows.length > 0, `${example.sent}: data.${list} is empty`);
        if (search)
          assert.ok(
            lists.slice(1).some(([, rows]) => (rows as unknown[]).length > 0),
            `${example.sent}: no records`,
          );
        assert.deepEqual(
          asShown(body),
          {
            ...(example.answer as object),
            meta: { ...(example.answer as { meta: object }).meta, request_id: undefined },
          },
          example.sent,
        );
      }
      const kind = answerOf(await server.get('/api/v1/procurement-suspension-coverage')).meta.dataset.kind;
      assert.ok(guide.includes(`chosen from the ${kind} dataset this server serves`));
      assert.equal(guide.includes('FICTIONAL: never cite them as fact'), kind === 'demo');
    } finally {
      await server.close();
    }
  });
}

describe('every rule /llms-full.txt states holds on the running server', () => {
  const env = {
    KOHYO_LIMIT_PER_MINUTE: '5',
    KOHYO_LIMIT_PER_DAY: '8',
    KOHYO_ENUM_DISTINCT_TERMS: '3',
    KOHYO_ENUM_SEQUENTIAL: '3',
    KOHYO_TRUST_PROXY: '127.0.0.1/32',
    KOHYO_REFUSALS_PER_MINUTE: '3',
  };
  const config = loadConfig(env);
  let now = TEST_NOW.getTime();
  let server: TestServer;
  const policy = limitPolicy(config.limits);
  const limiter = createLimiter({
    store: new MemoryStore(policy),
    policy,
    trusted: parseTrustedProxies(config.trustProxy),
    secret: null,
    clock: () => new Date(now),
    bounds: config.limits,
  });
  let clients = 0;
  /**
   * A client of its own (a User-Agent no other check uses, from an address of its own behind the trusted proxy), so
   * that checks share neither a client's windows nor an address's.
   */
  const client = (headers: Record<string, string> = {}) => {
    const userAgent = `promise-check-${++clients}`;
    const forwardedFor = `198.51.${100 + Math.floor(clients / 256)}.${clients % 256}`;
    return <P extends string>(path: P, init: RequestInit = {}): Promise<TestResponse<P>> =>
      server.get(path, {
        ...init,
        headers: {
          'user-agent': userAgent,
          'x-forwarded-for': forwardedFor,
          ...headers,
          ...(init.headers as Record<string, string>),
        },
      });
  };
  const code = (answer: TestResponse) => (isErrorResponse(answer) ? answer.body.error.code : answer.status);

  before(async () => {
    server = await startServer({
      dbPath: await fixtureDatabase(),
      env,
      deps: {
        limiter,
      },
    });
  });
  after(async () => {
    await server.close();
    await limiter.close();
  });

  const checks: Record<string, () => Promise<void>> = {
    async limit() {
      const get = client();
      assert.equal(code(await get('/api/v1/companies?q=架空&limit=0')), 'invalid_parameter');
      assert.equal(code(await get('/api/v1/companies?q=架空&limit=11')), 'invalid_parameter');
      assert.equal(answerOf(await get('/api/v1/companies?q=架空')).meta.limit, 10);
    },
    async page() {
      const get = client();
      assert.equal(code(await get('/api/v1/enforcements?authority=jftc&page=1')), 'unknown_parameter');
      assert.equal(
        code(await get('/api/v1/procurement-suspensions?reason=dishonest_conduct&limit=1&page=11')),
        'invalid_parameter',
      );
      const last = answerOf(await get('/api/v1/procurement-suspensions?reason=dishonest_conduct&limit=1&page=10')).meta;
      assert.equal(last.max_page, 10);
      assert.match(last.notice!, /More than 10 records match/u);
      assert.equal(
        answerOf(await get('/api/v1/procurement-suspensions?reason=dishonest_conduct&limit=5')).meta.page,
        1,
      );
    },
    async bulk_access() {
      const get = client();
      assert.equal(code(await get('/api/v1/enforcements?authority=jftc&offset=10')), 'bulk_access_not_provided');
      assert.equal(code(await get('/api/v1/companies?q=架空&cursor=abc')), 'bulk_access_not_provided');
    },
    async unknown_and_repeated() {
      const get = client();
      const unknown = await get('/api/v1/enforcements?authority=jftc&colour=red');
      assert.equal(code(unknown), 'unknown_parameter');
      assert.equal(errorOfAnswer(unknown).details!.parameter, 'colour');
      assert.equal(code(await get('/api/v1/enforcements?authority=jftc&authority=mhlw')), 'invalid_parameter');
    },
    async empty_value() {
      const get = client();
      assert.equal(answerOf(await get('/api/v1/companies?q=架空商事&limit=')).meta.limit, 10);
      assert.equal(
        answerOf(await get(`/api/v1/enforcements?corporate_number=${KAKUU}&law=%20`)).data.enforcements.length,
        3,
      );
      // any other value as sent: white space around a number or a code is part of it
      assert.equal(code(await get('/api/v1/companies?q=架空商事&limit=%205')), 'invalid_parameter');
      assert.equal(
        code(await get(`/api/v1/enforcements?corporate_number=${KAKUU}&format=%20atom`)),
        'invalid_parameter',
      );
    },
    async text_length() {
      const get = client();
      assert.equal(code(await get(`/api/v1/companies?q=${'架'.repeat(MAX_TEXT_LENGTH + 1)}`)), 'invalid_parameter');
      assert.equal((await get(`/api/v1/companies?q=${'架'.repeat(MAX_TEXT_LENGTH)}`)).status, 200);
      // as sent: a space counts
      assert.equal(code(await get(`/api/v1/companies?q=%20${'架'.repeat(MAX_TEXT_LENGTH)}`)), 'invalid_parameter');
      assert.equal(code(await get(`/api/v1/enforcements?q=${'架'.repeat(MAX_TEXT_LENGTH)}%20`)), 'invalid_parameter');
      assert.equal((await get(`/api/v1/companies?q=%20${'架'.repeat(MAX_TEXT_LENGTH - 1)}`)).status, 200);
    },
    async include_predecessors() {
      const get = client();
      const alone = await get('/api/v1/enforcements?authority=jftc&include_predecessors=true');
      assert.equal(code(alone), 'invalid_parameter');
      assert.equal(errorOfAnswer(alone).details!.parameter, 'include_predecessors');
      assert.equal((await get(`/api/v1/enforcements?corporate_number=${KAKUU}&include_predecessors=true`)).status, 200);
    },
    async corporate_number() {
      const get = client();
      const plain = await get(`/api/v1/enforcements?corporate_number=${KAKUU}`);
      const written = `Ｔ${KAKUU.slice(0, 1)}-${KAKUU.slice(1, 5)} ${KAKUU.slice(5, 9)}－${KAKUU.slice(9)}`.replace(
        /\d/gu,
        (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0),
      );
      assert.deepEqual(
        answerOf(await get(`/api/v1/enforcements?corporate_number=${encodeURIComponent(written)}`)).data,
        answerOf(plain).data,
      );
      const wrong = `${(Number(KAKUU[0]) + 1) % 10}${KAKUU.slice(1)}`;
      assert.equal(code(await get(`/api/v1/enforcements?corporate_number=${wrong}`)), 'invalid_corporate_number');
      const inQ = await get(`/api/v1/companies?q=${wrong}`);
      assert.equal(answerOf(inQ).data.companies.length, 0);
      assert.match(answerOf(inQ).meta.notice!, /check digit/u);
    },
    async enum_labels() {
      const get = client();
      const byCode = answerOf(await get('/api/v1/enforcements?authority=jftc')).data;
      assert.ok(byCode.enforcements.length > 0);
      for (const label of ['公正取引委員会', 'japan fair trade commission', 'ＪＦＴＣ']) {
        assert.deepEqual(
          answerOf(await get(`/api/v1/enforcements?authority=${encodeURIComponent(label)}`)).data,
          byCode,
          label,
        );
      }
      const get2 = client();
      assert.deepEqual(
        answerOf(await get2(`/api/v1/enforcements?law=${encodeURIComponent('独占禁止法')}`)).data,
        answerOf(await get2('/api/v1/enforcements?law=antimonopoly_act')).data,
      );
      const unknown = await get2('/api/v1/enforcements?authority=nobody');
      assert.equal(code(unknown), 'invalid_parameter');
      assert.ok(errorOfAnswer(unknown).details!.allowed!.includes('jftc'));
    },
    async date_range() {
      // a client for each slice of the dataset: KOHYO_ENUM_DISTINCT_TERMS is 3 here, and each slice is a term
      const get = <P extends string>(path: P) => client()(path);
      assert.equal(code(await get('/api/v1/license-actions?from=2025-02-01&to=2025-01-01')), 'invalid_parameter');
      assert.equal((await get('/api/v1/license-actions?from=2025-01-01&to=2025-12-31')).status, 200);
      assert.equal(code(await get('/api/v1/license-actions?from=2024-01-01&to=2025-12-31')), 'missing_filter');
      assert.equal(code(await get('/api/v1/license-actions?from=2025-01-01')), 'missing_filter');
    },
    async authority_offices() {
      const get = client();
      // the fixture's labour-law records are all the Tokyo bureau's
      const ministry = answerOf(await get('/api/v1/enforcements?authority=mhlw')).data;
      assert.ok(ministry.enforcements.length > 0);
      assert.deepEqual(ministry, answerOf(await get('/api/v1/enforcements?authority=mhlw_labour_bureau_13')).data);
      const vocabularies = answerOf(await get('/api/v1/vocabularies')).data.vocabularies;
      assert.equal(vocabularies.authority.find((a) => a.code === 'mhlw_labour_bureau_13')!.parent, 'mhlw');
    },
    async prefecture() {
      // a client for each slice of the dataset: KOHYO_ENUM_DISTINCT_TERMS is 3 here, and each slice is a term
      const get = <P extends string>(path: P) => client()(path);
      const tokyo = answerOf(await get('/api/v1/enforcements?authority=jftc&prefecture=13')).data.enforcements;
      assert.deepEqual(
        tokyo.map((r) => r.company.prefecture_code),
        ['13'],
      );
      for (const name of ['東京都', '東京', 'Tokyo']) {
        assert.deepEqual(
          answerOf(await get(`/api/v1/enforcements?authority=jftc&prefecture=${encodeURIComponent(name)}`)).data
            .enforcements,
          tokyo,
          name,
        );
      }
      assert.equal(code(await get('/api/v1/enforcements?prefecture=13')), 'missing_filter');
    },
    async missing_filter() {
      const get = client();
      assert.equal(code(await get('/api/v1/enforcements')), 'missing_filter');
      assert.equal(code(await get('/api/v1/search')), 'missing_parameter');
    },
    // every fixture record is listed (test/http/record-listing.test.ts collects editions that delist one)
    async listing() {
      // a client for each slice of the dataset: KOHYO_ENUM_DISTINCT_TERMS is 3 here, and each slice is a term
      const get = <P extends string>(path: P) => client()(path);
      const all = answerOf(await get('/api/v1/enforcements?authority=jftc')).data.enforcements as {
        listing: { status: string };
      }[];
      assert.ok(all.length > 0 && all.every((r) => r.listing.status === 'listed'));
      assert.deepEqual(
        answerOf(await get('/api/v1/enforcements?authority=jftc&listing=listed')).data.enforcements,
        all,
      );
      assert.deepEqual(
        answerOf(await get('/api/v1/enforcements?authority=jftc&listing=delisted')).data.enforcements,
        [],
      );
      assert.equal(code(await get('/api/v1/enforcements?listing=listed')), 'missing_filter');
    },
    async windows() {
      const get = client();
      const path = `/api/v1/enforcements?corporate_number=${KAKUU}`;
      for (let i = 0; i < 5; i++) assert.equal((await get(path)).status, 200);
      assert.equal(code(await get(path)), 'rate_limited');
      now += 61_000;
      for (let i = 0; i < 3; i++) assert.equal((await get(path)).status, 200);
      assert.equal(code(await get(path)), 'daily_limit_exceeded');
    },
    async client_group() {
      const path = `/api/v1/enforcements?corporate_number=${KAKUU}`;
      const one = client({ 'x-forwarded-for': '2001:db8:1:2::1' });
      await one(path);
      // the same /64, User-Agent and client name: the same client
      const sameGroup = await server.get(path, {
        headers: { 'user-agent': `promise-check-${clients}`, 'x-forwarded-for': '2001:db8:1:2:ffff::9' },
      });
      assert.equal(sameGroup.headers.get('ratelimit'), '"minute";r=3;t=60');
      const otherName = await server.get(path, {
        headers: {
          'user-agent': `promise-check-${clients}`,
          'x-forwarded-for': '2001:db8:1:2::1',
          'x-kohyo-client': 'another',
        },
      });
      assert.equal(otherName.headers.get('ratelimit'), '"minute";r=4;t=60');
      const otherNetwork = await server.get(path, {
        headers: { 'user-agent': `promise-check-${clients}`, 'x-forwarded-for': '2001:db8:1:3::1' },
      });
      assert.equal(otherNetwork.headers.get('ratelimit'), '"minute";r=4;t=60');
    },
    async address_ceiling() {
      // one forwarded address, a new User-Agent every request: the address's 15 (3 × 5) a minute, then refused
      const from = (address: string, i: number, path = '/api/v1/companies?q=架空商事') =>
        server.get(path, { headers: { 'user-agent': `address-check-${address}-${i}`, 'x-forwarded-for': address } });
      for (let i = 0; i < 15; i++) assert.equal((await from('192.0.2.77', i)).status, 200, `request ${i + 1}`);
      const refused = await from('192.0.2.77', 15);
      assert.deepEqual([code(refused), errorOfAnswer(refused).details!.scope], ['rate_limited', 'address']);
      assert.equal(refused.headers.get('ratelimit-policy'), '"minute";q=15;w=60, "day";q=24;w=86400');
      const walked = [];
      for (let i = 1; i <= 3; i++)
        walked.push(
          code(
            await from(
              '192.0.2.78',
              i,
              `/api/v1/companies?q=${corporateNumberFromBase(`9999000200${String(i).padStart(2, '0')}`)}`,
            ),
          ),
        );
      assert.deepEqual(
        walked,
        [200, 200, 'automated_enumeration_detected'],
        'a run over three User-Agents of one address',
      );
      const bystander = await from('192.0.2.78', 4);
      assert.deepEqual(
        [code(bystander), errorOfAnswer(bystander).details!.scope],
        ['automated_enumeration_detected', 'address'],
      );
    },
    async refusal_ceiling() {
      const get = client();
      for (let i = 0; i < 5; i++) await get('/api/v1/companies?q=架空商事');
      // three refusals are answered; the fourth takes the address past them, and then even /health is refused
      const refused = [];
      for (let i = 0; i < 4; i++) refused.push(code(await get('/api/v1/companies?q=架空商事')));
      assert.deepEqual(refused, Array<string>(4).fill('rate_limited'));
      const dropped = await get('/health');
      assert.equal(dropped.status, 429);
      assert.match(errorOfAnswer(dropped).message, /Too many refusals/u);
      assert.equal((await client()('/health')).status, 200, "another of the proxy's clients is served");
    },
    async what_counts() {
      const get = client();
      for (const path of ['/api/v1/openapi.json', '/api/v1/vocabularies', '/health', '/llms.txt', '/llms-full.txt']) {
        const answer = await get(path);
        assert.equal(answer.status, 200, path);
        assert.equal(answer.headers.get('ratelimit'), null, path);
      }
      assert.equal(
        (await get('/api/v1/enforcements')).headers.get('ratelimit'),
        '"minute";r=4;t=60',
        'an error counts',
      );
      for (let i = 0; i < 4; i++) await get('/api/v1/companies?q=架空商事');
      assert.equal(code(await get('/api/v1/companies?q=架空商事')), 'rate_limited');
      assert.equal(code(await get('/api/v1/companies?q=架空商事')), 'rate_limited');
      now += 61_000;
      // five counted of the day's eight: the two refusals did not count
      assert.equal((await get('/api/v1/companies?q=架空商事')).headers.get('ratelimit'), '"day";r=2;t=86339');
    },
    async enumeration() {
      const get = client();
      const terms = ['架空商事', '見本工業', '試験建設', '模擬通販'];
      const codes = [];
      for (const term of terms) codes.push(code(await get(`/api/v1/companies?q=${encodeURIComponent(term)}`)));
      assert.deepEqual(codes, [200, 200, 200, 'automated_enumeration_detected']);
      assert.equal(
        code(await get(`/api/v1/companies?q=${encodeURIComponent(terms[0]!)}`)),
        'automated_enumeration_detected',
        'cool-down',
      );
      const walker = client();
      const walked = [];
      for (let i = 1; i <= 3; i++)
        walked.push(
          code(
            await walker(`/api/v1/companies?q=${corporateNumberFromBase(`9999000100${String(i).padStart(2, '0')}`)}`),
          ),
        );
      assert.deepEqual(walked, [200, 200, 'automated_enumeration_detected']);
    },
    async policy_header() {
      const get = client();
      assert.equal(
        (await get('/api/v1/companies?q=架空')).headers.get('ratelimit-policy'),
        '"minute";q=5;w=60, "day";q=8;w=86400',
      );
      assert.equal(
        (await get('/api/v1/companies')).headers.get('ratelimit-policy'),
        '"minute";q=5;w=60, "day";q=8;w=86400',
      );
    },
    async ratelimit_header() {
      const get = client();
      assert.equal((await get('/api/v1/companies?q=架空')).headers.get('ratelimit'), '"minute";r=4;t=60');
      now += 1_000;
      assert.equal(
        (await get('/api/v1/companies')).headers.get('ratelimit'),
        '"minute";r=3;t=59',
        'errors included; the window slides',
      );
    },
    async retry_after() {
      const get = client();
      for (let i = 0; i < 5; i++) await get('/api/v1/companies?q=架空');
      const refused = await get('/api/v1/companies?q=架空');
      assert.equal(refused.status, 429);
      assert.equal(Number(refused.headers.get('retry-after')), refused.body.error.details!.retry_after);
      assert.ok(refused.body.error.details!.retry_after! > 0);
    },
    async revalidate() {
      const get = client();
      const first = await get('/api/v1/companies?q=架空商事');
      const etag = first.headers.get('etag');
      assert.ok(etag);
      const again = await get('/api/v1/companies?q=架空商事', { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.text, '');
      assert.equal(
        (await get('/api/v1/companies?q=架空商事')).headers.get('ratelimit'),
        '"minute";r=3;t=60',
        'the 304 did not count',
      );
    },
  };

  test('every promise of the guide has a check, and every check a promise', () => {
    const rules = guideRules(config);
    const ids = [...rules.query, ...rules.limits, ...rules.headers, ...rules.behaviour].flatMap((r) =>
      r.id === null ? [] : [r.id],
    );
    assert.deepEqual(Object.keys(checks).sort(), [...ids].sort());
  });
  for (const [id, check] of Object.entries(checks)) test(`rule ${id}`, check);

  test('the other promises: methods, ignored and refused parameters', async () => {
    const get = client();
    const post = await get('/api/v1/companies?q=架空', { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    assert.equal((await get('/api/v1/companies?q=架空', { method: 'HEAD' })).status, 200);
    assert.equal(code(await get('/api/v1/procurement-suspension-coverage?x=1')), 'unknown_parameter');
    assert.equal(code(await get('/api/v1/vocabularies?x=1')), 'unknown_parameter');
    assert.equal((await get('/api/v1/openapi.json?x=1')).status, 200);
    assert.equal((await get('/health?x=1')).status, 200);
  });
});
