// GET /api/v1/companies through the real app over the endpoint fixtures (test/fixtures/endpoints/companies.csv).
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { ok } from '../helpers/answers.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await fixtureDatabase() });
});
after(() => server.close());

const COMPANY_KEYS = [
  'address',
  'aliases',
  'close_cause',
  'closed_on',
  'corporate_number',
  'legal_form',
  'links',
  'match',
  'name',
  'name_en',
  'name_kana',
  'predecessors',
  'predecessors_total',
  'record_counts',
  'status',
  'successor_corporate_number',
  'updated_on',
].sort();

const KAKUU = '7999900010001';
// 架空商事販売 and 東京架空商事, which hold 架空商事 at their start and in their middle
const KAKUU_HANBAI = '6999900010002';
const TOKYO_KAKUU = '5999900010003';

async function search(q: string, limit = 10) {
  return ok(server, `/api/v1/companies?q=${encodeURIComponent(q)}&limit=${limit}`);
}

/** The companies an answer lists, each as its number and how it matched. */
async function found(q: string, limit = 10): Promise<[string, string, string][]> {
  const body = await search(q, limit);
  return body.data.companies.map((c) => [c.corporate_number, c.match.field, c.match.kind]);
}

test('an exact name finds the company first, with match name/exact, whatever the legal form is written as', async () => {
  for (const q of ['架空商事株式会社', '架空商事', '㈱架空商事', '(株)架空商事', '架空商事 株式会社']) {
    assert.deepEqual((await found(q))[0], [KAKUU, 'name', 'exact'], q);
  }
});

test('prefix and partial matches, ranked exact, then prefix, then partial', async () => {
  assert.deepEqual(await found('架空商事'), [
    [KAKUU, 'name', 'exact'],
    [KAKUU_HANBAI, 'name', 'prefix'],
    [TOKYO_KAKUU, 'name', 'partial'],
  ]);
});

test('kana in katakana, hiragana or half-width finds the company by name_kana', async () => {
  for (const q of ['カクウショウジ', 'かくうしょうじ', 'ｶｸｳｼｮｳｼﾞ']) {
    assert.deepEqual(
      await found(q),
      [
        [KAKUU, 'name_kana', 'exact'],
        [KAKUU_HANBAI, 'name_kana', 'prefix'],
        [TOKYO_KAKUU, 'name_kana', 'partial'],
      ],
      q,
    );
  }
});

test('the registered English name finds the company by name_en; the romaji of its kana by the romanized alias', async () => {
  assert.deepEqual(await found('kakuu trading co., ltd.'), [[KAKUU, 'name_en', 'exact']]);
  const romaji = await search('kakushoji');
  assert.deepEqual(romaji.data.companies[0]!.match, { field: 'alias', kind: 'exact', alias_kind: 'romanized' });
  assert.deepEqual(romaji.data.companies[0]!.aliases, [{ name: 'Kakushoji', kind: 'romanized' }]);
});

test('a Corporate Number in any written form is an exact look-up', async () => {
  for (const q of [KAKUU, `T${KAKUU}`, '７９９９９０００１０００１', '7999-900010001']) {
    assert.deepEqual(await found(q), [[KAKUU, 'corporate_number', 'exact']], q);
  }
});

test('a Corporate Number with a wrong check digit gives no companies and a notice', async () => {
  const body = await search('8999900010001');
  assert.deepEqual(body.data.companies, []);
  assert.match(body.meta.notice!, /check digit/u);
});

test('one- and two-character queries are answered', async () => {
  for (const q of ['架', '架空']) {
    assert.deepEqual(
      await found(q),
      [
        [KAKUU, 'name', 'prefix'],
        [KAKUU_HANBAI, 'name', 'prefix'],
        [TOKYO_KAKUU, 'name', 'partial'],
      ],
      q,
    );
  }
});

test('a closed company shows its closure and successor; a former name finds the company and says so', async () => {
  // 試作電機 was absorbed by 見本工業 on 2025-10-01 (NTA close cause 11, merger)
  const closed = (await search('3999900010005')).data.companies[0]!;
  assert.equal(closed.status, 'closed');
  assert.equal(closed.closed_on, '2025-10-01');
  assert.equal(closed.successor_corporate_number, '4999900010004');
  assert.equal(closed.close_cause!.code, 'merger');
  // 見本工業 was 見本製作所 until 2022, as the history row before its current row says
  const former = (await search('見本製作所')).data.companies;
  assert.equal(former.length, 1);
  assert.equal(former[0]!.corporate_number, '4999900010004');
  assert.equal(former[0]!.name, '見本工業株式会社');
  assert.deepEqual(former[0]!.match, { field: 'alias', kind: 'exact', alias_kind: 'former_name' });
  assert.ok(former[0]!.aliases.some((a) => a.kind === 'former_name' && a.name === '見本製作所株式会社'));
});

test('the company resource has exactly the contract fields, with labels for codes and its record counts', async () => {
  const body = await search(KAKUU);
  const shown = body.data.companies[0]!;
  assert.deepEqual(Object.keys(shown).sort(), COMPANY_KEYS);
  assert.deepEqual(shown.legal_form, { code: 'kabushiki_kaisha', name: '株式会社', name_en: 'Kabushiki Kaisha' });
  assert.deepEqual(shown.record_counts, { enforcements: 3, procurement_suspensions: 1, license_actions: 0 });
  assert.equal(shown.address.en, '1-1-1, Kakucho, Chiyoda ku, Tokyo');
  assert.equal(body.meta.returned, 1);
  assert.equal(body.meta.has_more, false);
  const godo = (await search('例題工務店')).data.companies[0]!;
  assert.equal(godo.legal_form.code, 'godo_kaisha');
  assert.deepEqual(godo.record_counts, { enforcements: 0, procurement_suspensions: 0, license_actions: 1 });
});

test('limit caps the list and has_more says when more matched', async () => {
  const two = await search('架空', 2);
  assert.deepEqual(
    two.data.companies.map((c) => c.corporate_number),
    [KAKUU, KAKUU_HANBAI],
  );
  assert.equal(two.meta.limit, 2);
  assert.equal(two.meta.has_more, true);
  const all = await search('架空', 3);
  assert.equal(all.meta.returned, 3);
  assert.equal(all.meta.has_more, false);
});
