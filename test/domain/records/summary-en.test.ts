// summaryEn: English summaries composed from the vocabularies and the record's own fields, never translated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summaryEn } from '../../../src/domain/records/summary-en.js';
import type { Enforcement, LicenseAction, ProcurementSuspension } from '../../../src/domain/records/record.js';

const shared = {
  id: 'x',
  source_key: 'k',
  company: {
    corporate_number: null,
    name: '（株）例',
    name_en: null,
    link: null,
    prefecture_code: null,
    address: null,
  },
  source: {
    id: 's',
    url: 'https://example.org',
    title: 't',
    published_on: '2018-08-10',
    retrieved_at: '2018-08-11T00:00:00Z',
  },
  listing: { status: 'listed' as const, first_listed_on: '2018-08-10', last_listed_on: '2018-08-10' },
};

const enforcement = (fields: Partial<Enforcement>): Enforcement => ({
  kind: 'enforcement',
  ...shared,
  authority: 'mhlw_labour_bureau_01',
  law: 'industrial_safety_and_health_act',
  laws: ['industrial_safety_and_health_act'],
  law_detail: null,
  action_type: 'prosecution_referral',
  date: '2018-08-10',
  summary: '概要',
  summary_en: null,
  amount_jpy: null,
  ...fields,
});

test("the issue's example: action, bureau, act with its article, date", () => {
  assert.equal(
    summaryEn(enforcement({ law_detail: '労働安全衛生法第１２０条' })),
    'Referral to the public prosecutor by the Hokkaido Labour Bureau under the Industrial Safety and Health Act (Article 120), 2018-08-10.',
  );
});

test("several laws and articles; a regulation's article is not the act's; a short name counts as the act", () => {
  const record = enforcement({
    laws: ['industrial_safety_and_health_act', 'labour_standards_act'],
    law_detail: '労働安全衛生法第20条、労働安全衛生規則第151条の3、安衛法第100条、労基法第32条の2',
  });
  assert.equal(
    summaryEn(record),
    'Referral to the public prosecutor by the Hokkaido Labour Bureau under the Industrial Safety and Health Act (Articles 20 and 100) and the Labour Standards Act (Article 32-2), 2018-08-10.',
  );
});

test('an amount is given in yen; a prefecture is named as a place', () => {
  const record = enforcement({
    authority: 'pref_27',
    law: 'antimonopoly_act',
    laws: ['antimonopoly_act'],
    action_type: 'surcharge_payment_order',
    amount_jpy: 12_345_000,
  });
  assert.equal(
    summaryEn(record),
    'Surcharge payment order by Osaka Prefecture under the Antimonopoly Act, 2018-08-10, amount JPY 12,345,000.',
  );
});

test('a procurement suspension: reason and period, lifted when the source says so', () => {
  const record = {
    kind: 'procurement_suspension',
    ...shared,
    authority: 'mlit_kanto_rdb',
    reason: 'bribery',
    reason_detail: '贈賄',
    period: { from: '2025-04-01', to: '2025-06-30' },
    lifted_on: '2025-05-01',
    scope: null,
  } as ProcurementSuspension;
  assert.equal(
    summaryEn(record),
    'Suspension from public procurement by the Kanto Regional Development Bureau (Bribery), 2025-04-01 to 2025-06-30, lifted 2025-05-01.',
  );
  assert.match(
    summaryEn({ ...record, period: { from: '2025-04-01', to: null }, lifted_on: null }),
    /, from 2025-04-01\.$/u,
  );
});

test('a licence action: sector and nature, date and period', () => {
  const record = {
    kind: 'license_action',
    ...shared,
    authority: 'city_01100',
    sector_code: 'construction',
    sector_codes: ['construction'],
    permits: [],
    permits_total: 0,
    action_type: 'business_suspension_order',
    nature: 'violation',
    date: '2025-03-01',
    period: { from: '2025-03-10', to: '2025-03-24' },
    reason_detail: null,
  } as LicenseAction;
  assert.equal(
    summaryEn(record),
    'Business suspension order by Sapporo City (Construction; Disciplinary action for a violation), 2025-03-01, for 2025-03-10 to 2025-03-24.',
  );
});
