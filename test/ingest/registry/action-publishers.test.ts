// Issue 46 point 4: every national body that publishes enforcement or licence actions against companies is in the
// registry, with its regional offices that act in their own name, and so is every prefecture's 建設業法 and
// 宅地建物取引業法 監督処分 list; one not yet collected is registered all the same, so coverage can name it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AUTHORITIES } from '../../../src/domain/vocabularies/authorities.js';
import { PREFECTURES } from '../../../src/domain/vocabularies/prefectures.js';
import { sourceRegistry } from '../../../src/ingest/registry/source-registry.js';

const actions = sourceRegistry().sources.filter((s) => s.record_kind !== 'procurement_suspension');
const publishers = new Set(actions.map((s) => s.publisher));

test('the national bodies named in the issue each publish a registered list of actions', () => {
  // 金融庁, 証券取引等監視委員会, 国土交通省 (ネガティブ情報), 消費者庁 (特定商取引法 beside 景品表示法), 個人情報保護委員会,
  // 厚生労働省 (労働者派遣), 農林水産省 (食品表示), 総務省, 公正取引委員会, 出入国在留管理庁
  for (const code of ['fsa', 'sesc', 'mlit', 'caa', 'ppc', 'mhlw', 'maff', 'mic', 'jftc', 'isa'])
    assert.ok(publishers.has(code), code);
  const caa = actions.filter((s) => s.publisher === 'caa').map((s) => s.id);
  assert.ok(caa.includes('caa-tokusho-actions') && caa.includes('caa-keihyo-actions'), caa.join());
  assert.ok(actions.some((s) => s.id === 'mhlw-worker-dispatch-actions'));
  assert.ok(actions.some((s) => s.id === 'maff-food-labelling-actions'));
});

test('each finance bureau, district transport bureau and regional development bureau has a list of its own', () => {
  const offices = AUTHORITIES.filter(
    (a) =>
      (a.parent === 'fsa' && a.code.startsWith('fsa_')) ||
      /_(dtb|tsd|rdb)$/u.test(a.code) ||
      a.code === 'mlit_okinawa_ogb',
  );
  // 11 finance bureaus (福岡財務支局 and 沖縄 included), 9 transport bureaus and 神戸, 10 development bureaus
  assert.ok(offices.length >= 30, `${offices.length}`);
  for (const office of offices) assert.ok(publishers.has(office.code), `${office.code} (${office.name})`);
  const codes = new Set(offices.map((o) => o.code));
  for (const source of actions.filter((s) => codes.has(s.publisher)))
    assert.ok(['fsa', 'mlit'].includes(source.counted_body), `${source.id} counts for ${source.counted_body}`);
});

test("every prefecture's 建設業法 and 宅地建物取引業法 監督処分 lists are registered as licence actions", () => {
  for (const p of PREFECTURES) {
    for (const trade of ['construction-actions', 'real-estate-brokerage-actions']) {
      const source = sourceRegistry().get(`pref-${p.code}-${trade}`);
      assert.equal(source?.record_kind, 'license_action', `${p.name} ${trade}`);
      assert.equal(source?.publisher, `pref_${p.code}`);
    }
  }
});

test('a source registered with no parser is never collected, not refused: its address and kind are all it needs', () => {
  const unwritten = actions.filter((s) => s.parser === 'not_written');
  assert.ok(unwritten.length > 100, `${unwritten.length}`);
  for (const source of unwritten) {
    assert.equal(source.mapping, undefined, source.id);
    assert.match(source.url, /^https:\/\//u, source.id);
  }
});

test('every body that acts against companies in its own name has a list registered in its name, unread until one is', () => {
  const sources = sourceRegistry().sources;
  const inOwnName = (code: string) => sources.filter((s) => s.publisher === code);
  const bodies = [
    // the 47 labour bureaus (大阪労働局, 千葉労働局, 福岡労働局, …): 労働者派遣法 and 職業安定法 actions
    ...AUTHORITIES.filter((a) => a.code.startsWith('mhlw_labour_bureau_')).map((a) => [a.code, 'mhlw'] as const),
    // 経済産業省 and its regional bureaus (沖縄総合事務局経済産業部 with them)
    ['meti', null],
    ...AUTHORITIES.filter((a) => a.parent === 'meti' && a.code.startsWith('meti_')).map(
      (a) => [a.code, 'meti'] as const,
    ),
    // the 地方厚生局 and 四国厚生支局
    ...AUTHORITIES.filter((a) => a.code.endsWith('_rbhw')).map((a) => [a.code, 'mhlw'] as const),
    // 観光庁 (旅行業法), 林野庁 and its 森林管理局, 中小企業庁, 資源エネルギー庁, 原子力規制委員会
    ['jta', 'mlit'],
    ['forestry_agency', 'maff'],
    ...AUTHORITIES.filter((a) => a.parent === 'forestry_agency').map((a) => [a.code, 'maff'] as const),
    ['smea', 'meti'],
    ['anre', 'meti'],
    ['nra', 'moe'],
  ] as const;
  assert.equal(bodies.filter(([code]) => code.startsWith('mhlw_labour_bureau_')).length, 47);
  assert.equal(bodies.filter(([code]) => code.startsWith('meti_')).length, 9);
  assert.equal(bodies.filter(([code]) => code.endsWith('_rbhw')).length, 8);
  assert.equal(bodies.filter(([code]) => code.endsWith('_rfo')).length, 7);
  for (const [code, countsFor] of bodies) {
    const own = inOwnName(code);
    assert.ok(own.length > 0, `${code} (${AUTHORITIES.find((a) => a.code === code)?.name}) has no list in its name`);
    for (const source of own) {
      // the coverage ratio counts the 各省各庁 (publisher-groups.ts): an office or external agency counts for its ministry
      assert.equal(source.counted_body, countsFor ?? code, source.id);
      assert.equal(source.parser, 'not_written', `${source.id}: never collected until a real list of it is read`);
      assert.match(source.url, /^https:\/\/[^/]+\.go\.jp\//u, source.id);
    }
  }
  // the MHLW labour-law list still counts for the ministry, its records' authority each bureau
  assert.equal(sourceRegistry().get('mhlw-labour-law-violations')?.counted_body, 'mhlw');
});
