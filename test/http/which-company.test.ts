// Which company, through the real app: each record's company shows where the source places it, `prefecture`
// narrows the other filters (never a filter alone), and `authority` matches an authority and every office under it.
// Over a few records written here (fictional companies at real places) and over the demo dataset.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../helpers/server.js';
import { ok, recordIds } from '../helpers/answers.js';
import type { RecordListPath, RequestPath } from '../helpers/documented-answers.js';
import { runImportNta } from '../../src/ingest/nta/nta-command.js';
import { runImportRecords } from '../../src/ingest/records/records-command.js';

const source = (published_on: string) => ({
  url: 'https://example.go.jp/list.html',
  title: '公表事案',
  published_on,
  retrieved_at: '2026-11-20T01:00:00Z',
});
const enforcement = (id: string, authority: string, date: string, company: object) => ({
  kind: 'enforcement',
  id,
  company,
  authority,
  source: source(date),
  law: 'labour_standards_act',
  action_type: 'prosecution_referral',
  date,
  summary: '労働者に時間外労働の割増賃金を支払わなかった',
});
const licenseAction = (id: string, authority: string, date: string, company: object) => ({
  kind: 'license_action',
  id,
  company,
  authority,
  source: source(date),
  sector_code: 'trucking',
  action_type: 'vehicle_use_suspension',
  nature: 'violation',
  date,
  reason_detail: '点呼を実施しなかった',
});

// Two companies of one name, in Hokkaido and Fukuoka, referred by two labour bureaus; the ministry's own record; a
// record of the JFTC placed by its code alone; a linked record whose source gave no address (its company, 架空商事 of
// the endpoint fixtures, has one in the NTA register); transport actions down the MLIT tree to 神戸運輸監理部.
const RECORDS = [
  enforcement('enf_zephor_hokkaido', 'mhlw_labour_bureau_01', '2025-05-01', {
    name: '（株）ゼフォール',
    address: '北海道札幌市中央区北一条西二丁目',
  }),
  enforcement('enf_zephor_fukuoka', 'mhlw_labour_bureau_40', '2025-04-01', {
    name: '（株）ゼフォール',
    address: '福岡県福岡市博多区博多駅前一丁目',
  }),
  enforcement('enf_mhlw_itself', 'mhlw', '2025-03-01', { name: '見本派遣株式会社', prefecture_code: '13' }),
  enforcement('enf_jftc_hokkaido', 'jftc', '2025-02-01', { name: '見本商事株式会社', prefecture_code: '01' }),
  enforcement('enf_linked_no_address', 'mhlw_labour_bureau_13', '2025-01-01', {
    corporate_number: '7999900010001',
    name: '架空商事株式会社',
  }),
  licenseAction('la_kobe', 'mlit_kobe_tsd', '2025-06-01', {
    name: '見本運送株式会社',
    address: '兵庫県神戸市中央区見本町一丁目',
  }),
  licenseAction('la_kinki', 'mlit_kinki_dtb', '2025-05-15', {
    name: '試行運送株式会社',
    address: '大阪府大阪市北区試行一丁目',
  }),
  licenseAction('la_kanto', 'mlit_kanto_dtb', '2025-05-10', {
    name: '模擬運送株式会社',
    address: '東京都江東区模擬一丁目',
  }),
];

let server: TestServer;
let demo: TestServer;
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-which-company-'));
  const file = join(dir, 'records.jsonl');
  writeFileSync(file, RECORDS.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const said: string[] = [];
  const io = {
    dbPath: join(dir, 'db.sqlite'),
    now: () => TEST_NOW,
    stdout: () => {},
    stderr: (line: string) => void said.push(line),
    progress: { isTTY: false, write: () => {} },
  };
  const companies = fileURLToPath(new URL('../fixtures/endpoints/companies.csv', import.meta.url));
  assert.equal(await runImportNta([companies], io), 0, said.join('\n'));
  assert.equal(await runImportRecords([file], io), 0, said.join('\n'));
  server = await startServer({ dbPath: io.dbPath });
  demo = await startServer({ dbPath: await demoDatabase() });
});
after(async () => {
  await server.close();
  await demo.close();
});

const ids = (path: RequestPath<RecordListPath>) => recordIds(server, path);
const enc = encodeURIComponent;

test('company shows the address as the source writes it and its prefecture, read from the address when not given', async () => {
  const body = await ok(server, `/api/v1/enforcements?company=${enc('ゼフォール')}`);
  assert.deepEqual(
    body.data.enforcements.map((r) => r.company),
    [
      {
        corporate_number: null,
        name: '（株）ゼフォール',
        name_en: null,
        link: null,
        prefecture_code: '01',
        address: '北海道札幌市中央区北一条西二丁目',
      },
      {
        corporate_number: null,
        name: '（株）ゼフォール',
        name_en: null,
        link: null,
        prefecture_code: '40',
        address: '福岡県福岡市博多区博多駅前一丁目',
      },
    ],
  );
  // the register knows 架空商事's address, but the source gave none: shown as the source wrote it
  const linked = await ok(server, '/api/v1/enforcements?corporate_number=7999900010001');
  assert.deepEqual(linked.data.enforcements[0]!.company, {
    corporate_number: '7999900010001',
    name: '架空商事株式会社',
    name_en: null,
    link: 'source',
    prefecture_code: null,
    address: null,
  });
});

test('prefecture narrows by code, Japanese name with or without its suffix, or English name', async () => {
  for (const value of ['01', '北海道', 'hokkaido', 'ＨＯＫＫＡＩＤＯ']) {
    assert.deepEqual(
      await ids(`/api/v1/enforcements?company=${enc('ゼフォール')}&prefecture=${enc(value)}`),
      ['enf_zephor_hokkaido'],
      value,
    );
  }
  for (const value of ['40', '福岡県', '福岡', 'Fukuoka']) {
    assert.deepEqual(
      await ids(`/api/v1/enforcements?company=${enc('ゼフォール')}&prefecture=${enc(value)}`),
      ['enf_zephor_fukuoka'],
      value,
    );
  }
  assert.deepEqual(
    await ids('/api/v1/enforcements?authority=jftc&prefecture=01'),
    ['enf_jftc_hokkaido'],
    'a code given without an address',
  );
  assert.deepEqual(await ids('/api/v1/enforcements?authority=jftc&prefecture=13'), []);
  assert.deepEqual(await ids('/api/v1/license-actions?sector=trucking&prefecture=28'), ['la_kobe']);
});

test('prefecture alone is not a filter: 400 missing_filter, saying that it only narrows', async () => {
  for (const path of [
    '/api/v1/enforcements?prefecture=01',
    '/api/v1/procurement-suspensions?prefecture=13',
    '/api/v1/license-actions?prefecture=28&limit=1',
  ]) {
    const response = await server.get(path);
    assert.equal(response.status, 400, path);
    assert.equal(response.body.error.code, 'missing_filter', path);
    assert.match(response.body.error.message, /prefecture only narrows the others/u, path);
    assert.ok(!response.body.error.details!.filters!.includes('prefecture'), path);
  }
});

test('an unknown prefecture: 400 invalid_parameter naming it, with the allowed codes', async () => {
  for (const value of ['48', '1', 'Tokio']) {
    const response = await server.get(`/api/v1/enforcements?authority=jftc&prefecture=${value}`);
    assert.equal(response.status, 400, value);
    assert.equal(response.body.error.code, 'invalid_parameter');
    assert.equal(response.body.error.details!.parameter, 'prefecture');
    assert.equal(response.body.error.details!.allowed!.length, 47);
    assert.deepEqual(
      [response.body.error.details!.allowed![0], response.body.error.details!.allowed![46]],
      ['01', '47'],
    );
  }
});

test('authority matches the authority and every office under it, at any depth', async () => {
  const ministry = ['enf_zephor_hokkaido', 'enf_zephor_fukuoka', 'enf_mhlw_itself', 'enf_linked_no_address'];
  assert.deepEqual(await ids('/api/v1/enforcements?authority=mhlw'), ministry);
  assert.deepEqual(await ids(`/api/v1/enforcements?authority=${enc('厚生労働省')}`), ministry, 'by its label');
  assert.deepEqual(
    await ids('/api/v1/enforcements?authority=mhlw_labour_bureau_01'),
    ['enf_zephor_hokkaido'],
    'a bureau: itself only',
  );
  assert.deepEqual(await ids('/api/v1/enforcements?authority=mhlw&prefecture=40'), ['enf_zephor_fukuoka']);
  assert.deepEqual(
    await ids('/api/v1/enforcements?authority=cao'),
    ['enf_jftc_hokkaido'],
    'the JFTC is an external commission of the Cabinet Office',
  );
  assert.deepEqual(await ids('/api/v1/license-actions?authority=mlit'), ['la_kobe', 'la_kinki', 'la_kanto']);
  assert.deepEqual(
    await ids('/api/v1/license-actions?authority=mlit_kinki_dtb'),
    ['la_kobe', 'la_kinki'],
    '神戸運輸監理部 is part of 近畿運輸局',
  );
  assert.deepEqual(await ids('/api/v1/license-actions?authority=mlit_kobe_tsd'), ['la_kobe']);
  assert.deepEqual(
    await ids('/api/v1/license-actions?authority=mlit&limit=2'),
    ['la_kobe', 'la_kinki'],
    'newest first across the offices',
  );
});

test("/api/v1/vocabularies names each authority's parent", async () => {
  const body = await ok(server, '/api/v1/vocabularies');
  const parent = new Map(body.data.vocabularies.authority.map((a) => [a.code, a.parent]));
  assert.equal(parent.get('mhlw'), null);
  assert.equal(parent.get('mhlw_labour_bureau_01'), 'mhlw');
  assert.equal(parent.get('mhlw_labour_bureau_47'), 'mhlw');
  assert.equal(parent.get('mlit_okinawa_ogb'), 'mlit');
  assert.equal(parent.get('mlit_kobe_tsd'), 'mlit_kinki_dtb');
  assert.equal(parent.get('fsa_kanto_lfb'), 'fsa');
  assert.equal(parent.get('pref_13'), null);
  assert.equal(parent.get('city_14100'), null);
  for (const a of body.data.vocabularies.authority) assert.ok('parent' in a, a.code);
  assert.ok(!('parent' in body.data.vocabularies.law[0]!), 'only authorities have parents');
});

test('demo dataset: records show where their companies are; authority=mhlw answers the bureaus, narrowed by prefecture', async () => {
  const all = await ok(demo, '/api/v1/enforcements?authority=mhlw');
  const records = all.data.enforcements;
  assert.equal(records.length, 10);
  assert.ok(records.every((r) => /^mhlw(_labour_bureau_\d\d)?$/u.test(r.authority.code)));
  assert.ok(new Set(records.map((r) => r.authority.code)).size >= 2, 'several bureaus');
  assert.ok(records.some((r) => r.company.address !== null));
  const hokkaido = await ok(demo, `/api/v1/enforcements?authority=mhlw&prefecture=${enc('北海道')}`);
  assert.ok(hokkaido.data.enforcements.length > 0);
  for (const r of hokkaido.data.enforcements) {
    assert.equal(r.company.prefecture_code, '01');
    assert.match(r.authority.code, /^mhlw/u);
  }
});
