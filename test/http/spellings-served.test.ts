// One answer for every spelling, as a client meets it: for the demo companies that records name without their number
// (the six with the most such records), every spelling reaches every record of the company's name through the
// served API (/api/v1/search's counts, `company=` page by page), the pages (each kind's matches page by page) and
// MCP (the `search` tool answers what /api/v1/search answers). test/api/every-spelling.test.ts holds the same over
// every company in process.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase } from '../helpers/server.js';
import { ok, recordsOf } from '../helpers/answers.js';
import { postMcp, serveMcp, toolCall, UNLIMITED, type McpServed } from '../helpers/mcp-served.js';
import {
  recordsOfEveryCompany,
  recordsOfSpelling,
  spellingsOf,
  type RecordsByKind,
} from '../helpers/demo-spellings.js';
import { RECORD_PATHS } from '../../src/api/links.js';
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from '../../src/domain/records/record.js';

const SAMPLE = 6;

let served: McpServed;
let sample: { spelling: string; records: RecordsByKind }[];
before(async () => {
  const path = await demoDatabase();
  served = await serveMcp(UNLIMITED, path);
  const named = recordsOfEveryCompany(path)
    .map((c) => ({ ...c, unnamed: RECORD_KINDS.reduce((n, kind) => n + c.unlinked[kind].size, 0) }))
    .filter((c) => c.unnamed > 0)
    .sort((a, b) => b.unnamed - a.unnamed || a.company.corporate_number.localeCompare(b.company.corporate_number))
    .slice(0, SAMPLE);
  assert.equal(named.length, SAMPLE);
  sample = named.flatMap((entry) =>
    spellingsOf(entry.company).map((spelling) => ({ spelling, records: recordsOfSpelling(entry, spelling) })),
  );
});
after(() => served.close());

const missing = (expected: ReadonlySet<string>, found: Iterable<string>) => {
  const seen = new Set(found);
  return [...expected].filter((id) => !seen.has(id));
};

/** Every record id a kind's page of a search lists, page by page to its last. */
async function idsOnPages(q: string, kind: RecordKind): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ q, kind: RECORD_LISTS[kind], page: String(page), lang: 'en' });
    const response = await fetch(`${served.server.url}/search?${params.toString()}`);
    assert.equal(response.status, 200, params.toString());
    const html = await response.text();
    ids.push(...[...html.matchAll(/<a href="\/records\/([^"?]+)/gu)].map((m) => m[1]!));
    if (!html.includes(`page=${page + 1}&amp;lang=en">`)) return ids;
  }
}

/** Every record id `company=` lists, page by page where the endpoint has pages. */
async function idsOfCompanyFilter(q: string, kind: RecordKind): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const paged = kind === 'enforcement' ? '' : `&page=${page}`;
    const path = `${RECORD_PATHS[kind]}?company=${encodeURIComponent(q)}${paged}` as const;
    const answer = await ok(served.server, path);
    ids.push(...recordsOf(answer, path).map((r) => r.id));
    if (!answer.meta.has_more || paged === '') return ids;
  }
}

test('every spelling: /api/v1/search counts every record of the name, and MCP answers the same', async () => {
  const short: string[] = [];
  for (const { spelling, records } of sample) {
    const answer = await ok(served.server, `/api/v1/search?q=${encodeURIComponent(spelling)}`);
    for (const kind of RECORD_KINDS) {
      if (answer.meta.matches[RECORD_LISTS[kind]] < records[kind].size) short.push(`「${spelling}」 ${kind}`);
    }
    const reply = await postMcp(served.server.url, toolCall(1, 'search', { q: spelling }), 'spellings-test');
    const text = (reply.body as { result: { content: { text: string }[] } }).result.content[0]!.text;
    const viaMcp = JSON.parse(text) as typeof answer;
    assert.deepEqual(viaMcp.meta.matches, answer.meta.matches, spelling);
  }
  assert.deepEqual(short, []);
});

test('every spelling: the pages of each kind, and company= on each record endpoint, reach every record of the name', async () => {
  const misses: string[] = [];
  for (const { spelling, records } of sample) {
    for (const kind of RECORD_KINDS) {
      if (records[kind].size === 0) continue;
      const onPages = missing(records[kind], await idsOnPages(spelling, kind));
      if (onPages.length > 0) misses.push(`pages 「${spelling}」 ${kind}: ${onPages.join(', ')}`);
      // enforcements have no pages: company= shows the newest ten, and a company of more is narrowed by dates
      if (kind === 'enforcement' && records[kind].size > 10) continue;
      const byFilter = missing(records[kind], await idsOfCompanyFilter(spelling, kind));
      if (byFilter.length > 0) misses.push(`company= 「${spelling}」 ${kind}: ${byFilter.join(', ')}`);
    }
  }
  assert.deepEqual(misses, []);
});
