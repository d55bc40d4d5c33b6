// Records read back from the store are the records written: one type per kind, both ways.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import { normaliseCompanyName } from '../../../src/domain/companies/names.js';
import { MAX_PERMITS_SHOWN, type ValidRecord } from '../../../src/domain/records/record.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { RecordQueries } from '../../../src/store/read/record-queries.js';
import { createRecordWriter } from '../../../src/store/write/record-writer.js';
import { seedVocabularies } from '../../../src/store/write/vocabulary-seed.js';
import { WRITTEN_AT, recordQueriesOver } from '../../helpers/record-store.js';

const NUMBER = corporateNumberFromBase('999900000001');
const source = {
  url: 'https://example.go.jp/a.html',
  title: '公表資料',
  published_on: '2025-03-14',
  retrieved_at: '2025-03-15T01:00:00Z',
};
const today = '2026-11-22';

function valid(line: Record<string, unknown>): ValidRecord {
  const result = validateRecordLine(line, 1);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  return result.record;
}

const RECORDS: readonly ValidRecord[] = [
  valid({
    kind: 'enforcement',
    company: {
      name: '架空商事株式会社',
      corporate_number: NUMBER,
      name_en: 'Kaku Shoji',
      prefecture_code: '13',
      address: '東京都千代田区',
    },
    authority: 'jftc',
    source,
    law: 'subcontract_act',
    laws: ['antimonopoly_act'],
    law_detail: '第7条',
    action_type: 'recommendation',
    date: '2025-03-14',
    summary: '下請代金の減額',
    summary_en: 'Reduction of subcontract proceeds',
    amount_jpy: 1200000,
  }),
  valid({
    kind: 'procurement_suspension',
    company: { name: '試験建設株式会社' },
    authority: 'pref_13',
    source: { ...source, url: 'https://example.go.jp/b.html' },
    reason: 'bid_rigging',
    reason_detail: '入札談合',
    period: { from: '2025-04-01', to: '2025-06-30' },
    status: 'lifted',
    scope: '東京都発注工事',
  }),
  valid({
    kind: 'license_action',
    company: { name: '仮名不動産株式会社', corporate_number: NUMBER, link: 'name_address' },
    authority: 'pref_13',
    source: { ...source, url: 'https://example.go.jp/c.html' },
    sector_code: 'construction',
    sector_codes: ['real_estate_brokerage'],
    permits: [{ sector_code: 'construction', number: '東京都知事(般-1)第1号' }],
    action_type: 'business_suspension_order',
    nature: 'violation',
    date: '2025-07-01',
    period: { from: '2025-07-01', to: '2025-07-15' },
    reason_detail: '一括下請負',
  }),
];

const storeWith = recordQueriesOver;

test('every kind reads back field for field as it was written', () => {
  const queries = storeWith(RECORDS);
  for (const record of RECORDS) {
    const page = queries.page(
      record.kind,
      {
        corporate_number: record.company.corporate_number ?? undefined,
        company: record.company.corporate_number
          ? undefined
          : { corporateNumbers: [], nameKeys: [], nameParts: ['試験建設'] },
        today,
      },
      { limit: 10, page: 1 },
    );
    assert.deepEqual(
      page.records.filter((r) => r.id === record.id),
      [record],
      record.kind,
    );
  }
});

test(`a record with thousands of permits lists the first ${MAX_PERMITS_SHOWN} and counts them all`, () => {
  const permits = Array.from({ length: 2066 }, (_, i) => ({
    sector_code: 'real_estate_brokerage',
    number: `認${1800000000 + i}`,
  }));
  const [template] = RECORDS.filter((r) => r.kind === 'license_action');
  const many = valid({
    kind: 'license_action',
    company: { name: '見本農園株式会社', corporate_number: NUMBER },
    authority: 'pref_13',
    source: template!.source,
    sector_code: 'construction',
    permits,
    action_type: 'license_revocation',
    nature: 'violation',
    date: '2025-08-01',
  });
  const read = storeWith([many]).page('license_action', { corporate_number: NUMBER, today }, { limit: 10, page: 1 })
    .records[0]!;
  assert.equal(read.permits_total, 2066);
  assert.equal(read.permits.length, MAX_PERMITS_SHOWN);
  assert.deepEqual(
    read.permits,
    permits.slice(0, MAX_PERMITS_SHOWN),
    'the first ones, in the order the source gave them',
  );
  assert.deepEqual(read.sector_codes, ['construction', 'real_estate_brokerage']);
});

test('a page reads each record as its stored document, and a row without one is refused rather than answered in part', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-doc-')), 'doc.sqlite');
  const db = openWritable(file);
  seedVocabularies(db);
  const writer = createRecordWriter(db, () => WRITTEN_AT);
  const [enforcement] = RECORDS;
  writer.upsertSource(enforcement!);
  writer.writeRecord(enforcement!);
  const doc = db.prepare('SELECT doc FROM enforcements').pluck().get() as string;
  assert.deepEqual(JSON.parse(doc), enforcement);
  const queries = new RecordQueries(db);
  const query = { corporate_number: NUMBER, today };
  // the page is the document, whatever the columns say
  db.prepare('UPDATE enforcements SET doc = ?').run(JSON.stringify({ ...enforcement, summary: '文書の要約' }));
  assert.equal(queries.page('enforcement', query, { limit: 10, page: 1 }).records[0]?.summary, '文書の要約');
  db.prepare('UPDATE enforcements SET doc = NULL').run();
  assert.throws(() => queries.page('enforcement', query, { limit: 10, page: 1 }), /without its document/u);
  db.close();
});

test('company= finds a record no number links by any part of its name key, through the name index', () => {
  const names = ['便利屋若旦那', '株式会社若旦那サービス', '（株）花王商事', '若旦', '架空運送株式会社'];
  const records = names.map((name, i) =>
    valid({
      kind: 'procurement_suspension',
      company: { name },
      authority: 'pref_13',
      source: { ...source, url: `https://example.go.jp/n${i}.html` },
      reason: 'bid_rigging',
      reason_detail: '入札談合',
      period: { from: '2025-04-01', to: '2025-06-30' },
      status: 'lifted',
    }),
  );
  const queries = storeWith(records);
  // the key as a company search plans it (company-search-plan.ts)
  const found = (key: string) =>
    queries
      .page(
        'procurement_suspension',
        { company: { corporateNumbers: [], nameKeys: [], nameParts: [normaliseCompanyName(key)] }, today },
        { limit: 10, page: 1 },
      )
      .records.map((r) => r.company.name)
      .sort();
  assert.deepEqual(found('若旦那'), ['便利屋若旦那', '株式会社若旦那サービス'].sort()); // partial, legal form aside
  assert.deepEqual(found('旦那サービス'), ['株式会社若旦那サービス']);
  assert.deepEqual(found('花王'), ['（株）花王商事']); // too short for trigrams: the start of the name key
  assert.deepEqual(found('運送'), []); // a short key is no partial match
  assert.deepEqual(found('無関係'), []);
});

test('a sector or a law beside a prefecture finds the records that list it, primary or not, in that prefecture', () => {
  const company = (i: number, prefecture: string) => ({ name: `見本${i}株式会社`, prefecture_code: prefecture });
  const licence = (i: number, prefecture: string, sectors: string[]) =>
    valid({
      kind: 'license_action',
      company: company(i, prefecture),
      authority: 'pref_13',
      source: { ...source, url: `https://example.go.jp/p${i}.html` },
      sector_code: sectors[0],
      sector_codes: sectors.slice(1),
      action_type: 'license_revocation',
      nature: 'violation',
      date: `2025-07-${10 + i}`,
    });
  const enforcement = (i: number, prefecture: string, laws: string[]) =>
    valid({
      kind: 'enforcement',
      company: company(i, prefecture),
      authority: 'jftc',
      source: { ...source, url: `https://example.go.jp/p${i}.html` },
      law: laws[0],
      laws: laws.slice(1),
      action_type: 'recommendation',
      date: `2025-07-${10 + i}`,
      summary: '下請代金の減額',
    });
  const records = [
    licence(1, '13', ['construction']),
    licence(2, '13', ['real_estate_brokerage', 'construction']),
    licence(3, '13', ['real_estate_brokerage']),
    licence(4, '27', ['construction']),
    enforcement(5, '13', ['subcontract_act', 'antimonopoly_act']),
    enforcement(6, '13', ['antimonopoly_act']),
    enforcement(7, '27', ['antimonopoly_act']),
  ];
  const queries = storeWith(records);
  const cases = [
    { kind: 'license_action', filter: { sector: 'construction', prefecture: '13' }, urls: ['p2', 'p1'] },
    { kind: 'license_action', filter: { sector: 'real_estate_brokerage', prefecture: '13' }, urls: ['p3', 'p2'] },
    { kind: 'license_action', filter: { sector: 'construction', prefecture: '27' }, urls: ['p4'] },
    { kind: 'license_action', filter: { sector: 'trucking', prefecture: '13' }, urls: [] },
    { kind: 'license_action', filter: { sector: 'construction' }, urls: ['p4', 'p2', 'p1'] },
    { kind: 'enforcement', filter: { law: 'antimonopoly_act', prefecture: '13' }, urls: ['p6', 'p5'] },
    { kind: 'enforcement', filter: { law: 'subcontract_act', prefecture: '27' }, urls: [] },
  ] as const;
  for (const { kind, filter, urls } of cases) {
    const query = { ...filter, today };
    const page = queries.page(kind, query, { limit: 10, page: 1 });
    assert.deepEqual(
      page.records.map((r) => /\/(p\d)\.html$/u.exec(r.source.url)?.[1]),
      urls,
      JSON.stringify(filter),
    );
    assert.equal(queries.count(kind, query, 100), urls.length, JSON.stringify(filter));
  }
});
