// Record lists as Atom feeds: asked by Accept or format=atom, valid against RFC 4287's RELAX NG schema (xmllint,
// test/fixtures/atom/atom.rng), one entry per record of the JSON answer, and revalidated with 304s that the limits
// do not count, so that a reader polling many companies stays within the anonymous allowance.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runImportRecords } from '../../../src/ingest/records/records-command.js';
import { importIo } from '../../helpers/fixture-dataset.js';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../../helpers/server.js';
import { limitedServer } from '../../helpers/limited-server.js';
import { atomSchemaErrors, validAtomValues } from '../../helpers/atom-schema.js';
import { answerOf, ok, recordsOf } from '../../helpers/answers.js';
import { step } from '../../helpers/xml-values.js';

const ATOM = 'application/atom+xml';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

const entriesOf = (xml: string) => [...xml.matchAll(/<entry>[\s\S]*?<\/entry>/gu)].map((m) => m[0]);

test('the schema check itself refuses what is not Atom, also where it reads values in the same run', async () => {
  const notAtom = '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>';
  assert.match((await atomSchemaErrors(notAtom)) ?? '', /Expecting an element id/u);
  await assert.rejects(validAtomValues(notAtom, ['count(/*)'], 'a title alone:'), /a title alone: not a valid Atom/u);
  await assert.rejects(validAtomValues(notAtom, []), /not a valid Atom/u);
});

const JAPAN_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/u;
const valueOf = (entry: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`, 'u').exec(entry)?.[1];

for (const [kind, path, list] of [
  ['enforcements', '/api/v1/enforcements?law=labour_standards_act', 'enforcements'],
  ['procurement suspensions', '/api/v1/procurement-suspensions?reason=bid_rigging', 'procurement_suspensions'],
  ['licence actions', '/api/v1/license-actions?sector=construction', 'license_actions'],
] as const) {
  test(`${kind}: the feed is valid Atom, one entry per record of the JSON answer, each linking its page and its source`, async () => {
    const json = await server.get(path);
    const feed = await server.get(path, { headers: { accept: ATOM } });
    assert.equal(feed.status, 200);
    assert.equal(feed.headers.get('content-type'), `${ATOM}; charset=utf-8`);
    assert.match(feed.headers.get('vary') ?? '', /Accept/u);
    assert.equal(await atomSchemaErrors(feed.text), null);
    const records = recordsOf(answerOf(json), list);
    const entries = entriesOf(feed.text);
    assert.equal(entries.length, records.length);
    assert.ok(entries.length > 0 && entries.length <= 10);
    for (const record of records) {
      const entry = entries.find((e) => e.includes(`<id>urn:kohyo:record:${record.id}</id>`));
      assert.ok(entry !== undefined, 'a stable id from the record id');
      assert.ok(
        entry.includes(`<link rel="alternate" type="text/html" href="${server.url}/records/${record.id}"/>`),
        "the record's page, on the request's origin",
      );
      assert.ok(entry.includes(`<link rel="related" href="${record.source.url}"/>`), "the publisher's source");
      assert.ok(entry.includes(record.company.name), 'the company in the title');
      assert.ok(entry.includes(record.summary_en), 'the English summary');
      // each entry has an author (RFC 4287's Schematron rule the RELAX NG schema leaves out)
      assert.match(entry, /<author><name>[^<]+<\/name>/u);
      const updated = valueOf(entry, 'updated') ?? '';
      const published = valueOf(entry, 'published') ?? '';
      for (const time of [updated, published]) {
        assert.match(time, JAPAN_TIME);
        assert.ok(Date.parse(time) <= TEST_NOW.getTime(), `${time} is not after the answer`);
      }
      const changed = server.store?.records.changedAt([record.id]).get(record.id) ?? '';
      assert.equal(Date.parse(updated), Date.parse(changed), 'when the record reached Kohyo or last changed');
      // the record's own date, before or after it arrived; a record dated ahead of the answer (a suspension from
      // next month) as it arrived
      const own = Date.parse(`${'date' in record ? record.date : record.period.from}T00:00:00+09:00`);
      assert.equal(Date.parse(published), own <= TEST_NOW.getTime() ? own : Date.parse(updated), "the record's date");
    }
    const updated = entries.map((e) => Date.parse(valueOf(e, 'updated') ?? ''));
    assert.deepEqual(
      [...updated].sort((a, b) => b - a),
      updated,
      'what arrived last comes first',
    );
    assert.equal(
      Date.parse(valueOf(feed.text, 'updated') ?? ''),
      updated[0],
      "the feed's updated is the newest entry's",
    );
  });
}

test('format=atom asks as Accept does; format=json wins over Accept; anything else is refused', async () => {
  const byFormat = await server.get('/api/v1/enforcements?law=labour_standards_act&limit=3&format=atom');
  assert.equal(byFormat.headers.get('content-type'), `${ATOM}; charset=utf-8`);
  assert.equal(entriesOf(byFormat.text).length, 3);
  // the feed names itself, and the JSON answer of the same query beside it
  const path = '/api/v1/enforcements?law=labour_standards_act&amp;limit=3';
  assert.ok(
    byFormat.text.includes(
      `<link rel="self" type="application/atom+xml" href="${server.url}${path}&amp;format=atom"/>`,
    ),
  );
  assert.ok(byFormat.text.includes(`<link rel="alternate" type="application/json" href="${server.url}${path}"/>`));
  const json = await server.get('/api/v1/enforcements?law=labour_standards_act&format=json', {
    headers: { accept: ATOM },
  });
  assert.match(json.headers.get('content-type') ?? '', /^application\/json/u);
  const bad = await server.get('/api/v1/enforcements?law=labour_standards_act&format=rss');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.message, 'format must be json or atom (got "rss").');
});

test('an empty answer is a valid feed with no entry', async () => {
  const feed = await server.get(`/api/v1/enforcements?company=${encodeURIComponent('存在しない会社名ですよ')}`, {
    headers: { accept: ATOM },
  });
  assert.equal(feed.status, 200);
  assert.equal(await atomSchemaErrors(feed.text), null);
  assert.equal(entriesOf(feed.text).length, 0);
});

test('a reader polling with If-None-Match gets 304s, not counted against the limits; JSON and Atom have their own ETags', async () => {
  const limited = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '3' });
  try {
    const path = '/api/v1/enforcements?law=labour_standards_act';
    const headers = { accept: ATOM };
    const first = await limited.get(path, headers);
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag')!;
    const json = await limited.get(path);
    assert.notEqual(json.headers.get('etag'), etag);
    for (let i = 0; i < 6; i++) {
      const again = await limited.get(path, { ...headers, 'if-none-match': etag });
      assert.equal(again.status, 304, `poll ${i + 1}`);
    }
    // two of three counted: the third request still answers, and the fourth is refused
    assert.equal((await limited.get(path, headers)).status, 200);
    assert.equal((await limited.get(path, headers)).status, 429);
  } finally {
    await limited.close();
  }
});

test('a new record of an old case comes first, updated when it arrived and published on its own date', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-arrivals-'));
  const dbPath = join(dir, 'arrivals.sqlite');
  const line = (company: string, date: string) =>
    JSON.stringify({
      kind: 'enforcement',
      company: { name: company },
      authority: 'jftc',
      source: { url: 'https://example.go.jp/jftc/list.html', title: '一覧', retrieved_at: '2026-11-01T00:00:00Z' },
      law: 'antimonopoly_act',
      action_type: 'cease_and_desist_order',
      date,
      summary: `${company}の事案`,
    });
  const said: string[] = [];
  const importAt = async (name: string, text: string, at: string) => {
    writeFileSync(join(dir, name), text);
    const io = { ...importIo(dbPath, said), now: () => new Date(at) };
    assert.equal(await runImportRecords([join(dir, name)], io), 0, said.join('\n'));
  };
  await importAt('recent.jsonl', line('最近商事', '2026-10-30'), '2026-11-01T01:00:00Z');
  // an old case reaches Kohyo later; a case dated after the answer is published when it arrived, until its day
  await importAt(
    'old.jsonl',
    [line('古い商事', '2019-04-01'), line('未来商事', '2027-01-01')].join('\n'),
    '2026-11-20T06:30:00Z',
  );
  const local = await startServer({ dbPath });
  try {
    const feed = await local.get('/api/v1/enforcements?law=antimonopoly_act&format=atom');
    assert.equal(await atomSchemaErrors(feed.text), null);
    const entries = entriesOf(feed.text);
    const first = entries.map((e) => /<title>(.+?) \(/u.exec(e)?.[1]);
    assert.deepEqual(first, ['未来商事', '古い商事', '最近商事']);
    const dates = entries.map((e) => [valueOf(e, 'updated'), valueOf(e, 'published')]);
    assert.deepEqual(dates, [
      ['2026-11-20T15:30:00+09:00', '2026-11-20T15:30:00+09:00'],
      ['2026-11-20T15:30:00+09:00', '2019-04-01T00:00:00+09:00'],
      ['2026-11-01T10:00:00+09:00', '2026-10-30T00:00:00+09:00'],
    ]);
    assert.equal(valueOf(feed.text, 'updated'), '2026-11-20T15:30:00+09:00');
    // no date of an entry is after the feed's
    for (const [updated, published] of dates)
      assert.ok(updated! <= '2026-11-20T15:30:00+09:00' && published! <= '2026-11-20T15:30:00+09:00');
  } finally {
    await local.close();
  }
});

test('a suspension that reached Kohyo before its first day is published on that day, once it has come', async () => {
  const changedAt = (id: string) => Date.parse(server.store?.records.changedAt([id]).get(id) ?? '');
  for (let page = 1; page <= 10; page++) {
    const path = `/api/v1/procurement-suspensions?status=active&page=${page}` as const;
    const records = (await ok(server, path)).data.procurement_suspensions;
    const ahead = records.find((r) => Date.parse(`${r.period.from}T00:00:00+09:00`) > changedAt(r.id));
    if (ahead === undefined) continue;
    const entry = entriesOf((await server.get(`${path}&format=atom`)).text).find((e) => e.includes(ahead.id)) ?? '';
    assert.equal(valueOf(entry, 'published'), `${ahead.period.from}T00:00:00+09:00`, 'its first day, in Japan');
    assert.ok(Date.parse(valueOf(entry, 'updated') ?? '') < Date.parse(valueOf(entry, 'published') ?? ''));
    return;
  }
  assert.fail('the demo has no suspension in force that reached Kohyo before its first day');
});

test("a feed's title names what it follows: a company by its name and number, a list by its filters' words", async () => {
  const number = '8999999000001';
  const [company] = (await ok(server, '/api/v1/companies?q=8999999000001')).data.companies;
  assert.ok(company !== undefined);
  const titled = `${company.name} (${number})`;
  const cases: [path: string, title: string][] = [
    [`/api/v1/search?q=${number}`, `${titled}: Records of every kind (Kohyo)`],
    [
      `/api/v1/search?q=${encodeURIComponent(`T${number.slice(0, 1)}-${number.slice(1)}`)}`,
      `${titled}: Records of every kind (Kohyo)`,
    ],
    [`/api/v1/enforcements?corporate_number=${number}`, `${titled}: Enforcement records (Kohyo)`],
    [`/api/v1/procurement-suspensions?company=${number}`, `${titled}: Procurement suspensions (Kohyo)`],
    [
      `/api/v1/license-actions?corporate_number=${number}&include_predecessors=true`,
      `${titled}, and the companies merged into it: Licence and registration actions (Kohyo)`,
    ],
    [`/api/v1/search?q=${encodeURIComponent(' 北辰建設 ')}`, '「北辰建設」: Records of every kind (Kohyo)'],
    [
      `/api/v1/enforcements?authority=jftc&from=2025-01-01&to=2025-12-31`,
      'Japan Fair Trade Commission (公正取引委員会), from 2025-01-01, to 2025-12-31: Enforcement records (Kohyo)',
    ],
    [
      `/api/v1/procurement-suspensions?company=${encodeURIComponent('北辰建設')}&status=${encodeURIComponent('措置中')}`,
      '「北辰建設」, Active (措置中): Procurement suspensions (Kohyo)',
    ],
  ];
  for (const [path, title] of cases) {
    const feed = await server.get(`${path}&format=atom`);
    assert.equal(feed.status, 200, path);
    assert.deepEqual(await validAtomValues(feed.text, [`/${step('feed')}/${step('title')}`], path), [title], path);
  }
});
