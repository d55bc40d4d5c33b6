// One company among its namesakes, on every surface a client meets (issue 76): for each company of the namesakes'
// dataset, its Corporate Number through /api/v1/search, `company=` on each record endpoint, the MCP `search` tool, the
// company's Atom feed and its page, and the search page, holds its records and the records naming it linked to none
// placed nowhere or in its prefecture (each told apart), counts those placed elsewhere, and holds no record linked to
// another company. test/api/one-company.test.ts holds the same in process, over the demo too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { namesakeDatabase } from '../helpers/namesake-dataset.js';
import { ok, recordsOf, type ListedRecord } from '../helpers/answers.js';
import { postMcp, serveMcp, toolCall, UNLIMITED, type McpServed } from '../helpers/mcp-served.js';
import { recordsOfEveryCompany, type CompanyRecords } from '../helpers/demo-spellings.js';
import { validAtomValues } from '../helpers/atom-schema.js';
import { step } from '../helpers/xml-values.js';
import { readPage } from '../helpers/page-text.js';
import { RECORD_PATHS } from '../../src/api/links.js';
import { RECORD_KINDS, type RecordKind } from '../../src/domain/records/record.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/store/read/store.js';
import { listRecords } from '../../src/api/record-endpoint.js';

let served: McpServed;
let companies: CompanyRecords[];
before(async () => {
  const path = await namesakeDatabase();
  served = await serveMcp(UNLIMITED, path);
  companies = recordsOfEveryCompany(path);
});
after(() => served.close());

/** Every record id of a company's own (linked to it, or naming it placed nowhere or in its prefecture). */
const ownIds = (entry: CompanyRecords) => new Set(RECORD_KINDS.flatMap((kind) => [...entry.own[kind]]));
const elsewhereTotal = (entry: CompanyRecords) => RECORD_KINDS.reduce((n, kind) => n + entry.elsewhere[kind].size, 0);
const relationOf = (number: string | null) => (number === null ? 'named' : 'linked');

test('/api/v1/search, company= and the MCP search tool: its own records, each told apart, no other company’s, the rest counted', async () => {
  const wrong: string[] = [];
  for (const entry of companies) {
    const number = entry.company.corporate_number;
    const own = ownIds(entry);
    const answer = await ok(served.server, `/api/v1/search?q=${number}`);
    const listed: ListedRecord[] = [
      ...answer.data.enforcements,
      ...answer.data.procurement_suspensions,
      ...answer.data.license_actions,
    ];
    // at most ten rows: each one its own, and all of them when it has ten or fewer
    for (const r of listed) {
      if (!own.has(r.id)) wrong.push(`/search ${number} holds ${r.id}`);
      if (r.relation !== relationOf(r.company.corporate_number)) wrong.push(`/search ${number} ${r.id} ${r.relation}`);
    }
    if (own.size <= 9 && listed.length !== own.size)
      wrong.push(`/search ${number} lists ${listed.length} of ${own.size}`);
    const total = elsewhereTotal(entry);
    if ((answer.meta.named_elsewhere?.total ?? 0) !== total)
      wrong.push(`/search ${number} named_elsewhere ${JSON.stringify(answer.meta.named_elsewhere)}, not ${total}`);
    for (const kind of RECORD_KINDS) {
      const path = `${RECORD_PATHS[kind]}?company=${number}` as const;
      const byFilter = recordsOf(await ok(served.server, path), path).map((r) => r.id);
      assert.deepEqual(new Set(byFilter), entry.own[kind], `${path}`);
    }
    const reply = await postMcp(served.server.url, toolCall(1, 'search', { q: number }), 'one-company-test');
    const text = (reply.body as { result: { content: { text: string }[] } }).result.content[0]!.text;
    const viaMcp = JSON.parse(text) as typeof answer;
    assert.deepEqual(viaMcp.data, answer.data, `MCP search ${number}`);
    assert.deepEqual(viaMcp.meta.named_elsewhere, answer.meta.named_elsewhere, `MCP search ${number}`);
  }
  assert.deepEqual(wrong, []);
});

test('the company’s Atom feed: its own records only, each entry’s category linked or named', async () => {
  for (const entry of companies) {
    const number = entry.company.corporate_number;
    const feed = await served.server.get(`/api/v1/search?q=${number}&format=atom`);
    assert.equal(feed.status, 200);
    const [count = '0'] = await validAtomValues(feed.text, [`count(//${step('entry')})`], number);
    const n = Number(count);
    const read = await validAtomValues(
      feed.text,
      Array.from({ length: n }, (_, i) => [
        `//${step('entry')}[${i + 1}]/${step('id')}`,
        `//${step('entry')}[${i + 1}]/${step('category')}/@term`,
      ]).flat(),
      number,
    );
    const own = ownIds(entry);
    for (let i = 0; i < n; i++) {
      const id = (read[2 * i] ?? '').replace('urn:kohyo:record:', '');
      assert.ok(own.has(id), `${number}'s feed holds ${id}`);
      const linked = [...RECORD_KINDS].some((kind) => entry.records[kind].has(id) && !entry.unlinked[kind].has(id));
      assert.equal(read[2 * i + 1], linked ? 'linked' : 'named', `${number} ${id}`);
    }
    assert.equal(n, Math.min(own.size, 10), number);
  }
});

test('the company page: its records, and apart those naming it in its prefecture or nowhere; the rest counted with a search of the name', async () => {
  for (const entry of companies) {
    const number = entry.company.corporate_number;
    const response = await fetch(`${served.server.url}/companies/${number}?lang=en`);
    assert.equal(response.status, 200);
    const html = await response.text();
    const onPage = [...html.matchAll(/<a href="\/records\/([^"?]+)/gu)].map((m) => m[1]!);
    const own = ownIds(entry);
    for (const id of onPage) assert.ok(own.has(id), `${number}'s page offers ${id}`);
    const notes = readPage(html).textsOf('p', 'notice').join(' ');
    const total = elsewhereTotal(entry);
    if (total === 0) assert.doesNotMatch(notes, /elsewhere in Japan/u, number);
    else {
      const said = total === 1 ? 'One more record names' : `${total} more records name`;
      assert.ok(notes.includes(`${said} a company of this name elsewhere in Japan`), `${number}: ${notes}`);
      assert.ok(html.includes(`/search?q=${encodeURIComponent(entry.company.name)}`), number);
    }
  }
});

test('the search page of a number labels the records naming the company apart from its own', async () => {
  const sendai = companies.find((c) => c.company.corporate_number === '6999900020001')!;
  const response = await fetch(`${served.server.url}/search?q=6999900020001&lang=en`);
  const html = await response.text();
  const labels = readPage(html).textsOf('em', 'relation');
  const named = RECORD_KINDS.reduce(
    (n, kind) => n + [...sendai.own[kind]].filter((id) => sendai.unlinked[kind].has(id)).length,
    0,
  );
  assert.equal(named, 2);
  assert.deepEqual(labels, [
    'names a company of this name, linked to none',
    'names a company of this name, linked to none',
  ]);
  assert.match(readPage(html).textsOf('p', 'notice').join(' '), /3 more records name a company of this name/u);
  assert.ok(!html.includes('enf_aoba_tokyo') && !html.includes('enf_aoba_osaka'));
});

/** Each entry's record id and title of a feed, as XML text (the writer escapes only `&`, `<` and `>` in text). */
const entriesOf = (feed: string) =>
  [...feed.matchAll(/<entry><id>urn:kohyo:record:([^<]+)<\/id><title>([^<]*)<\/title>/gu)].map((m) => ({
    id: m[1]!,
    title: m[2]!.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
  }));
const NAMED_MARK = '[同名の記載のみ・どの企業にも対応づけなし · Names a company of this name, linked to none] ';

test('namesakes told apart: each line of a name’s search page and each entry of its feed says whose record it is', async () => {
  const q = encodeURIComponent('青葉精機');
  const answer = await ok(served.server, `/api/v1/search?q=${q}`);
  const listed: ListedRecord[] = [
    ...answer.data.enforcements,
    ...answer.data.procurement_suspensions,
    ...answer.data.license_actions,
  ];
  const html = await (await fetch(`${served.server.url}/search?q=${q}&lang=en`)).text();
  const whose = readPage(html).textsOf('span', 'whose');
  assert.equal(whose.length, listed.length, 'one on each record line');
  listed.forEach((r, i) => {
    const said =
      r.company.corporate_number === null ? 'linked to no company' : `Corporate Number ${r.company.corporate_number}`;
    assert.ok(whose[i]?.startsWith(`(${said}`), `${whose[i]} of ${r.id}`);
  });
  const path = `/api/v1/enforcements?company=${q}` as const;
  const records = recordsOf(await ok(served.server, path), path);
  const numbers = new Set(
    records.flatMap((r) => (r.company.corporate_number === null ? [] : [r.company.corporate_number])),
  );
  assert.ok(numbers.size >= 2 && records.some((r) => r.company.corporate_number === null), 'a mix of namesakes');
  const feed = await served.server.get(`${path}&format=atom`);
  const entries = entriesOf(feed.text);
  assert.equal(entries.length, records.length);
  const rank = { linked: 0, predecessor: 0, named: 1, text: 2 } as const;
  let last = 0;
  for (const { id, title } of entries) {
    const r = records.find((record) => record.id === id);
    assert.ok(r?.relation !== undefined, id);
    if (r.company.corporate_number === null)
      assert.ok(title.includes('法人番号の紐付けなし · linked to no company'), title);
    else assert.ok(title.includes(`(${r.company.corporate_number}`), title);
    // a record that only names a company of the name says so first; a record linked to one never does
    assert.equal(title.startsWith(NAMED_MARK), r.relation === 'named', title);
    // the records linked to the companies found first, then those naming them, then those found by their own text
    assert.ok(rank[r.relation] >= last, `${title} after a ${last}`);
    last = rank[r.relation];
  }
  assert.equal(last, 2, 'the feed reaches the records found by their text');
});

test('a company’s feed by its number: its own records first, each that only names it marked so in its title', async () => {
  const feed = await served.server.get('/api/v1/search?q=6999900020001&format=atom');
  const titles = entriesOf(feed.text).map((entry) => entry.title);
  assert.deepEqual(
    titles.map((t) => t.startsWith(NAMED_MARK)),
    [false, false, true, true],
    titles.join('\n'),
  );
  for (const title of titles.slice(0, 2)) assert.ok(title.includes('(6999900020001'), title);
});

describe('every demo company through MCP', () => {
  let demo: McpServed;
  // the companies and kinds whose answers mix records linked to them with others (a predecessor's, or records only
  // naming them), where the order is the rule's; the others' answers are their linked records alone, and every
  // company's surfaces in process are test/api/one-company.test.ts's
  let mixed: { readonly number: string; readonly kinds: readonly RecordKind[] }[];
  let demoCompanies: number;
  before(async () => {
    const path = await demoDatabase();
    demo = await serveMcp(UNLIMITED, path);
    const every = recordsOfEveryCompany(path);
    demoCompanies = every.length;
    mixed = every
      .map((entry) => ({
        number: entry.company.corporate_number,
        kinds: RECORD_KINDS.filter(
          (kind) =>
            [...entry.own[kind]].some((id) => entry.unlinked[kind].has(id)) ||
            [...entry.own[kind]].some((id) => !entry.unlinked[kind].has(id) && !entry.records[kind].has(id)),
        ),
      }))
      .filter((company) => company.kinds.length > 0);
  });
  after(() => demo.close());

  test('the list tools given a company hold what company= holds, in its order: its own records first, then what names it', async () => {
    const store = openStore(await demoDatabase());
    const context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
    const tools = {
      enforcement: 'list_enforcements',
      procurement_suspension: 'list_procurement_suspensions',
      license_action: 'list_license_actions',
    } as const;
    const wrong: string[] = [];
    let id = 0;
    for (const { number, kinds } of mixed) {
      const calls = kinds.map((kind) => toolCall(++id, tools[kind], { company: number }));
      const reply = await postMcp(demo.server.url, calls, 'one-company-test');
      type Answer = { id: number; result: { content: { text: string }[] } };
      const answers = (Array.isArray(reply.body) ? reply.body : [reply.body]) as Answer[];
      kinds.forEach((kind, i) => {
        const text = answers.find((answer) => answer.id === calls[i]?.id)?.result.content[0]?.text ?? '{}';
        const data = (JSON.parse(text) as { data?: Record<string, ListedRecord[]> }).data ?? {};
        if (Object.keys(data).length === 0) wrong.push(`${number} ${kind}: ${text.slice(0, 200)}`);
        const viaMcp = Object.values(data)[0]?.map((r) => `${r.id}:${r.relation}`) ?? [];
        const api = listRecords(kind, context, { company: number }, 'x').records.map((r) => `${r.id}:${r.relation}`);
        if (viaMcp.join() !== api.join()) wrong.push(`${number} ${kind}: MCP ${viaMcp.join()} ≠ ${api.join()}`);
      });
    }
    store.close();
    assert.deepEqual(wrong, []);
    assert.ok(mixed.length >= 10 && demoCompanies > 250, `${mixed.length} of ${demoCompanies} demo companies`);
  });
});
