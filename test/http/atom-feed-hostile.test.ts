// Through a real server: records imported with `import records` that try to forge an entry or
// break the document, hostile Host headers, and random `q` values always give a feed that parses, with one entry per
// record; the feed's links are written only on a checked Host or on KOHYO_PUBLIC_URL.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { runImportRecords } from '../../src/ingest/records/records-command.js';
import { xmlChars } from '../../src/http/feeds/xml-writer.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { importIo } from '../helpers/fixture-dataset.js';
import { answerOf, recordsOf } from '../helpers/answers.js';
import { validAtomValues } from '../helpers/atom-schema.js';
import { hostileText, PHISH } from '../helpers/hostile-text.js';
import { step, xmlValues } from '../helpers/xml-values.js';

// the import refuses a source that is not http(s); one that is may still hold what an attribute must escape
const ODD_URL = 'https://example.go.jp/a?b="><link href="https://phish.example"/>&c=]]>';
const SOURCE = {
  url: 'https://example.go.jp/jftc/2025/03/hostile.html',
  title: '見本',
  published_on: '2025-03-14',
  retrieved_at: '2025-03-15T10:00:00+09:00',
};
const HOSTILE = [
  {
    kind: 'enforcement',
    company: { name: '<b>架空</b> & 商事\u0001株式会社\uFFFE' },
    authority: 'jftc',
    source: SOURCE,
    law: 'antimonopoly_act',
    action_type: 'cease_and_desist_order',
    date: '2025-03-14',
    summary: PHISH,
    summary_en: `${PHISH}\u0000\u001b\uFFFF`,
  },
  {
    kind: 'procurement_suspension',
    company: { name: 'キャラクタ]]>試験建設' },
    authority: 'mlit_kanto_rdb',
    source: { ...SOURCE, url: ODD_URL },
    reason: 'bid_rigging',
    reason_detail: `入札]]>談合\r\n${PHISH}`,
    period: { from: '2025-06-02', to: null },
  },
];

let dbPath: string;
let server: TestServer;
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-hostile-'));
  dbPath = join(dir, 'hostile.sqlite');
  const file = join(dir, 'hostile.jsonl');
  writeFileSync(file, HOSTILE.map((r) => JSON.stringify(r)).join('\n'));
  const said: string[] = [];
  assert.equal(await runImportRecords([file], importIo(dbPath, said)), 0, said.join('\n'));
  server = await startServer({ dbPath });
});
after(() => server.close());

/** A GET with a Host header of the test's choosing, which fetch does not allow. */
function getWithHost(path: string, host: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { host, accept: 'application/atom+xml' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const entries = `count(//${step('entry')})`;

for (const [kind, path] of [
  ['enforcement', '/api/v1/enforcements?law=antimonopoly_act&format=atom'],
  ['procurement suspension', '/api/v1/procurement-suspensions?reason=bid_rigging&format=atom'],
] as const) {
  test(`a ${kind} whose text closes the summary and opens an entry stays one entry, its text whole`, async () => {
    const feed = await server.get(path);
    assert.equal(feed.status, 200);
    const [count, links, titles, summary] = await validAtomValues(feed.text, [
      entries,
      `count(//${step('link')}[contains(@href, 'evil.example')])`,
      `count(//${step('title')}[. = 'forged'])`,
      `//${step('entry')}/${step('summary')}`,
    ]);
    assert.equal(count, '1');
    assert.equal(links, '0', 'no link of the record text became an element');
    assert.equal(titles, '0');
    assert.ok(summary?.includes(PHISH), 'the text is kept, as text');
  });
}

test('control characters and U+FFFE of a record are left out; the rest of its text is kept', async () => {
  const feed = await server.get('/api/v1/enforcements?law=antimonopoly_act&format=atom');
  const [title] = await xmlValues(feed.text, [`//${step('entry')}/${step('title')}`]);
  assert.ok(title?.startsWith(xmlChars(HOSTILE[0]?.company.name ?? '')), title);
  assert.ok(!/[\u0000-\u0008\uFFFE\uFFFF]/u.test(feed.text));
});

test('a source address is written as the URL standard writes it, as an attribute value', async () => {
  const feed = await server.get('/api/v1/procurement-suspensions?reason=bid_rigging&format=atom');
  assert.deepEqual(
    await xmlValues(feed.text, [`//${step('link')}[@rel='related']/@href`, `count(//${step('link')})`]),
    [new URL(ODD_URL).href, '4'],
  );
});

test('a malformed Host header gives a feed on the default base, never a 500; a good one is used', async () => {
  const path = '/api/v1/enforcements?law=antimonopoly_act';
  for (const host of ['a b', '<x>', '%', 'evil.example/phish?', 'x"y']) {
    const answer = await getWithHost(path, host);
    assert.equal(answer.status, 200, host);
    const [self, page] = await validAtomValues(
      answer.text,
      [
        `/${step('feed')}/${step('link')}[@rel='self']/@href`,
        `//${step('entry')}/${step('link')}[@rel='alternate']/@href`,
      ],
      host,
    );
    assert.equal(self, `http://localhost${path}`, host);
    assert.match(page ?? '', /^http:\/\/localhost\/records\/enf_/u, host);
  }
  const good = await getWithHost(path, 'Kohyo.Example:8080');
  const [self] = await xmlValues(good.text, [`/${step('feed')}/${step('link')}[@rel='self']/@href`]);
  assert.equal(self, `http://kohyo.example:8080${path}`);
});

test('KOHYO_PUBLIC_URL is the base whatever the Host header says', async () => {
  const configured = await startServer({ dbPath, env: { KOHYO_PUBLIC_URL: 'https://kohyo.example/base/' } });
  try {
    const feed = await configured.get('/api/v1/enforcements?law=antimonopoly_act&format=atom');
    const [self, page] = await xmlValues(feed.text, [
      `/${step('feed')}/${step('link')}[@rel='self']/@href`,
      `//${step('entry')}/${step('link')}[@rel='alternate']/@href`,
    ]);
    assert.equal(self, 'https://kohyo.example/base/api/v1/enforcements?law=antimonopoly_act&format=atom');
    assert.match(page ?? '', /^https:\/\/kohyo\.example\/base\/records\/enf_/u);
  } finally {
    await configured.close();
  }
});

test('any q the client sends gives a valid feed or a JSON refusal, never a 5xx', async () => {
  const encoder = new TextEncoder();
  const percent = (text: string) =>
    [...encoder.encode(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  await fc.assert(
    fc.asyncProperty(hostileText(4), async (q) => {
      const answer = await server.get(`/api/v1/enforcements?q=${percent(q)}&format=atom`);
      assert.ok(answer.status === 200 || answer.status === 400, `${answer.status} for ${JSON.stringify(q)}`);
      if (answer.status === 200) {
        const [title] = await validAtomValues(answer.text, [`/${step('feed')}/${step('title')}`], JSON.stringify(q));
        // the words of q as sent, trimmed, in the title (atom-feed.test.ts: what a feed's title says)
        assert.ok(title?.endsWith(': Enforcement records (Kohyo)'), title);
      }
    }),
    { numRuns: 60 },
  );
});

test('random records of every kind, imported and served, read back from their feed as the JSON answer gives them', async () => {
  // free text drawn at random (fixed seed, so a failure repeats); dates apart, so that no two records share an id
  const texts = fc.sample(hostileText(6), { numRuns: 120, seed: 37 }).map((t) => `x${t}`);
  const text = (i: number) => texts[i % texts.length] ?? 'x';
  const day = (i: number) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
  const source = (i: number) => ({ ...SOURCE, title: text(i + 1) });
  const lines = Array.from({ length: 10 }, (_, i) => [
    {
      kind: 'enforcement',
      company: { name: text(i * 6) },
      authority: 'jftc',
      source: source(i),
      law: 'subcontract_act',
      action_type: 'recommendation',
      date: day(i),
      summary: text(i * 6 + 2),
      summary_en: i % 2 === 0 ? text(i * 6 + 3) : undefined,
    },
    {
      kind: 'procurement_suspension',
      company: { name: text(i * 6 + 4) },
      authority: 'mlit_kanto_rdb',
      source: source(i + 1),
      reason: 'accident_worker',
      reason_detail: text(i * 6 + 5),
      period: { from: day(i), to: null },
    },
    {
      kind: 'license_action',
      company: { name: text(i * 6 + 1) },
      authority: 'pref_13',
      source: source(i + 2),
      sector_code: 'construction',
      action_type: 'business_suspension_order',
      nature: 'violation',
      date: day(i),
      reason_detail: text(i * 6 + 2),
    },
  ]).flat();
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-random-'));
  const randomDb = join(dir, 'random.sqlite');
  writeFileSync(join(dir, 'random.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
  const said: string[] = [];
  assert.equal(await runImportRecords([join(dir, 'random.jsonl')], importIo(randomDb, said)), 0, said.join('\n'));
  const served = await startServer({ dbPath: randomDb });
  try {
    for (const [path, list] of [
      ['/api/v1/enforcements?law=subcontract_act', 'enforcements'],
      ['/api/v1/procurement-suspensions?reason=accident_worker', 'procurement_suspensions'],
      ['/api/v1/license-actions?sector=construction', 'license_actions'],
    ] as const) {
      const records = recordsOf(answerOf(await served.get(path)), list);
      const feed = await served.get(`${path}&format=atom`);
      assert.equal(records.length, 10, path);
      const entry = (id: string) => `//${step('entry')}[${step('id')} = 'urn:kohyo:record:${id}']`;
      const read = await validAtomValues(
        feed.text,
        [entries, ...records.flatMap((r) => [`${entry(r.id)}/${step('title')}`, `${entry(r.id)}/${step('summary')}`])],
        path,
      );
      assert.equal(read[0], '10', path);
      records.forEach((record, i) => {
        const own = 'summary' in record ? record.summary : record.reason_detail;
        assert.ok(read[1 + 2 * i]?.startsWith(`${xmlChars(record.company.name)} (`), `${path} ${record.id} title`);
        assert.equal(read[2 + 2 * i], xmlChars([record.summary_en, own].filter((t) => t).join('\n\n')));
      });
    }
  } finally {
    await served.close();
  }
});
