// The pages name what a "no" did not search and keep the publisher's words and people's dates, over real HTTP on the
// demo: each kind's sources never collected named with their publishers as not searched, beside those not current;
// an empty answer says how many sources it searched; a Corporate Number with a wrong check digit is said to be one,
// not answered "nothing was found"; the English record page holds the publisher's Japanese summary; and no page
// prints a date or an instant in the API's form: such a value is a <time>'s datetime, its text a person's.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { ok } from '../helpers/answers.js';
import { readPage, type ReadPage } from '../helpers/page-text.js';
import { message } from '../../src/http/pages/messages.js';

const LANGUAGES = ['ja', 'en'] as const;
const LISTS = ['enforcements', 'procurement_suspensions', 'license_actions'] as const;
/** What no company or record of the demo is named. */
const NOTHING = '存在しない会社名ですよ';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

async function page(path: string): Promise<ReadPage & { readonly status: number; readonly text: string }> {
  const answer = await server.get(path);
  const read = readPage(answer.text);
  return { ...read, status: answer.status, text: read.texts.map((t) => t.text).join('') };
}

const withLanguage = (path: string, language: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

/** A demo company whose name finds records of every kind, and that search's answer. */
async function busyCompany() {
  const companies = await ok(server, `/api/v1/companies?q=${encodeURIComponent('建設')}`);
  for (const company of companies.data.companies) {
    const answer = await ok(server, `/api/v1/search?q=${encodeURIComponent(company.name)}`);
    if (LISTS.every((list) => answer.meta.matches[list] > 0)) return { company, answer };
  }
  throw new Error('the demo has no company with records of every kind');
}

test('each kind names its sources never collected, with their publishers, as not searched; "nothing" counts the sources searched', async () => {
  const answer = await ok(server, `/api/v1/search?q=${encodeURIComponent(NOTHING)}`);
  const { company } = await busyCompany();
  const searched = LISTS.reduce((n, list) => n + answer.meta.coverage[list].collected, 0);
  for (const language of LANGUAGES) {
    const empty = await page(withLanguage(`/search?q=${encodeURIComponent(NOTHING)}`, language));
    assert.ok(empty.text.includes(message(language, 'foundNothing', { n: searched })), `${language}: ${searched}`);
    const kindPages = LISTS.map((list) => `/search?q=${encodeURIComponent(NOTHING)}&kind=${list}`);
    for (const path of [`/search?q=${encodeURIComponent(NOTHING)}`, ...kindPages, company.links.html]) {
      const shown = await page(withLanguage(path, language));
      const lines = shown.textsOf('section', 'coverage').join('');
      for (const list of path.includes('kind=') ? LISTS.filter((l) => path.endsWith(l)) : LISTS) {
        const notSearched = answer.meta.coverage[list].not_searched;
        assert.ok(notSearched.total > 0, `the demo has ${list} sources never collected`);
        const line = shown.textsOf('li').find((li) => li.startsWith(`${message(language, list)}: `)) ?? '';
        assert.ok(lines.includes(line), `${language} ${path}: the line of ${list} in the statement`);
        assert.ok(line.includes(message(language, 'notSearchedLead', { total: notSearched.total })), line);
        for (const source of notSearched.sources) {
          assert.ok(line.includes(source.publisher.name), `${language} ${path}: ${source.id} in ${line}`);
          if (language === 'en') assert.ok(line.includes(source.publisher.name_en), `${path}: ${source.id}`);
        }
        // the sources not current are those searched but failing or stale: none is named again there
        const total = answer.meta.coverage[list].not_current.total - notSearched.total;
        const lead = message(language, 'notCurrentLead', { total });
        assert.equal(line.includes(lead), total > 0, `${line} says ${lead}`);
        const notCurrent = line.slice(line.indexOf(lead));
        for (const source of notSearched.sources) assert.ok(!notCurrent.includes(source.publisher.name), line);
      }
    }
    // every source of /coverage's sections, with the same lines
    const sources = await page(withLanguage('/coverage', language));
    for (const list of LISTS)
      for (const source of answer.meta.coverage[list].not_searched.sources)
        assert.ok(sources.text.includes(source.publisher.name), `${language} /coverage: ${source.id}`);
  }
});

test('a Corporate Number with a wrong check digit gets its notice, not "nothing was found", on every search page', async () => {
  const { company } = await busyCompany();
  const number = company.corporate_number;
  const wrong = `${(Number(number[0]) + 1) % 10}${number.slice(1)}`;
  assert.match((await ok(server, `/api/v1/search?q=${wrong}`)).meta.notice ?? '', /check digit/u);
  for (const language of LANGUAGES) {
    for (const path of [`/search?q=${wrong}`, `/search?q=${wrong}&kind=enforcements`]) {
      const shown = await page(withLanguage(path, language));
      assert.equal(shown.status, 200);
      const notice = shown.textsOf('p', 'notice').join('');
      assert.ok(notice.includes(message(language, 'notice_invalid_corporate_number', { q: wrong })), notice);
      const statement = shown.textsOf('section', 'coverage').join('');
      assert.doesNotMatch(statement, language === 'en' ? /Nothing was found/u : /該当はありませんでした/u);
      assert.ok(!statement.includes(message(language, 'emptyMeaning')), `${language} ${path}`);
    }
  }
});

test("the English record page holds the publisher's Japanese summary beside the English one", async () => {
  const { answer } = await busyCompany();
  const record = answer.data.enforcements[0]!;
  const english = await page(withLanguage(record.links.html, 'en'));
  const japanese = english.texts.filter((t) => t.lang === 'ja').map((t) => t.text);
  assert.ok(japanese.includes(record.summary), `the Japanese summary, marked lang="ja": ${record.summary}`);
  const facts = english.textsOf('dt');
  assert.ok(facts.includes(message('en', 'summary')) && facts.includes(message('en', 'summaryOriginal')));
  // the English summary's words, its days as people read them
  const days = record.summary_en.split(/\d{4}-\d{2}-\d{2}/u);
  for (const words of days) assert.ok(english.text.includes(words), words);
  const ja = await page(withLanguage(record.links.html, 'ja'));
  assert.ok(ja.text.includes(record.summary));
  assert.ok(!ja.textsOf('dt').includes(message('ja', 'summaryOriginal')), 'said once in Japanese');
});

/** A date or an instant as the API writes it: 2026-11-21, 03:00:00, 2026-11-21T03:00Z. */
const MACHINE_TIME = /\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}:\d{2}|T\d{2}:\d{2}|\d{2}:\d{2}Z/u;

/** Every page of a search for `q`: the results, each kind's pages, its companies' and its records' pages. */
async function pagesOfSearch(q: string): Promise<string[]> {
  const answer = await ok(server, `/api/v1/search?q=${encodeURIComponent(q)}`);
  const records = LISTS.flatMap((list) => answer.data[list].map((r) => r.links.html));
  return [
    `/search?q=${encodeURIComponent(q)}`,
    ...LISTS.map((list) => `/search?q=${encodeURIComponent(q)}&kind=${list}`),
    ...LISTS.map((list) => `/search?q=${encodeURIComponent(q)}&kind=${list}&page=2`),
    `/search?q=${encodeURIComponent(q)}&kind=companies`,
    ...answer.data.companies.map((c) => c.links.html),
    ...records,
  ];
}

test('no page prints a date or an instant as the API writes it: each is a <time> with its datetime, read as people write it', async () => {
  const { company, answer } = await busyCompany();
  const paths = [
    '/',
    '/coverage',
    ...(await pagesOfSearch(company.name)),
    ...(company.name_kana === null ? [] : await pagesOfSearch(company.name_kana)),
    `/search?q=${encodeURIComponent(NOTHING)}`,
    `/search?q=${answer.data.companies[0]!.corporate_number.replace(/^./u, (d) => String((Number(d) + 1) % 10))}`,
    '/companies/1234',
    '/companies/1234567890123',
    '/records/enf_0000000000000000',
    `/search?q=${encodeURIComponent(company.name)}&kind=enforcements&page=99`,
  ];
  let times = 0;
  for (const path of new Set(paths)) {
    for (const language of LANGUAGES) {
      const shown = await page(withLanguage(path, language));
      assert.ok(shown.status < 500, `${path}: ${shown.status}`);
      for (const { text } of shown.texts) assert.doesNotMatch(text, MACHINE_TIME, `${language} ${path}: "${text}"`);
      for (const time of shown.times) {
        assert.ok(Number.isFinite(Date.parse(time.datetime ?? '')), `${language} ${path}: <time> ${time.datetime}`);
        assert.doesNotMatch(time.text, MACHINE_TIME);
        times++;
      }
    }
  }
  assert.ok(times > 100, `the pages read hold dates (${times})`);
});
