// One company, one rule (src/domain/records/company-records.ts), audited over real lists rather than the demo: the
// register of Tottori with namesakes planted across Japan, an MHLW edition, the JFTC's actions, the CAA's orders and
// two ISA lists (test/helpers/real-company-dataset.ts), served by the real app. For every company with records of its
// own, every surface (company= on each record endpoint, /api/v1/search, MCP's search and list tools, the company page,
// its search page's lists, the page's feed and each kind's feed) holds the same records, its own before those only
// naming it, each told apart, none linked to another company, the rest counted; every company whose names only records
// placed elsewhere give lists none of them; and each line of a name's search page, and each entry of its feed, says
// whose record it is. What is a company's is read from the database file apart from the search
// (test/helpers/demo-spellings.ts), in both directions: what its answers must hold, and that they hold nothing else.
// What these lists do not hold is the demo's and the namesakes' fixtures' to show (one-company.test.ts): no company
// here has more than one record of its own, none a predecessor with records, and no name is both a linked record's and
// one linked to none; the order of a mixed answer is checked here on the answers to names.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { realCompanyDataset } from '../helpers/real-company-dataset.js';
import { recordsOfEveryCompany, type CompanyRecords } from '../helpers/demo-spellings.js';
import { postMcp, serveMcp, toolCall, UNLIMITED, type McpServed } from '../helpers/mcp-served.js';
import { ok, recordsOf } from '../helpers/answers.js';
import { feedEntries, NAMED_MARK, pageRecords, type RecordLine } from '../helpers/company-surfaces.js';
import { TEST_NOW } from '../helpers/server.js';
import { RECORD_PATHS, SEARCH_PAGE_PATH } from '../../src/api/links.js';
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from '../../src/domain/records/record.js';
import { RECORD_TABLES } from '../../src/store/schema/record-tables.js';
import { VOCABULARIES } from '../../src/domain/vocabularies/index.js';
import { loadConfig } from '../../src/config.js';
import { listRecords } from '../../src/api/record-endpoint.js';
import { SEARCH } from '../../src/api/endpoints/search.js';
import type { RouteContext } from '../../src/api/endpoint.js';

/** What the database says of a record: the company it names and is linked to (or none), its place, its day. */
interface RecordRow {
  readonly name: string;
  readonly number: string | null;
  readonly prefecture: string | null;
  readonly day: string;
}

/** A record as an answer lists it: its id and its relation to the question. */
type Listed = `${string}:${string}`;

let served: McpServed;
let context: RouteContext;
let companies: CompanyRecords[];
let rows: Map<string, RecordRow>;
before(async () => {
  const path = await realCompanyDataset();
  served = await serveMcp(UNLIMITED, path);
  const store = served.server.store ?? assert.fail('no dataset');
  context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
  companies = recordsOfEveryCompany(path);
  rows = recordRows(path);
});
after(() => served.close());

function recordRows(path: string): Map<string, RecordRow> {
  const db = new Database(path, { readonly: true });
  const found = new Map<string, RecordRow>();
  for (const kind of RECORD_KINDS) {
    const day = kind === 'procurement_suspension' ? 'period_from' : 'date';
    const read = db.prepare<[], RecordRow & { id: string }>(
      `SELECT id, company_name AS name, company_corporate_number AS number, company_prefecture_code AS prefecture,
       ${day} AS day FROM ${RECORD_TABLES[kind].table}`,
    );
    for (const { id, ...row } of read.all()) found.set(id, row);
  }
  db.close();
  return found;
}

const rowOf = (id: string) => rows.get(id) ?? assert.fail(`no record ${id}`);
const total = (entry: CompanyRecords, part: 'own' | 'elsewhere') =>
  RECORD_KINDS.reduce((n, kind) => n + entry[part][kind].size, 0);
const idOf = (listed: Listed) => listed.slice(0, listed.lastIndexOf(':'));
const isOwn = (listed: Listed) => /:(linked|predecessor)$/u.test(listed);
const linesOf = (lines: readonly RecordLine[], list?: string): Listed[] =>
  lines.filter((l) => list === undefined || l.list === list).map((l): Listed => `${l.id}:${l.relation}`);

/** How a record of a company's own answer relates to it: linked to it, to a predecessor, or to none (named). */
function relationIn(entry: CompanyRecords, id: string): string {
  const { number } = rowOf(id);
  return number === null ? 'named' : number === entry.company.corporate_number ? 'linked' : 'predecessor';
}

/** What a line says of whose record it is (record-parts.tsx CompanyWhose, in English): its start, at least. */
function whoseOf(id: string): string {
  const { number, prefecture } = rowOf(id);
  if (number === null) return '(linked to no company';
  const place = prefecture === null ? undefined : VOCABULARIES.prefecture.get(prefecture)?.name_en;
  return `(Corporate Number ${number}${place === undefined ? '' : ` · ${place}`})`;
}

/** Each line says whose record it is, and is labelled `named` exactly when it is linked to none and not text. */
function checkLines(where: string, lines: readonly RecordLine[], wrong: string[]): void {
  for (const { id, whose, relation } of lines) {
    if (!whose.startsWith(whoseOf(id))) wrong.push(`${where} ${id}: ${whose}, not ${whoseOf(id)}`);
    const named = rowOf(id).number === null && relation !== 'text';
    if ((relation === 'named') !== named) wrong.push(`${where} ${id} labelled ${relation}`);
  }
}

/** Each entry's title says whose record it is, and opens with the mark exactly when it only names the company. */
function checkTitles(where: string, feed: string, wrong: string[]): void {
  for (const { id, title, relation } of feedEntries(feed)) {
    const { number } = rowOf(id);
    if (title.startsWith(NAMED_MARK) !== (relation === 'named')) wrong.push(`${where} ${id} (${relation}): ${title}`);
    const says = number === null ? 'linked to no company' : `(${number}`;
    if (!title.includes(says)) wrong.push(`${where} ${id}: ${title} does not say ${says}`);
  }
}

/** Where a relation stands in an answer: the found companies' own, then those only naming them, then text. */
const RANK: Readonly<Record<string, number>> = { linked: 0, predecessor: 0, named: 1, text: 2 };

/** The relations of a list are in the answer's order: no record after one that ranks below it. */
function checkRanks(where: string, listed: readonly Listed[], wrong: string[]): void {
  const ranks = listed.map((l) => RANK[l.slice(l.lastIndexOf(':') + 1)] ?? -1);
  if (ranks.some((rank, i) => rank < 0 || rank < (ranks[i - 1] ?? 0))) wrong.push(`${where}: ${listed.join()}`);
}

/** A list about a company holds its own records, each with its relation, its own first, each part newest first. */
function checkOwnList(where: string, entry: CompanyRecords, listed: readonly Listed[], wrong: string[]): void {
  const own = new Set(RECORD_KINDS.flatMap((kind) => [...entry.own[kind]]));
  listed.forEach((l, i) => {
    const id = idOf(l);
    if (!own.has(id) || !l.endsWith(`:${relationIn(entry, id)}`)) wrong.push(`${where} holds ${l}`);
    const before = listed[i - 1];
    if (before === undefined) return;
    if (isOwn(l) && !isOwn(before)) wrong.push(`${where} lists ${l} after ${before}`);
    if (isOwn(l) === isOwn(before) && rowOf(idOf(before)).day < rowOf(id).day) wrong.push(`${where} ${l} after older`);
  });
}

/** company= of a kind, whole: every page of a paged list (the enforcements' list is one page of 10). */
async function companyList(entry: CompanyRecords, kind: RecordKind, wrong: string[]): Promise<Listed[]> {
  const number = entry.company.corporate_number;
  const listed: Listed[] = [];
  for (let page = 1; ; page++) {
    const path = `${RECORD_PATHS[kind]}?company=${number}&page=${page}` as const;
    const answer = await ok(served.server, kind === 'enforcement' ? `${RECORD_PATHS[kind]}?company=${number}` : path);
    listed.push(...recordsOf(answer, path).map((r): Listed => `${r.id}:${r.relation ?? ''}`));
    if (!('max_page' in answer.meta) || page >= answer.meta.max_page) break;
  }
  const own = entry.own[kind];
  if (listed.length !== (kind === 'enforcement' ? Math.min(10, own.size) : own.size))
    wrong.push(`company=${number} lists ${listed.length} of its ${own.size} ${kind}`);
  checkOwnList(`company=${number}`, entry, listed, wrong);
  return listed;
}

/** /api/v1/search and MCP's search and list tools for the company's number: what company= lists, in its order. */
async function checkAnswers(entry: CompanyRecords, lists: ReadonlyMap<RecordKind, Listed[]>, wrong: string[]) {
  const number = entry.company.corporate_number;
  const answer = await ok(served.server, `/api/v1/search?q=${number}`);
  const tools = RECORD_KINDS.map((kind, i) => toolCall(i + 2, `list_${RECORD_LISTS[kind]}`, { company: number }));
  const reply = await postMcp(served.server.url, [toolCall(1, 'search', { q: number }), ...tools], 'one-company');
  type Reply = { id: number; result: { content: { text: string }[] } };
  const texts = new Map((reply.body as Reply[]).map((r) => [r.id, r.result.content[0]?.text ?? '{}']));
  const viaMcp = JSON.parse(texts.get(1) ?? '{}') as typeof answer;
  if (JSON.stringify(viaMcp.data) !== JSON.stringify(answer.data)) wrong.push(`MCP search ${number} ≠ /api/v1/search`);
  RECORD_KINDS.forEach((kind, i) => {
    const list = RECORD_LISTS[kind];
    const order = lists.get(kind) ?? [];
    const searched = answer.data[list].map((r) => `${r.id}:${r.relation ?? ''}`);
    if (searched.join() !== order.slice(0, searched.length).join())
      wrong.push(`/api/v1/search?q=${number} ${kind}: ${searched.join()} is not the start of ${order.join()}`);
    if (answer.meta.matches[list] !== entry.own[kind].size) wrong.push(`/api/v1/search?q=${number} counts ${list}`);
    const tool = JSON.parse(texts.get(i + 2) ?? '{}') as { data?: Record<string, { id: string; relation: string }[]> };
    const listed = (tool.data?.[list] ?? []).map((r) => `${r.id}:${r.relation}`);
    if (listed.join() !== order.slice(0, 10).join()) wrong.push(`MCP list_${list} ${number}: ${listed.join()}`);
  });
  const elsewhere = total(entry, 'elsewhere');
  for (const [surface, meta] of [
    ['/api/v1/search', answer.meta],
    ['MCP search', viaMcp.meta],
  ] as const)
    if ((meta.named_elsewhere?.total ?? 0) !== elsewhere)
      wrong.push(`${surface} ${number} counts ${JSON.stringify(meta.named_elsewhere)} elsewhere, not ${elsewhere}`);
}

/** The company page: the start of each list, each line told apart, the counts, the rest counted; the feed it links. */
async function checkPage(entry: CompanyRecords, lists: ReadonlyMap<RecordKind, Listed[]>, wrong: string[]) {
  const number = entry.company.corporate_number;
  const html = (await served.server.get(`/companies/${number}?lang=en`)).text;
  const { lines, counts } = pageRecords(html);
  checkLines(`page ${number}`, lines, wrong);
  for (const kind of RECORD_KINDS) {
    const list = RECORD_LISTS[kind];
    const shown = linesOf(lines, list);
    const order = lists.get(kind) ?? [];
    if (shown.join() !== order.slice(0, shown.length).join()) wrong.push(`page ${number} ${list}: ${shown.join()}`);
    if (counts.get(list) !== entry.own[kind].size) wrong.push(`page ${number} counts ${counts.get(list)} ${list}`);
  }
  if (lines.length !== Math.min(10, total(entry, 'own'))) wrong.push(`page ${number} shows ${lines.length} lines`);
  const said = /(One|\d+) more records? names? a company of this name elsewhere in Japan/u.exec(html)?.[1] ?? '0';
  const counted = said === 'One' ? '1' : said;
  if (Number(counted) !== total(entry, 'elsewhere')) wrong.push(`page ${number} counts ${counted} elsewhere`);
  const feed = /<link rel="alternate" type="application\/atom\+xml" href="([^"]+)"/u.exec(html)?.[1] ?? '';
  return feed.replaceAll('&amp;', '&');
}

/** The search page's list of each kind, page after page, and each kind's feed: what company= lists, in its order. */
async function checkKindLists(entry: CompanyRecords, lists: ReadonlyMap<RecordKind, Listed[]>, wrong: string[]) {
  const number = entry.company.corporate_number;
  for (const kind of RECORD_KINDS.filter((k) => entry.own[k].size > 0)) {
    const order = lists.get(kind) ?? [];
    const lines: RecordLine[] = [];
    for (let page = 1; lines.length === (page - 1) * 10; page++) {
      const query = new URLSearchParams({ q: number, kind: RECORD_LISTS[kind], page: String(page), lang: 'en' });
      lines.push(...pageRecords((await served.server.get(`${SEARCH_PAGE_PATH}?${query}`)).text).lines);
    }
    checkLines(`search page ${number}`, lines, wrong);
    const listed = linesOf(lines);
    checkOwnList(`search page ${number}`, entry, listed, wrong);
    if (listed.length !== entry.own[kind].size || listed.slice(0, order.length).join() !== order.join())
      wrong.push(`search page ${number} ${kind}: ${listed.join()} is not ${order.join()}`);
    const feed = (await served.server.get(`${RECORD_PATHS[kind]}?company=${number}&format=atom`)).text;
    const fed = feedEntries(feed).map((e) => `${e.id}:${e.relation ?? ''}`);
    if (fed.join() !== order.slice(0, 10).join()) wrong.push(`${kind} feed of ${number}: ${fed.join()}`);
    checkTitles(`${kind} feed of ${number}`, feed, wrong);
  }
}

/** The feed the company page links: its own records, its own first, marked where they only name it. */
async function checkPageFeed(entry: CompanyRecords, feedPath: string, wrong: string[]) {
  const number = entry.company.corporate_number;
  if (feedPath !== `/api/v1/search?q=${number}&format=atom`) wrong.push(`page ${number} links the feed ${feedPath}`);
  const feed = (await served.server.get(`/api/v1/search?q=${number}&format=atom`)).text;
  const fed = feedEntries(feed).map((e): Listed => `${e.id}:${e.relation ?? ''}`);
  if (fed.length !== Math.min(10, total(entry, 'own'))) wrong.push(`feed of ${number} has ${fed.length} entries`);
  checkOwnList(`feed of ${number}`, entry, fed, wrong);
  checkTitles(`feed of ${number}`, feed, wrong);
}

test('a company is followed into the records linked to none by the names they give, never by its reading', () => {
  const store = served.server.store ?? assert.fail('no dataset');
  const named = companies.filter((entry) => RECORD_KINDS.some((kind) => entry.unlinked[kind].size > 0));
  const expected = new Set(named.map(({ company }) => company.corporate_number));
  const followed = companies
    .map(({ company }) => company.corporate_number)
    .filter((number) => (store.companies.ofNumber(number)?.nameKeys.length ?? 0) > 0);
  assert.deepEqual(
    followed.filter((number) => !expected.has(number)),
    [],
    'followed into records by what is none of its names',
  );
  assert.equal(followed.length, expected.size, 'not followed into the records that give one of its names');
  assert.ok(expected.size > 150, `${expected.size} companies`);
});

test('every company with records: the same own records on every surface, its own first, each told apart, no other company’s', async () => {
  const wrong: string[] = [];
  const withOwn = companies.filter((entry) => total(entry, 'own') > 0);
  for (const entry of withOwn) {
    const lists = new Map<RecordKind, Listed[]>();
    for (const kind of RECORD_KINDS) lists.set(kind, await companyList(entry, kind, wrong));
    await checkAnswers(entry, lists, wrong);
    await checkPageFeed(entry, await checkPage(entry, lists, wrong), wrong);
    await checkKindLists(entry, lists, wrong);
  }
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} wrong`);
  const some = (entry: CompanyRecords, linked: boolean) =>
    RECORD_KINDS.some((kind) => [...entry.own[kind]].some((id) => (rowOf(id).number !== null) === linked));
  const [linked, named] = [withOwn.filter((e) => some(e, true)), withOwn.filter((e) => some(e, false))];
  const licensed = withOwn.filter((e) => e.own.license_action.size > 0);
  assert.ok(
    linked.length >= 5 && named.length >= 20 && licensed.length > 0,
    `${linked.length} with linked, ${named.length} with named, ${licensed.length} with licence actions`,
  );
});

test('every company whose names only records placed elsewhere give: none of them listed, each counted', async () => {
  const counted = companies.filter((entry) => total(entry, 'own') === 0 && total(entry, 'elsewhere') > 0);
  // every one in process (what company= and /api/v1/search answer), and one in eight served (/api/v1/search, MCP's
  // search and list tools, its page): a request of each for every one of them took seconds more
  const wrong: string[] = [];
  for (const entry of counted) {
    const number = entry.company.corporate_number;
    let elsewhere = 0;
    for (const kind of RECORD_KINDS) {
      const { records, meta } = listRecords(kind, context, { company: number, limit: 10 }, 'one-company');
      if (records.length > 0) wrong.push(`company=${number} lists ${records.map((r) => r.id).join()}`);
      elsewhere += meta.named_elsewhere?.total ?? 0;
    }
    const searched = SEARCH.answer(context, { q: number }, 'one-company').meta.named_elsewhere?.total ?? 0;
    if (elsewhere !== total(entry, 'elsewhere') || searched !== elsewhere)
      wrong.push(`${number} counts ${elsewhere} and ${searched} elsewhere, not ${total(entry, 'elsewhere')}`);
  }
  const none = new Map(RECORD_KINDS.map((kind) => [kind, []]));
  for (const entry of counted.filter((_, i) => i % 8 === 0)) {
    await checkAnswers(entry, none, wrong);
    await checkPage(entry, none, wrong);
  }
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} wrong`);
  assert.ok(counted.length > 150, `${counted.length} companies`);
});

test('a name several companies are registered under: its search page and its feed say whose each record is, its companies’ own first', async () => {
  const registered = new Map<string, number>();
  for (const { company } of companies) registered.set(company.name, (registered.get(company.name) ?? 0) + 1);
  const named = companies.filter((e) => total(e, 'own') + total(e, 'elsewhere') > 0);
  const names = [...new Set(named.map((e) => e.company.name))].filter((name) => (registered.get(name) ?? 0) > 1);
  const wrong: string[] = [];
  for (const name of names) {
    const q = encodeURIComponent(name);
    const answer = await ok(served.server, `/api/v1/search?q=${q}`);
    const { lines } = pageRecords((await served.server.get(`${SEARCH_PAGE_PATH}?q=${q}&lang=en`)).text);
    checkLines(`search page 「${name}」`, lines, wrong);
    for (const kind of RECORD_KINDS) {
      const listed = answer.data[RECORD_LISTS[kind]].map((r): Listed => `${r.id}:${r.relation ?? ''}`);
      if (linesOf(lines, RECORD_LISTS[kind]).join() !== listed.join()) wrong.push(`search page 「${name}」 ${kind}`);
      checkRanks(`/api/v1/search 「${name}」 ${kind}`, listed, wrong);
    }
    const feed = (await served.server.get(`/api/v1/search?q=${q}&format=atom`)).text;
    checkTitles(`feed of 「${name}」`, feed, wrong);
    checkRanks(
      `feed of 「${name}」`,
      feedEntries(feed).map((e): Listed => `${e.id}:${e.relation ?? ''}`),
      wrong,
    );
  }
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} wrong`);
  assert.ok(names.length >= 5, `${names.length} names`);
});

test('a reading is no name: the JFTC’s ＳＡＮＥＩ株式会社 is not 三栄株式会社’s (read サンエイ); its （株）協和 is offered apart to each 有限会社協和', async () => {
  const idsOf = (name: string) => [...rows].flatMap(([id, row]) => (row.name === name ? [id] : []));
  const [sanei] = idsOf('ＳＡＮＥＩ株式会社');
  const [kyowa] = idsOf('（株）協和');
  assert.ok(sanei !== undefined && kyowa !== undefined && rowOf(sanei).number === null, 'the JFTC’s records');
  // 三栄株式会社 of 鳥取市: no surface about it holds the record of a company whose name is its reading in romaji
  const saneiOf = companies.find((e) => e.company.name === '三栄株式会社' && e.company.prefecture_code === '31');
  const number = saneiOf?.company.corporate_number ?? assert.fail('三栄株式会社 of Tottori');
  const pages = [`/api/v1/enforcements?company=${number}`, `/api/v1/search?q=${number}`, `/companies/${number}`];
  for (const path of pages) assert.ok(!(await served.server.get(path)).text.includes(sanei), path);
  // and the record is still found by the name it gives, as text
  const found = await ok(served.server, `/api/v1/search?q=${encodeURIComponent('ＳＡＮＥＩ株式会社')}`);
  assert.deepEqual(
    found.data.enforcements.filter((r) => r.id === sanei).map((r) => r.relation),
    ['text'],
  );
  // the record naming （株）協和 and no place may be each 有限会社協和's: offered apart, on its list and its page
  const kyowas = companies.filter((e) => e.company.name === '有限会社協和').map((e) => e.company.corporate_number);
  assert.ok(kyowas.length >= 3, kyowas.join());
  for (const kyowaNumber of kyowas) {
    const path = `/api/v1/enforcements?company=${kyowaNumber}` as const;
    const listed = recordsOf(await ok(served.server, path), path).map((r) => `${r.id}:${r.relation ?? ''}`);
    assert.ok(listed.includes(`${kyowa}:named`), `${path}: ${listed.join()}`);
    const { lines } = pageRecords((await served.server.get(`/companies/${kyowaNumber}?lang=en`)).text);
    assert.ok(linesOf(lines).includes(`${kyowa}:named`), kyowaNumber);
  }
});
