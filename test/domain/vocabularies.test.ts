// Tests for the controlled vocabularies under src/domain/vocabularies.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { Term, Vocabulary } from '../../src/domain/vocabulary.js';
import {
  AUTHORITIES,
  authorities,
  authorityAndOffices,
  authorityGroup,
  designatedCityAuthority,
  labourBureauForPrefecture,
  prefectureAuthority,
} from '../../src/domain/vocabularies/authorities.js';
import {
  DESIGNATED_CITIES,
  designatedCities,
  designatedCityByName,
} from '../../src/domain/vocabularies/designated-cities.js';
import {
  enforcementActionTypes,
  licenseActionTypes,
  licenseStatuses,
  natures,
  procurementReasons,
  procurementStatuses,
  sectors,
} from '../../src/domain/vocabularies/enums.js';
import { VOCABULARIES, VOCABULARY_NAMES } from '../../src/domain/vocabularies/index.js';
import { LAWS, lawFromText, laws } from '../../src/domain/vocabularies/laws.js';
import { legalFormFromNta, legalForms } from '../../src/domain/vocabularies/legal-forms.js';
import {
  PREFECTURES,
  prefectureByCode,
  prefectureByName,
  prefectures,
} from '../../src/domain/vocabularies/prefectures.js';
import { PUBLISHER_GROUPS, publisherGroups } from '../../src/domain/vocabularies/publisher-groups.js';

// The published vocabularies, and designated_city, which is not published on its own but feeds authority.
const ALL = [...Object.entries(VOCABULARIES), ['designated_city', designatedCities]] as [string, Vocabulary<Term>][];
const SNAKE_ASCII = /^[a-z0-9]+(?:_[a-z0-9]+)*$/u;

describe('resolve', () => {
  const cases: [Vocabulary<Term>, string, string | undefined][] = [
    // authority: code, case and width, Japanese and English labels, aliases
    [authorities, 'jftc', 'jftc'],
    [authorities, 'ＪＦＴＣ', 'jftc'],
    [authorities, 'JFTC', 'jftc'],
    [authorities, 'Japan fair trade commission', 'jftc'],
    [authorities, 'ＪＡＰＡＮ　ＦＡＩＲ　ＴＲＡＤＥ　ＣＯＭＭＩＳＳＩＯＮ', 'jftc'],
    [authorities, '公正取引委員会', 'jftc'],
    [authorities, ' 公正取引 委員会 ', 'jftc'],
    [authorities, '公取委', 'jftc'],
    [authorities, '国交省', 'mlit'],
    [authorities, 'Ministry of Health, Labour and Welfare', 'mhlw'],
    [authorities, 'pref_13', 'pref_13'],
    [authorities, '東京都', 'pref_13'],
    [authorities, 'Tokyo Metropolis', 'pref_13'],
    [authorities, 'osaka prefecture', 'pref_27'],
    [authorities, 'city_14100', 'city_14100'],
    [authorities, '横浜市', 'city_14100'],
    [authorities, 'Yokohama City', 'city_14100'],
    [authorities, '東京労働局', 'mhlw_labour_bureau_13'],
    [authorities, 'Hokkaido Labour Bureau', 'mhlw_labour_bureau_01'],
    [authorities, '関東地方整備局', 'mlit_kanto_rdb'],
    [authorities, '北陸信越運輸局', 'mlit_hokuriku_shinetsu_dtb'],
    [authorities, 'Kanto Local Finance Bureau', 'fsa_kanto_lfb'],
    [authorities, '福岡財務支局', 'fsa_fukuoka_lfb'],
    [authorities, '沖縄総合事務局', 'mlit_okinawa_ogb'],
    [authorities, '都市再生機構', 'ur'],
    [authorities, '独立行政法人都市再生機構', 'ur'],
    [authorities, 'ＵＲ', 'ur'],
    [authorities, 'NEXCO東日本', 'nexco_east'],
    [authorities, '首都高', 'shutoko'],
    [authorities, 'ftc', undefined],
    [authorities, '東京', undefined],
    [authorities, '', undefined],
    // law: code, titles, English names, short names
    [laws, 'antimonopoly_act', 'antimonopoly_act'],
    [laws, '私的独占の禁止及び公正取引の確保に関する法律', 'antimonopoly_act'],
    [laws, 'antimonopoly act', 'antimonopoly_act'],
    [laws, '独占禁止法', 'antimonopoly_act'],
    [laws, '独禁法', 'antimonopoly_act'],
    [laws, '景品表示法', 'premiums_and_representations_act'],
    [laws, '景表法', 'premiums_and_representations_act'],
    [laws, '労基法', 'labour_standards_act'],
    [laws, 'Labor Standards Act', 'labour_standards_act'],
    [laws, '安衛法', 'industrial_safety_and_health_act'],
    [laws, '下請法', 'subcontract_act'],
    [laws, '取適法', 'entrusted_transactions_act'],
    [laws, '旧下請法', 'subcontract_act'],
    [laws, '宅建業法', 'real_estate_brokerage_act'],
    [laws, '金商法', 'financial_instruments_and_exchange_act'],
    [laws, '廃掃法', 'waste_management_act'],
    [laws, '特商法', 'specified_commercial_transactions_act'],
    [laws, '個人情報保護法', 'act_on_protection_of_personal_information'],
    [laws, '労働者派遣法', 'worker_dispatch_act'],
    [laws, '薬機法', 'pharmaceutical_and_medical_device_act'],
    [laws, '労働安全衛生規則', undefined],
    // prefecture
    [prefectures, '13', '13'],
    [prefectures, '東京都', '13'],
    [prefectures, '東京', '13'],
    [prefectures, 'ＴＯＫＹＯ', '13'],
    [prefectures, '京都', '26'],
    [prefectures, '北海道', '01'],
    [prefectures, '１３', '13'],
    // the small vocabularies
    [enforcementActionTypes, '排除措置命令', 'cease_and_desist_order'],
    [enforcementActionTypes, 'CEASE AND DESIST ORDER', 'cease_and_desist_order'],
    [enforcementActionTypes, '送検', 'prosecution_referral'],
    [licenseActionTypes, '指定の取消し', 'designation_revocation'],
    [licenseActionTypes, 'prosecution_referral', undefined],
    [natures, '廃業・返納等', 'voluntary_closure'],
    [sectors, '建設業', 'construction'],
    [sectors, '産業廃棄物処理業', 'industrial_waste'],
    [procurementReasons, '談合・競売入札妨害', 'bid_rigging'],
    [procurementReasons, '労働安全衛生法違反', 'industrial_safety_violation'],
    [procurementStatuses, '措置中', 'active'],
    [procurementStatuses, 'Lifted', 'lifted'],
    [licenseStatuses, 'in_effect', 'in_effect'],
    [publisherGroups, '独立行政法人等', 'independent_agency'],
    [publisherGroups, 'Designated cities', 'designated_city'],
    [legalForms, '（株）', 'kabushiki_kaisha'],
    [legalForms, 'ＮＰＯ法人', 'npo'],
    [legalForms, '一般社団法人', 'general_incorporated_association'],
  ];
  for (const [vocabulary, input, expected] of cases) {
    it(`${vocabulary.field}: ${JSON.stringify(input)} → ${expected ?? 'undefined'}`, () => {
      assert.equal(vocabulary.resolve(input)?.code, expected);
    });
  }
});

describe('every vocabulary', () => {
  it('is published in the contract order', () => {
    assert.deepEqual(VOCABULARY_NAMES, [
      'publisher_group',
      'authority',
      'law',
      'enforcement_action_type',
      'license_action_type',
      'nature',
      'sector',
      'procurement_reason',
      'procurement_status',
      'license_status',
      'listing_status',
      'legal_form',
      'prefecture',
      'company_status',
    ]);
  });
  for (const [key, vocabulary] of ALL) {
    it(`${key}: codes are unique lower snake_case ASCII and every term has both labels`, () => {
      const codes = vocabulary.codes();
      assert.ok(codes.length > 0);
      assert.equal(new Set(codes).size, codes.length);
      for (const term of vocabulary.terms) {
        assert.match(term.code, SNAKE_ASCII);
        assert.ok(term.name.trim() !== '' && term.name_en.trim() !== '', term.code);
        assert.equal(vocabulary.get(term.code), term);
      }
    });
    it(`${key}: every label and alias resolves to its own term (none is shadowed)`, () => {
      for (const term of vocabulary.terms) {
        for (const label of [term.name, term.name_en, ...(term.aliases ?? [])]) {
          assert.equal(vocabulary.resolve(label)?.code, term.code, `${label} should resolve to ${term.code}`);
        }
      }
    });
  }
});

describe('counts and shapes', () => {
  const count = (prefix: string) => AUTHORITIES.filter((a) => a.code.startsWith(prefix)).length;
  const cases: [string, number, number][] = [
    ['prefectures', PREFECTURES.length, 47],
    ['designated cities', DESIGNATED_CITIES.length, 20],
    ['prefecture authorities', count('pref_'), 47],
    ['designated city authorities', count('city_'), 20],
    ['labour bureaus', count('mhlw_labour_bureau_'), 47],
    ['MLIT development bureaus', AUTHORITIES.filter((a) => /^mlit_.*_(rdb|ogb)$/u.test(a.code)).length, 10],
    ['MLIT transport bureaus', AUTHORITIES.filter((a) => /^mlit_.*_(dtb|tsd)$/u.test(a.code)).length, 10],
    ['local finance bureaus', count('fsa_'), 11],
    ['sectors (the 21 of the contract)', sectors.terms.length, 21],
    ['publisher groups', PUBLISHER_GROUPS.length, 5],
  ];
  for (const [what, actual, expected] of cases) it(`${what}: ${expected}`, () => assert.equal(actual, expected));

  it('has at least 25 laws', () => assert.ok(LAWS.length >= 25, String(LAWS.length)));

  it('numbers prefectures 01..47 in JIS order', () => {
    assert.deepEqual(
      PREFECTURES.map((p) => p.code),
      Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
  });

  it('gives each designated city a 5-digit code in a known prefecture, and the contract examples', () => {
    for (const city of DESIGNATED_CITIES) {
      assert.match(city.code, /^\d{5}$/u);
      assert.equal(city.code.slice(0, 2), city.prefecture_code);
      assert.ok(prefectureByCode(city.prefecture_code));
    }
    assert.equal(designatedCityByName('横浜市')?.code, '14100');
    assert.equal(designatedCityByName('熊本市')?.code, '43100');
    assert.equal(designatedCityByName('福岡市')?.code, '40130');
  });

  it('places offices under their body: what `authority=` matches', () => {
    const under = (code: string) => [...authorityAndOffices(code)].sort();
    const bureaus = PREFECTURES.map((p) => `mhlw_labour_bureau_${p.code}`);
    // the 地方厚生局, 四国厚生支局 under 中国四国厚生局
    const health = AUTHORITIES.filter((a) => a.code.endsWith('_rbhw')).map((a) => a.code);
    assert.equal(health.length, 8);
    assert.deepEqual(under('mhlw'), ['mhlw', ...bureaus, ...health].sort());
    assert.deepEqual(under('mhlw_labour_bureau_01'), ['mhlw_labour_bureau_01']);
    assert.deepEqual(under('mhlw_chugoku_shikoku_rbhw'), ['mhlw_chugoku_shikoku_rbhw', 'mhlw_shikoku_rbhw']);
    // 経済産業省: its nine regional bureaus and its external agencies; 農林水産省: 林野庁's forest offices, at any depth
    const meti = under('meti');
    assert.equal(meti.filter((code) => code.startsWith('meti_')).length, 9);
    for (const code of ['smea', 'anre', 'jpo', 'meti_okinawa_ogb']) assert.ok(meti.includes(code), code);
    assert.equal(under('maff').filter((code) => code.endsWith('_rfo')).length, 7);
    const mlit = under('mlit');
    for (const code of ['mlit_kanto_rdb', 'mlit_okinawa_ogb', 'mlit_kanto_dtb', 'mlit_kobe_tsd', 'jta', 'jcg'])
      assert.ok(mlit.includes(code), code);
    assert.equal(mlit.length, 1 + 10 + 10 + 3);
    assert.deepEqual(under('mlit_kinki_dtb'), ['mlit_kinki_dtb', 'mlit_kobe_tsd']);
    assert.deepEqual(
      under('fsa'),
      ['fsa', 'sesc', ...AUTHORITIES.filter((a) => a.code.startsWith('fsa_')).map((a) => a.code)].sort(),
    );
    assert.ok(under('cao').includes('sesc'), 'at any depth');
    assert.deepEqual(under('pref_13'), ['pref_13']);
    assert.deepEqual(under('not_a_code'), ['not_a_code']);
  });

  it('gives every authority a parent in its own publisher group, or none', () => {
    for (const authority of AUTHORITIES) {
      if (authority.parent === null) continue;
      assert.equal(authorities.get(authority.parent)?.group, authority.group, authority.code);
    }
    assert.ok(AUTHORITIES.filter((a) => a.group !== 'national').every((a) => a.parent === null));
  });

  it('puts every authority in a publisher group that exists', () => {
    for (const authority of AUTHORITIES) assert.ok(publisherGroups.get(authority.group), authority.code);
  });

  it('orders publisher groups as the coverage endpoint lists them, with their official totals', () => {
    assert.deepEqual(
      PUBLISHER_GROUPS.map((g) => [g.code, g.sort_order, g.official_total]),
      [
        ['national', 1, 19],
        ['independent_agency', 2, 87],
        ['public_corporation', 3, null],
        ['prefecture', 4, 47],
        ['designated_city', 5, 20],
      ],
    );
  });
});

describe('authority helpers', () => {
  const groups: [string, string | undefined][] = [
    ['jftc', 'national'],
    ['mhlw_labour_bureau_13', 'national'],
    ['fsa_kanto_lfb', 'national'],
    ['ur', 'independent_agency'],
    ['nexco_east', 'public_corporation'],
    ['pref_13', 'prefecture'],
    ['city_40130', 'designated_city'],
    ['nope', undefined],
  ];
  for (const [code, group] of groups)
    it(`authorityGroup(${code}) = ${group}`, () => assert.equal(authorityGroup(code), group));

  const bureaus: [string, string | undefined, string | undefined][] = [
    ['01', '北海道労働局', 'Hokkaido Labour Bureau'],
    ['13', '東京労働局', 'Tokyo Labour Bureau'],
    ['14', '神奈川労働局', 'Kanagawa Labour Bureau'],
    ['26', '京都労働局', 'Kyoto Labour Bureau'],
    ['47', '沖縄労働局', 'Okinawa Labour Bureau'],
    ['48', undefined, undefined],
  ];
  for (const [pref, name, nameEn] of bureaus) {
    it(`labourBureauForPrefecture(${pref}) = ${name ?? 'undefined'}`, () => {
      const bureau = labourBureauForPrefecture(pref);
      assert.equal(bureau?.name, name);
      assert.equal(bureau?.name_en, nameEn);
    });
  }

  it('maps prefectures and designated cities to their authorities', () => {
    assert.equal(prefectureAuthority('13')?.name_en, 'Tokyo Metropolis');
    assert.equal(prefectureAuthority('27')?.name, '大阪府');
    assert.equal(designatedCityAuthority('27100')?.name, '大阪市');
  });
});

describe('prefecture lookups', () => {
  const byName: [string, string | undefined][] = [
    ['東京都', '13'],
    ['東京', '13'],
    ['京都府', '26'],
    ['京都', '26'],
    ['北海道', '01'],
    ['大阪', '27'],
    ['神奈川県', '14'],
    ['鹿児島', '46'],
    [' 沖縄県 ', '47'],
    ['Tokyo', undefined],
    ['13', undefined],
    ['東京府', undefined],
  ];
  for (const [name, code] of byName) {
    it(`prefectureByName(${JSON.stringify(name)}) = ${code ?? 'undefined'}`, () =>
      assert.equal(prefectureByName(name)?.code, code));
  }
  it('looks prefectures up by code', () => {
    assert.equal(prefectureByCode('13')?.name, '東京都');
    assert.equal(prefectureByCode('47')?.name_en, 'Okinawa');
    assert.equal(prefectureByCode('1'), undefined);
  });
});

describe('legalFormFromNta', () => {
  const cases: [string, string, string][] = [
    ['301', 'トヨタ自動車株式会社', 'kabushiki_kaisha'],
    ['302', '有限会社山田商店', 'yugen_kaisha'],
    ['303', '合名会社大橋', 'gomei_kaisha'],
    ['304', '合資会社木村屋', 'goshi_kaisha'],
    ['305', '合同会社ＤＭＭ', 'godo_kaisha'],
    ['101', '国税庁', 'national_government_body'],
    ['201', '豊田市', 'local_government'],
    ['401', 'ＡＣＴＣＯＭ　ＩＮＣ', 'foreign_company'],
    ['399', '一般社団法人連と縁', 'general_incorporated_association'],
    ['399', '一般財団法人日本スポーツ・芸能サポート財団', 'general_incorporated_foundation'],
    ['399', '公益社団法人日本医師会', 'public_interest_incorporated_association'],
    ['399', '公益財団法人日本財団', 'public_interest_incorporated_foundation'],
    ['399', '医療法人社団青山会', 'medical_corporation'],
    ['399', '社会医療法人財団白十字会', 'medical_corporation'],
    ['399', '社会福祉法人恩賜財団済生会', 'social_welfare_corporation'],
    ['399', '学校法人早稲田大学', 'school_corporation'],
    ['399', '特定非営利活動法人虹の橋', 'npo'],
    ['399', 'ＮＰＯ法人ひまわり', 'npo'],
    ['399', '宗教法人白髭神社', 'religious_corporation'],
    ['399', '西日本デイリーサービス協同組合', 'cooperative'],
    ['399', '協同組合ＷＢＰ', 'cooperative'],
    ['399', '全国農業協同組合連合会', 'cooperative'],
    ['399', '農事組合法人ひのぼり農園', 'cooperative'],
    ['399', '一般社団法人日本医療法人協会', 'general_incorporated_association'],
    ['399', '白髭神社', 'other_registered_entity'],
    ['399', '菊名西口商店街振興組合', 'other_registered_entity'],
    ['399', '弁護士法人ひかり', 'other_registered_entity'],
    ['499', 'ＮＴＴ企業年金基金', 'other'],
    ['499', '山日ＹＢＳ健康保険組合', 'other'],
    ['499', '教育遺産世界遺産登録推進協議会', 'other'],
    ['', '謎の法人', 'other'],
  ];
  for (const [kind, name, expected] of cases) {
    it(`${kind || '(none)'} ${name} → ${expected}`, () => {
      const code = legalFormFromNta(kind, name);
      assert.equal(code, expected);
      assert.ok(legalForms.get(code), `${code} is a legal_form code`);
    });
  }
});

describe('lawFromText', () => {
  // Citations as the MHLW list writes them (test data: data/mhlw/company_list_20180801_to_20190731.tsv).
  const cases: [string, string | undefined][] = [
    ['労働安全衛生法第100条', 'industrial_safety_and_health_act'],
    ['労働安全衛生規則第97条', 'industrial_safety_and_health_act'],
    ['労働安全衛生法施行令第20条', 'industrial_safety_and_health_act'],
    ['労働安全衛生施行令第6条', 'industrial_safety_and_health_act'],
    ['クレーン等安全規則第221条', 'industrial_safety_and_health_act'],
    ['酸素欠乏症等防止規則第5条', 'industrial_safety_and_health_act'],
    ['粉じん障害防止規則第27条', 'industrial_safety_and_health_act'],
    ['安全衛生規則第519条', 'industrial_safety_and_health_act'],
    ['労働基準法第32条', 'labour_standards_act'],
    ['労働基準法32条', 'labour_standards_act'],
    ['年少者労働基準規則第8条', 'labour_standards_act'],
    ['最低賃金法第4条', 'minimum_wage_act'],
    ['労働者派遣法第24条の2', 'worker_dispatch_act'],
    ['　労働基準法第24条', 'labour_standards_act'],
    ['・労働基準法第37条', 'labour_standards_act'],
    ['私的独占の禁止及び公正取引の確保に関する法律第3条', 'antimonopoly_act'],
    ['独禁法第19条', 'antimonopoly_act'],
    ['景品表示法第5条第1号', 'premiums_and_representations_act'],
    ['道路運送車両法第54条', 'road_transport_vehicle_act'],
    ['道路運送法第40条', 'road_transportation_act'],
    ['宅地建物取引業法第65条第2項', 'real_estate_brokerage_act'],
    ['同法第5条', undefined],
    ['民法第709条', undefined],
    ['', undefined],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} → ${expected ?? 'undefined'}`, () => assert.equal(lawFromText(text)?.code, expected));
  }
});
