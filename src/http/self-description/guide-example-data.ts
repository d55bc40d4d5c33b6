// The fictional dataset the examples of /llms.txt show while no dataset is open: companies (見本 "sample", 架空
// "fictional") with real codes, one record of each kind, coverage, and the meta of each kind of answer. Labels come
// from the vocabularies and ids from the id rule, so the examples cannot drift from what the API says.
import { corporateNumberFromBase } from '../../domain/companies/corporate-number.js';
import { recordId } from '../../domain/records/record-id.js';
import { romanizeKana } from '../../domain/text/romanize.js';
import { closeCauses } from '../../domain/companies/close-causes.js';
import { buildCoverage } from '../../domain/coverage.js';
import { sourceCoverageList } from '../../domain/source-coverage.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { laws } from '../../domain/vocabularies/laws.js';
import { legalForms } from '../../domain/vocabularies/legal-forms.js';
import {
  enforcementActionTypes,
  licenseActionTypes,
  natures,
  procurementReasons,
  sectors,
} from '../../domain/vocabularies/enums.js';
import { PUBLISHER_GROUPS } from '../../domain/vocabularies/publisher-groups.js';
import { VOCABULARIES } from '../../domain/vocabularies/index.js';
import { labelOf } from '../../api/present/labels.js';
import { SOURCES_COVERAGE_PATH, companyLinks, recordLinks } from '../../api/links.js';
import type { Static } from '@sinclair/typebox';
import type { Meta } from '../../api/schemas/common.js';
import type { Company } from '../../api/schemas/company.js';
import type { Enforcement, LicenseAction, ProcurementSuspension } from '../../api/schemas/records.js';

// Organisation type 99 (digits 5-6 of the base) is never issued, as in the demo dataset: no real company has these.
export const EXAMPLE_NUMBER = corporateNumberFromBase('999999990001');
export const OTHER_NUMBER = corporateNumberFromBase('999999990002');

const NOW = '2026-11-20T03:00:00Z';
export const meta: Static<typeof Meta> = {
  request_id: '6f1c2a9e-0b7d-4c1e-9a51-3d2f8e4b7c10',
  dataset: { version: '2026-11-20T03:10:00Z', kind: 'production' },
};
export const listMeta = (limit: number, returned: number) => ({ ...meta, limit, returned, has_more: false });
// a fictional dataset of twelve sources, all collected within the hour
const COVERAGE = {
  sources: 12,
  collected: 12,
  fresh: 12,
  stale: 0,
  failing: 0,
  never_collected: 0,
  oldest_success_at: NOW,
  not_current: { total: 0, sources: [], all_at: SOURCES_COVERAGE_PATH },
  not_searched: { total: 0, sources: [], all_at: SOURCES_COVERAGE_PATH },
};
export const recordMeta = (limit: number, returned: number) => ({
  ...listMeta(limit, returned),
  data_as_of: NOW,
  coverage: COVERAGE,
});
// /search: each list's full count, and each record kind's sources (the fictional dataset's twelve, four of each kind)
const KIND_COVERAGE = { ...COVERAGE, sources: 4, collected: 4, fresh: 4 };
export const searchMeta = (limit: number, returned: number) => ({
  ...listMeta(limit, returned),
  data_as_of: NOW,
  matches: { companies: 1, enforcements: 1, procurement_suspensions: 1, license_actions: 0 },
  coverage: { enforcements: KIND_COVERAGE, procurement_suspensions: KIND_COVERAGE, license_actions: KIND_COVERAGE },
});
export const pagedMeta = (limit: number, returned: number) => ({
  ...recordMeta(limit, returned),
  page: 1,
  max_page: 1,
});

const authority = (code: string) => ({
  ...labelOf(authorities, code),
  group: authorities.get(code)?.group ?? 'national',
});
// Romanized aliases are derived from the kana by the same rule the importer uses.
const romanized = (kana: string): Company['aliases'] => {
  const name = romanizeKana(kana);
  return name === null ? [] : [{ name, kind: 'romanized' }];
};
const linked: Enforcement['company'] = {
  corporate_number: EXAMPLE_NUMBER,
  name: '見本建設株式会社',
  name_en: 'Mihon Kensetsu Co., Ltd.',
  link: 'source',
  prefecture_code: '13',
  address: '東京都千代田区見本町一丁目',
};

export const exampleCompany: Company = {
  corporate_number: EXAMPLE_NUMBER,
  name: '見本建設株式会社',
  name_kana: 'ミホンケンセツ',
  name_en: 'Mihon Kensetsu Co., Ltd.',
  aliases: romanized('ミホンケンセツ'),
  legal_form: labelOf(legalForms, 'kabushiki_kaisha'),
  address: {
    prefecture_code: '13',
    prefecture: '東京都',
    city: '千代田区',
    street: '見本町一丁目2番3号',
    postal_code: '1000001',
    outside: null,
    en: '1-2-3, Mihoncho, Chiyoda ku, Tokyo',
  },
  status: 'active',
  closed_on: null,
  close_cause: null,
  successor_corporate_number: null,
  record_counts: { enforcements: 1, procurement_suspensions: 1, license_actions: 0 },
  // the closed company below merged into this one
  predecessors: [
    {
      corporate_number: OTHER_NUMBER,
      name: '架空運輸株式会社',
      record_counts: { enforcements: 0, procurement_suspensions: 0, license_actions: 1 },
    },
  ],
  predecessors_total: 1,
  updated_on: '2025-04-01',
  match: { field: 'name', kind: 'exact' },
  links: companyLinks(EXAMPLE_NUMBER),
};

// Closed by merger into the company above: what a closed company looks like.
export const exampleClosedCompany: Company = {
  corporate_number: OTHER_NUMBER,
  name: '架空運輸株式会社',
  name_kana: 'カクウウンユ',
  name_en: null,
  aliases: romanized('カクウウンユ'),
  legal_form: labelOf(legalForms, 'kabushiki_kaisha'),
  address: {
    prefecture_code: '11',
    prefecture: '埼玉県',
    city: 'さいたま市大宮区',
    street: '架空町4番5号',
    postal_code: '3300801',
    outside: null,
    en: null,
  },
  status: 'closed',
  closed_on: '2026-04-01',
  close_cause: labelOf(closeCauses, 'merger'),
  successor_corporate_number: EXAMPLE_NUMBER,
  record_counts: { enforcements: 0, procurement_suspensions: 0, license_actions: 1 },
  predecessors: [],
  predecessors_total: 0,
  updated_on: '2026-04-08',
  match: { field: 'corporate_number', kind: 'exact' },
  links: companyLinks(OTHER_NUMBER),
};

const ENFORCEMENT_ID = recordId('enforcement', 'example', 'jftc-2025-0314');
export const exampleEnforcement: Enforcement = {
  id: ENFORCEMENT_ID,
  company: linked,
  authority: authority('jftc'),
  source: {
    url: 'https://example.org/jftc/pressrelease/2025/0314.html',
    title: '見本建設株式会社ほか2社に対する排除措置命令及び課徴金納付命令について',
    published_on: '2025-03-14',
    retrieved_at: '2025-03-15T01:00:00Z',
  },
  listing: { status: 'listed', first_listed_on: '2025-03-14', last_listed_on: '2025-11-20' },
  law: labelOf(laws, 'antimonopoly_act'),
  laws: [labelOf(laws, 'antimonopoly_act')],
  law_detail: '第3条',
  action_type: labelOf(enforcementActionTypes, 'surcharge_payment_order'),
  date: '2025-03-14',
  summary: '国土交通省関東地方整備局発注の舗装工事の入札で受注予定者を決めていた',
  summary_en: 'Agreed in advance who would win paving works tendered by the Kanto Regional Development Bureau',
  amount_jpy: 48_300_000,
  links: recordLinks('enforcement', ENFORCEMENT_ID),
};

const SUSPENSION_ID = recordId('procurement_suspension', 'example', 'kanto-rdb-2025-041');
export const exampleSuspension: ProcurementSuspension = {
  id: SUSPENSION_ID,
  company: linked,
  authority: authority('mlit_kanto_rdb'),
  source: {
    url: 'https://example.org/mlit-kanto/shimeiteishi/2025.html',
    title: '指名停止措置について',
    published_on: '2025-03-21',
    retrieved_at: '2025-03-22T00:00:00Z',
  },
  listing: { status: 'delisted', first_listed_on: '2025-03-21', last_listed_on: '2025-11-20' },
  reason: labelOf(procurementReasons, 'bid_rigging'),
  reason_detail: '独占禁止法違反（排除措置命令及び課徴金納付命令）',
  period: { from: '2025-03-21', to: '2025-11-20' },
  status: 'ended',
  scope: '関東地方整備局が発注する工事',
  summary_en:
    'Suspension from public procurement by the Kanto Regional Development Bureau (Bid rigging or obstruction of bidding), 2025-03-21 to 2025-11-20.',
  links: recordLinks('procurement_suspension', SUSPENSION_ID),
};

const LICENSE_ACTION_ID = recordId('license_action', 'example', 'kanto-rdb-2025-112');
export const exampleLicenseAction: LicenseAction = {
  id: LICENSE_ACTION_ID,
  // a source that gives the prefecture in a column of its own and the rest of the address in another
  company: {
    corporate_number: OTHER_NUMBER,
    name: '架空運輸株式会社',
    name_en: null,
    link: 'name_address',
    prefecture_code: '11',
    address: 'さいたま市大宮区架空町',
  },
  authority: authority('mlit_kanto_dtb'),
  source: {
    url: 'https://example.org/mlit-kanto-dtb/shobun/2025-06.html',
    title: '自動車運送事業者に対する行政処分等について',
    published_on: '2025-06-30',
    retrieved_at: '2025-07-01T00:00:00Z',
  },
  listing: { status: 'listed', first_listed_on: '2025-06-30', last_listed_on: '2025-11-20' },
  sector_code: 'trucking',
  sector_codes: ['trucking'],
  sectors: [labelOf(sectors, 'trucking')],
  permits: [{ sector_code: 'trucking', number: null }],
  permits_total: 1,
  action_type: labelOf(licenseActionTypes, 'vehicle_use_suspension'),
  nature: labelOf(natures, 'violation'),
  status: 'completed',
  date: '2025-06-20',
  period: { from: '2025-07-01', to: '2025-07-20' },
  reason_detail: '点呼の未実施、乗務時間等の基準違反',
  summary_en:
    'Suspension of vehicle use by the Kanto District Transport Bureau (Trucking; Disciplinary action for a violation), 2025-06-20, for 2025-07-01 to 2025-07-20.',
  links: recordLinks('license_action', LICENSE_ACTION_ID),
};

export const [national] = buildCoverage(
  PUBLISHER_GROUPS.slice(0, 1),
  [
    {
      id: 'mlit-kanto-rdb-suspensions',
      publisher_code: 'mlit_kanto_rdb',
      group_code: 'national',
      url: 'https://example.org/mlit-kanto/shimeiteishi/',
      title: '指名停止措置一覧',
      observed_count: 41,
      period_from: '2019-04-01',
      period_to: '2026-11-19',
      last_success_at: '2026-11-19T22:00:00Z',
      last_error: null,
    },
  ],
  new Date(NOW),
  48,
);

// the MHLW list, read an hour ago: an edition the ministry dated 2026-10-31, with 12 records retention removed
export const [mhlwSource] = sourceCoverageList(
  [
    {
      id: 'mhlw-labour-law-violations',
      record_kind: 'enforcement',
      publisher_code: 'mhlw',
      group_code: 'national',
      url: 'https://www.mhlw.go.jp/content/example.pdf',
      title: '労働基準関係法令違反に係る公表事案',
      observed_count: 468,
      period_from: '2025-10-01',
      period_to: '2026-09-30',
      last_success_at: '2026-11-20T02:00:00Z',
      last_error: null,
      edition_on: '2026-10-31',
      edition_date_source: 'printed',
      removed_by_retention: 12,
    },
  ],
  new Date(NOW),
  48,
);

export const firstTerms = (name: keyof typeof VOCABULARIES, n: number) =>
  VOCABULARIES[name].terms.slice(0, n).map((t) => ({ code: t.code, name: t.name, name_en: t.name_en }));
