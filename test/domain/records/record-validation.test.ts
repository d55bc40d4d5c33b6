// Tests for src/domain/records/record-validation.ts: the schema and every domain rule, good and bad.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import type {
  LicenseAction,
  ProcurementSuspension,
  ValidRecord,
  Enforcement,
} from '../../../src/domain/records/record.js';

const NUMBER = corporateNumberFromBase('999900000001');
const WRONG_CHECK = `${(Number(NUMBER[0]) + 1) % 10}${NUMBER.slice(1)}`;

type Line = Record<string, unknown> & { company: Record<string, unknown>; source: Record<string, unknown> };

const source = () => ({
  url: 'https://example.go.jp/a.html',
  title: '公表資料',
  published_on: '2025-03-14',
  retrieved_at: '2025-03-15T01:00:00Z',
});
const BASE: Record<string, () => Line> = {
  enforcement: () => ({
    kind: 'enforcement',
    company: { name: '架空商事株式会社', corporate_number: NUMBER },
    authority: 'jftc',
    source: source(),
    law: 'antimonopoly_act',
    action_type: 'cease_and_desist_order',
    date: '2025-03-14',
    summary: '見本部品の価格カルテル',
  }),
  procurement_suspension: () => ({
    kind: 'procurement_suspension',
    company: { name: '試験建設株式会社' },
    authority: 'mlit_kanto_rdb',
    source: source(),
    reason: 'bid_rigging',
    reason_detail: '入札談合',
    period: { from: '2025-04-01', to: '2025-09-30' },
  }),
  license_action: () => ({
    kind: 'license_action',
    company: { name: '仮名不動産株式会社' },
    authority: 'pref_13',
    source: source(),
    sector_code: 'construction',
    action_type: 'business_suspension_order',
    nature: 'violation',
    date: '2025-07-01',
  }),
};

type Case = { name: string; kind: keyof typeof BASE; edit: (line: Line) => void } & (
  { error: string } | { check: (record: ValidRecord) => void }
);

const ok = (check: (record: ValidRecord) => void = () => {}) => ({ check });
const CASES: Case[] = [
  // shape
  { name: 'every base line is valid', kind: 'enforcement', edit: () => {}, ...ok() },
  { name: 'base procurement suspension', kind: 'procurement_suspension', edit: () => {}, ...ok() },
  { name: 'base licence action', kind: 'license_action', edit: () => {}, ...ok() },
  {
    name: 'unknown kind',
    kind: 'enforcement',
    edit: (l) => {
      l.kind = 'fine';
    },
    error: "kind must be one of 'enforcement', 'procurement_suspension', 'license_action', got \"fine\"",
  },
  {
    name: 'unknown field',
    kind: 'enforcement',
    edit: (l) => {
      l.colour = 'red';
    },
    error: 'colour is not a field of an enforcement record',
  },
  {
    name: 'missing field',
    kind: 'enforcement',
    edit: (l) => {
      delete l.summary;
    },
    error: 'summary is missing',
  },
  {
    name: 'wrong type, nested',
    kind: 'license_action',
    edit: (l) => {
      l.permits = [{ sector_code: 3, number: null }];
    },
    error: 'permits[0].sector_code must be a string, got 3',
  },
  {
    name: 'amount_jpy must be a whole number',
    kind: 'enforcement',
    edit: (l) => {
      l.amount_jpy = 1.5;
    },
    error: 'amount_jpy must be a whole number, 0 or more or null, got 1.5',
  },
  {
    name: 'blank company name',
    kind: 'enforcement',
    edit: (l) => {
      l.company.name = '   ';
    },
    error: 'company.name is blank',
  },
  {
    name: 'source.url must be http(s)',
    kind: 'enforcement',
    edit: (l) => {
      l.source.url = 'ftp://example.go.jp/a';
    },
    error: "source.url 'ftp://example.go.jp/a' is not an http(s) URL",
  },
  // vocabularies
  {
    name: 'unknown authority',
    kind: 'enforcement',
    edit: (l) => {
      l.authority = 'xyz';
    },
    error: "authority 'xyz' is not a known authority code",
  },
  {
    name: 'unknown law',
    kind: 'enforcement',
    edit: (l) => {
      l.law = 'no_such_act';
    },
    error: "law 'no_such_act' is not a known law code",
  },
  {
    name: 'unknown law in laws',
    kind: 'enforcement',
    edit: (l) => {
      l.laws = ['subcontract_act', 'nope'];
    },
    error: "laws[1] 'nope' is not a known law code",
  },
  {
    name: 'licence action type is not an enforcement one',
    kind: 'enforcement',
    edit: (l) => {
      l.action_type = 'vehicle_use_suspension';
    },
    error: "action_type 'vehicle_use_suspension' is not a known enforcement action type code",
  },
  {
    name: 'enforcement action type is not a licence one',
    kind: 'license_action',
    edit: (l) => {
      l.action_type = 'measures_order';
    },
    error: "action_type 'measures_order' is not a known licence action type code",
  },
  {
    name: 'unknown reason',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.reason = 'rudeness';
    },
    error: "reason 'rudeness' is not a known procurement reason code",
  },
  {
    name: 'unknown sector_code',
    kind: 'license_action',
    edit: (l) => {
      l.sector_code = 'fishing';
    },
    error: "sector_code 'fishing' is not a known sector code",
  },
  {
    name: 'unknown sector in sector_codes',
    kind: 'license_action',
    edit: (l) => {
      l.sector_codes = ['bus', 'fishing'];
    },
    error: "sector_codes[1] 'fishing' is not a known sector code",
  },
  {
    name: 'unknown permit sector',
    kind: 'license_action',
    edit: (l) => {
      l.permits = [{ sector_code: 'fishing', number: '1' }];
    },
    error: "permits[0].sector_code 'fishing' is not a known sector code",
  },
  {
    name: 'unknown nature',
    kind: 'license_action',
    edit: (l) => {
      l.nature = 'bad_luck';
    },
    error: "nature 'bad_luck' is not a known nature code",
  },
  // where the source places the company, found by `prefecture=` even when only the address says it
  {
    name: 'prefecture read from the address',
    kind: 'license_action',
    edit: (l) => {
      l.company.address = '北海道札幌市中央区北一条西二丁目';
    },
    ...ok((r) => {
      assert.deepEqual([r.company.prefecture_code, r.company.address], ['01', '北海道札幌市中央区北一条西二丁目']);
    }),
  },
  {
    name: 'prefecture given wins over the address',
    kind: 'license_action',
    edit: (l) => {
      l.company.prefecture_code = '13';
      l.company.address = '札幌市中央区';
    },
    ...ok((r) => {
      assert.equal(r.company.prefecture_code, '13');
    }),
  },
  {
    name: 'no prefecture where neither code nor address gives one, nor an issuer that acts for one prefecture',
    kind: 'license_action',
    edit: (l) => {
      l.company.address = '中央区';
      l.authority = 'mlit';
    },
    ...ok((r) => {
      assert.equal(r.company.prefecture_code, null);
    }),
  },
  {
    name: 'the prefecture of a designated city the address starts with',
    kind: 'enforcement',
    edit: (l) => {
      l.company.address = '大阪市東住吉区今川';
      l.authority = 'mhlw';
    },
    ...ok((r) => {
      assert.equal(r.company.prefecture_code, '27');
    }),
  },
  {
    name: "the issuer's prefecture when the address leaves it out and its ward has namesakes",
    kind: 'enforcement',
    edit: (l) => {
      l.company.address = '中央区本町';
      l.authority = 'mhlw_labour_bureau_27';
    },
    ...ok((r) => {
      assert.equal(r.company.prefecture_code, '27');
    }),
  },
  {
    name: 'unknown prefecture',
    kind: 'enforcement',
    edit: (l) => {
      l.company.prefecture_code = '48';
    },
    error: "company.prefecture_code '48' is not a known prefecture code",
  },
  // listing: the list's date when a line gives none, else the line's, checked
  {
    name: 'listing defaults to listed on the list date',
    kind: 'enforcement',
    edit: () => {},
    ...ok((r) =>
      assert.deepEqual(r.listing, { status: 'listed', first_listed_on: '2025-03-14', last_listed_on: '2025-03-14' }),
    ),
  },
  {
    name: 'listing without a list date: the Japan day of retrieval',
    kind: 'enforcement',
    edit: (l) => {
      l.source.published_on = null;
      l.source.retrieved_at = '2025-03-15T16:00:00Z';
    },
    ...ok((r) => assert.equal(r.listing.first_listed_on, '2025-03-16')),
  },
  {
    name: 'listing given is kept',
    kind: 'license_action',
    edit: (l) => {
      l.listing = { status: 'delisted', first_listed_on: '2021-01-05', last_listed_on: '2024-02-01' };
    },
    ...ok((r) =>
      assert.deepEqual(r.listing, { status: 'delisted', first_listed_on: '2021-01-05', last_listed_on: '2024-02-01' }),
    ),
  },
  {
    name: 'listing first after last',
    kind: 'enforcement',
    edit: (l) => {
      l.listing = { status: 'listed', first_listed_on: '2025-03-14', last_listed_on: '2025-01-01' };
    },
    error: 'listing.first_listed_on 2025-03-14 is after listing.last_listed_on 2025-01-01',
  },
  // dates
  {
    name: 'date must exist',
    kind: 'enforcement',
    edit: (l) => {
      l.date = '2025-02-29';
    },
    error: "date '2025-02-29' is not a calendar date",
  },
  {
    name: 'leap day exists',
    kind: 'enforcement',
    edit: (l) => {
      l.date = '2024-02-29';
    },
    ...ok(),
  },
  {
    name: 'date must be YYYY-MM-DD',
    kind: 'enforcement',
    edit: (l) => {
      l.date = '2025/03/14';
    },
    error: 'date must be a date YYYY-MM-DD, got "2025/03/14"',
  },
  {
    name: 'published_on must exist',
    kind: 'enforcement',
    edit: (l) => {
      l.source.published_on = '2025-13-01';
    },
    error: "source.published_on '2025-13-01' is not a calendar date",
  },
  {
    name: 'period.to must exist',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.period = { from: '2025-04-01', to: '2025-04-31' };
    },
    error: "period.to '2025-04-31' is not a calendar date",
  },
  {
    name: 'period.from after period.to',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.period = { from: '2025-05-01', to: '2025-04-30' };
    },
    error: 'period.from 2025-05-01 is after period.to 2025-04-30',
  },
  {
    name: 'one-day period',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.period = { from: '2025-05-01', to: '2025-05-01' };
    },
    ...ok(),
  },
  {
    name: 'open-ended period',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.period = { from: '2025-05-01', to: null };
    },
    ...ok((r) => assert.deepEqual((r as ProcurementSuspension).period, { from: '2025-05-01', to: null })),
  },
  {
    name: 'licence period order',
    kind: 'license_action',
    edit: (l) => {
      l.period = { from: '2025-07-10', to: '2025-07-01' };
    },
    error: 'period.from 2025-07-10 is after period.to 2025-07-01',
  },
  {
    name: 'retrieved_at must be RFC 3339',
    kind: 'enforcement',
    edit: (l) => {
      l.source.retrieved_at = '2025-03-15 01:00';
    },
    error: 'source.retrieved_at must be an RFC 3339 instant such as 2025-03-15T01:00:00Z, got "2025-03-15 01:00"',
  },
  {
    name: 'retrieved_at must exist',
    kind: 'enforcement',
    edit: (l) => {
      l.source.retrieved_at = '2025-03-15T24:00:00Z';
    },
    error: 'source.retrieved_at must be an RFC 3339 instant',
  },
  {
    name: 'retrieved_at is stored in UTC',
    kind: 'enforcement',
    edit: (l) => {
      l.source.retrieved_at = '2025-03-15T10:00:00+09:00';
    },
    ...ok((r) => assert.equal(r.source.retrieved_at, '2025-03-15T01:00:00Z')),
  },
  // corporate numbers and links
  {
    name: 'wrong check digit',
    kind: 'enforcement',
    edit: (l) => {
      l.company.corporate_number = WRONG_CHECK;
    },
    error: `company.corporate_number '${WRONG_CHECK}' has a wrong check digit`,
  },
  {
    name: 'not 13 digits',
    kind: 'enforcement',
    edit: (l) => {
      l.company.corporate_number = '12345';
    },
    error: "company.corporate_number '12345' is not 13 digits",
  },
  {
    name: 'full-width number is normalised',
    kind: 'enforcement',
    edit: (l) => {
      l.company.corporate_number = NUMBER.normalize('NFKC').replace(/\d/gu, (d) =>
        String.fromCharCode(d.charCodeAt(0) + 0xfee0),
      );
    },
    ...ok((r) => assert.equal(r.company.corporate_number, NUMBER)),
  },
  {
    name: 'link defaults to source with a number',
    kind: 'enforcement',
    edit: () => {},
    ...ok((r) => assert.equal(r.company.link, 'source')),
  },
  {
    name: 'link defaults to null without a number',
    kind: 'procurement_suspension',
    edit: () => {},
    ...ok((r) => assert.equal(r.company.link, null)),
  },
  {
    name: 'link null with a number means the default',
    kind: 'enforcement',
    edit: (l) => {
      l.company.link = null;
    },
    ...ok((r) => assert.equal(r.company.link, 'source')),
  },
  {
    name: 'name_address with a number',
    kind: 'enforcement',
    edit: (l) => {
      l.company.link = 'name_address';
    },
    ...ok((r) => assert.equal(r.company.link, 'name_address')),
  },
  {
    name: 'name_address without a number',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.company.link = 'name_address';
    },
    error: "company.link 'name_address' needs company.corporate_number",
  },
  {
    name: 'source link without a number',
    kind: 'license_action',
    edit: (l) => {
      l.company.link = 'source';
    },
    error: "company.link 'source' needs company.corporate_number",
  },
  {
    name: 'company name is kept as the source writes it (the store keys it for matching)',
    kind: 'enforcement',
    edit: (l) => {
      l.company.name = '架空商事（株）';
    },
    ...ok((r) => assert.equal(r.company.name, '架空商事（株）')),
  },
  // lists
  {
    name: 'laws starts with law',
    kind: 'enforcement',
    edit: (l) => {
      l.laws = ['subcontract_act', 'antimonopoly_act'];
    },
    ...ok((r) => assert.deepEqual((r as Enforcement).laws, ['antimonopoly_act', 'subcontract_act'])),
  },
  {
    name: 'laws defaults to law',
    kind: 'enforcement',
    edit: () => {},
    ...ok((r) => assert.deepEqual((r as Enforcement).laws, ['antimonopoly_act'])),
  },
  {
    name: 'sector_codes defaults to sector_code',
    kind: 'license_action',
    edit: () => {},
    ...ok((r) => assert.deepEqual((r as LicenseAction).sector_codes, ['construction'])),
  },
  {
    name: "sector_codes: primary first, then the given ones, then the permits' sectors, once each",
    kind: 'license_action',
    edit: (l) => {
      l.sector_codes = ['real_estate_brokerage', 'construction'];
      l.permits = [
        { sector_code: 'construction', number: '第1号' },
        { sector_code: 'architect_office', number: ' ' },
      ];
    },
    ...ok((r) => {
      const la = r as LicenseAction;
      assert.deepEqual(la.sector_codes, ['construction', 'real_estate_brokerage', 'architect_office']);
      assert.deepEqual(la.permits, [
        { sector_code: 'construction', number: '第1号' },
        { sector_code: 'architect_office', number: null },
      ]);
    }),
  },
  // statuses
  {
    name: 'procurement status other than lifted',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.status = 'active';
    },
    error: "status 'active' cannot be imported",
  },
  {
    name: 'lifted with a date',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.status = 'lifted';
      l.lifted_on = '2025-06-01';
    },
    ...ok((r) => assert.equal((r as ProcurementSuspension).lifted_on, '2025-06-01')),
  },
  {
    name: 'lifted without a date takes the publication date',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.status = 'lifted';
    },
    ...ok((r) => assert.equal((r as ProcurementSuspension).lifted_on, '2025-03-14')),
  },
  {
    name: 'lifted without any date takes the Japan date of retrieval',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.status = 'lifted';
      l.source.published_on = null;
      l.source.retrieved_at = '2025-06-02T16:00:00Z';
    },
    ...ok((r) => assert.equal((r as ProcurementSuspension).lifted_on, '2025-06-03')),
  },
  {
    name: 'lifted_on without lifted',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.lifted_on = '2025-06-01';
    },
    error: "lifted_on is given but status is not 'lifted'",
  },
  {
    name: 'lifted_on must exist',
    kind: 'procurement_suspension',
    edit: (l) => {
      l.status = 'lifted';
      l.lifted_on = '2025-06-31';
    },
    error: "lifted_on '2025-06-31' is not a calendar date",
  },
  {
    name: 'not lifted has no lifted_on',
    kind: 'procurement_suspension',
    edit: () => {},
    ...ok((r) => assert.equal((r as ProcurementSuspension).lifted_on, null)),
  },
  {
    name: 'licence status is ignored',
    kind: 'license_action',
    edit: (l) => {
      l.status = 'whatever';
    },
    ...ok((r) => assert.equal('status' in r, false)),
  },
  // ids
  {
    name: 'derived ids carry the kind prefix',
    kind: 'license_action',
    edit: () => {},
    ...ok((r) => assert.match(r.id, /^la_[0-9a-f]{16}$/u)),
  },
  {
    name: 'derived source id from the URL',
    kind: 'enforcement',
    edit: () => {},
    ...ok((r) => assert.match(r.source.id, /^web:[0-9a-f]{12}$/u)),
  },
  {
    name: 'given source id kept',
    kind: 'enforcement',
    edit: (l) => {
      l.source.id = 'mhlw-labour-law-violations';
    },
    ...ok((r) => assert.equal(r.source.id, 'mhlw-labour-law-violations')),
  },
  {
    name: 'given id kept',
    kind: 'enforcement',
    edit: (l) => {
      l.id = 'enf_custom-1';
    },
    ...ok((r) => assert.equal(r.id, 'enf_custom-1')),
  },
  {
    name: "given id with another kind's prefix",
    kind: 'enforcement',
    edit: (l) => {
      l.id = 'ps_custom-1';
    },
    error: "id 'ps_custom-1' must start with 'enf_', the prefix of enforcement records",
  },
  {
    name: 'given source_key kept',
    kind: 'enforcement',
    edit: (l) => {
      l.source_key = 'case-17';
    },
    ...ok((r) => assert.equal(r.source_key, 'case-17')),
  },
];

describe('validateRecordLine', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const line = BASE[c.kind]!();
      c.edit(line);
      const result = validateRecordLine(line, 12);
      if ('error' in c) {
        assert.equal(result.ok, false, `expected an error containing: ${c.error}`);
        if (!result.ok) {
          assert.ok(
            result.errors.some((e) => e.startsWith('line 12: ') && e.includes(c.error)),
            `no error contains "${c.error}": ${JSON.stringify(result.errors)}`,
          );
        }
      } else {
        assert.ok(result.ok, `expected valid, got ${JSON.stringify(!result.ok && result.errors)}`);
        if (result.ok) c.check(result.record);
      }
    });
  }

  it('reports every broken rule of a line, each with its line number', () => {
    const line = BASE.enforcement!();
    line.authority = 'xyz';
    line.date = '2025-02-30';
    const result = validateRecordLine(line, 7);
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.deepEqual(result.errors, [
        "line 7: authority 'xyz' is not a known authority code",
        "line 7: date '2025-02-30' is not a calendar date",
      ]);
    }
  });

  it('refuses a value that is not an object', () => {
    for (const value of [null, 3, 'text', []]) {
      const result = validateRecordLine(value, 1);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.errors[0]!, /^line 1: a record is a JSON object/u);
    }
  });
});
