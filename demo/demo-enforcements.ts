// Demo enforcement records: orders, recommendations and referrals, written as the authorities publish them.

import type { EnforcementInput } from '../src/domain/records/record-input.js';
import { labourBureauForPrefecture } from '../src/domain/vocabularies/authorities.js';
import { addDays, wareki } from './demo-calendar.js';
import type { DemoCompany } from './demo-companies.js';
import type { Trade } from './demo-name-parts.js';
import { LABOUR_CASES, REPRESENTATION_CASES } from './demo-enforcement-texts.js';
import type { CaseMaker, Fields } from './demo-enforcement-case.js';
import { bidRigging, jftcOther, subcontract } from './demo-competition-cases.js';
import {
  companyRef,
  formatYen,
  inTrades,
  pickCompany,
  sourceRef,
  type DemoRecordContext,
} from './demo-record-common.js';
import { developmentBureauFor, financeBureauFor, transportBureauFor } from './demo-regions.js';
import { demoSource, publishedCutoff } from './demo-sources.js';

// The prefectures whose own notices the demo carries (they have a source); elsewhere the national body acts.
const LOCAL_PREFECTURES = ['13', '14', '23', '27', '40'];

/** A local case: a company of the trade in a prefecture with a source, and that prefecture's source. */
function localCase(ctx: DemoRecordContext, ...trades: Trade[]): { company: DemoCompany; source: string } | null {
  const pool = ctx.companies.filter(
    (c) =>
      c.input.status === 'active' && trades.includes(c.trade) && LOCAL_PREFECTURES.includes(c.place.prefecture_code),
  );
  if (pool.length === 0) return null;
  const company = ctx.random.pick(pool);
  return { company, source: `demo-enf-pref-${company.place.prefecture_code}` };
}

const representation: CaseMaker = (ctx, date) => {
  const local = ctx.random.chance(0.3) ? localCase(ctx, 'consumer', 'it') : null;
  const source = local?.source ?? 'demo-enf-caa';
  const d = date(source);
  const company = local?.company ?? pickCompany(ctx, d, inTrades('consumer', 'it'));
  const c = ctx.random.pick(REPRESENTATION_CASES);
  const actions: Fields[] = [
    { law: 'premiums_and_representations_act', law_detail: c.detail, action_type: 'measures_order', summary: c.text },
  ];
  if (local === null && ctx.random.chance(0.4)) {
    const amount = ctx.random.int(100, 60_000) * 10_000;
    actions.push({
      law: 'premiums_and_representations_act',
      law_detail: '第8条第1項',
      action_type: 'surcharge_payment_order',
      amount_jpy: amount,
      summary: `前記の不当表示に関し、課徴金${formatYen(amount)}の納付を命じた。`,
    });
  }
  return { source, authority: local ? `pref_${company.place.prefecture_code}` : 'caa', company, date: d, actions };
};

const doorToDoor: CaseMaker = (ctx, date) => {
  const local = ctx.random.chance(0.4) ? localCase(ctx, 'consumer', 'real_estate', 'construction') : null;
  const source = local?.source ?? 'demo-enf-caa';
  const d = date(source);
  const company = local?.company ?? pickCompany(ctx, d, inTrades('consumer', 'real_estate'));
  const months = ctx.random.int(3, 15);
  const law = 'specified_commercial_transactions_act';
  return {
    source,
    authority: local ? `pref_${company.place.prefecture_code}` : 'caa',
    company,
    date: d,
    actions: [
      {
        law,
        law_detail: '第8条第1項',
        action_type: 'operations_suspension_order',
        summary: `訪問販売に関する業務の一部（勧誘、申込みの受付及び契約の締結）を${months}か月間停止するよう命じた。勧誘に先立って事業者名及び勧誘目的を明らかにせず、また、契約書面に不実の記載をしていた。`,
      },
      {
        law,
        law_detail: '第7条第1項',
        action_type: 'instruction_order',
        summary: '違反行為の発生原因を調査・分析し、再発防止策を講じて役員及び従業員に周知徹底するよう指示した。',
      },
    ],
  };
};

const finance: CaseMaker = (ctx, date) => {
  const securities = ctx.random.chance(0.55);
  const sesc = securities && ctx.random.chance(0.3);
  const source = sesc ? 'demo-enf-sesc' : 'demo-enf-fsa';
  const d = date(source);
  const company = pickCompany(ctx, d, inTrades(securities ? 'securities' : 'lending'));
  const law = securities ? 'financial_instruments_and_exchange_act' : 'money_lending_business_act';
  const kind = ctx.random.weighted<Fields['action_type']>([
    ['business_improvement_order', 5],
    ['operations_suspension_order', 3],
    ['registration_revocation', 1],
  ]);
  const summary = sesc
    ? '検査の結果、顧客の知識、経験及び財産の状況に照らして不適当と認められる勧誘を行っていた法令違反の事実が認められたため、行政処分を行うよう勧告した。'
    : textFor(kind, {
        business_improvement_order:
          '内部管理態勢の不備により、顧客に対する説明義務違反が多数認められたため、業務改善計画の提出及び実行を命じた。',
        operations_suspension_order: `${ctx.random.int(1, 6)}か月間、新規顧客との契約締結に係る業務の停止を命じた。`,
        registration_revocation:
          '登録に係る営業所の所在を確知できず、また、事業報告書を提出していないため、登録を取り消した。',
      });
  const authority = sesc ? 'sesc' : ctx.random.chance(0.3) ? 'fsa' : financeBureauFor(company.place.prefecture_code);
  const english = ctx.random.chance(0.4);
  return {
    source,
    authority,
    company,
    date: d,
    english,
    actions: [
      {
        law,
        law_detail: securities ? (sesc ? '第51条' : '第51条、第52条第1項') : '第24条の6の3、第24条の6の4',
        action_type: sesc ? 'recommendation' : kind,
        summary,
        summary_en: english
          ? sesc
            ? 'Recommended an administrative action after an inspection found unsuitable solicitation of customers.'
            : 'Administrative action for deficiencies in internal control and customer protection.'
          : null,
      },
    ],
  };
};

const labour: CaseMaker = (ctx, date) => {
  const d = date('demo-mhlw-labour-law-violations');
  const company = pickCompany(
    ctx,
    d,
    inTrades('construction', 'trucking', 'manufacturing', 'waste', 'consumer', 'staffing', 'passenger', 'medical'),
  );
  const c = ctx.random.pick(LABOUR_CASES);
  const text = c.text
    .replace('{n}', String(ctx.random.int(2, 40)))
    .replace('{m}', String(ctx.random.int(2, 8)))
    .replace('{amount}', formatYen(ctx.random.int(30, 2_400) * 10_000));
  return {
    source: 'demo-mhlw-labour-law-violations',
    authority: labourBureauForPrefecture(company.place.prefecture_code)!.code,
    company,
    date: d,
    actions: [
      {
        law: c.law,
        ...(c.laws ? { laws: [...c.laws] } : {}),
        law_detail: c.detail,
        action_type: 'prosecution_referral',
        summary: text,
      },
    ],
  };
};

const dispatch: CaseMaker = (ctx, date) => {
  const d = date('demo-enf-mhlw-dispatch');
  const company = pickCompany(ctx, d, inTrades('staffing'), inTrades('trucking', 'manufacturing', 'it'));
  const announce = ctx.random.chance(0.25);
  return {
    source: 'demo-enf-mhlw-dispatch',
    authority: announce ? 'mhlw' : labourBureauForPrefecture(company.place.prefecture_code)!.code,
    company,
    date: d,
    actions: [
      announce
        ? {
            law: 'worker_dispatch_act',
            law_detail: '第49条の2第2項',
            action_type: 'public_announcement',
            summary: '労働者派遣法に基づく勧告に従わなかったため、事業者名を公表した。',
          }
        : {
            law: 'worker_dispatch_act',
            laws: ['worker_dispatch_act', 'employment_security_act'],
            law_detail: '労働者派遣法第4条第1項、第49条第1項、職業安定法第44条',
            action_type: 'business_improvement_order',
            summary:
              '派遣禁止業務である建設業務に労働者を派遣し、また、労働者供給事業を行っていたため、事業運営の改善を命じた。',
          },
    ],
  };
};

const mlit: CaseMaker = (ctx, date) => {
  const d = date('demo-enf-mlit');
  const transport = ctx.random.chance(0.3);
  if (transport) {
    const company = pickCompany(ctx, d, inTrades('trucking', 'passenger'));
    const truck = company.trade === 'trucking';
    return {
      source: 'demo-enf-mlit',
      authority: transportBureauFor(company.place.prefecture_code),
      company,
      date: d,
      actions: [
        {
          law: truck ? 'motor_truck_transportation_business_act' : 'road_transportation_act',
          law_detail: truck ? '第26条第1項' : '第31条',
          action_type: 'business_improvement_order',
          summary:
            '運転者の過労防止措置及び点呼の実施について重大な違反が認められたため、輸送の安全確保のための事業改善を命じた。',
        },
      ],
    };
  }
  const realEstate = ctx.random.chance(0.35);
  const company = pickCompany(ctx, d, inTrades(realEstate ? 'real_estate' : 'construction'));
  const authority = developmentBureauFor(company.place.prefecture_code);
  const kind = ctx.random.weighted<string>([
    ['business_suspension_order', 4],
    ['instruction_order', 4],
    ['license_revocation', 1],
  ]);
  const days = ctx.random.int(7, 60);
  const summary = realEstate
    ? textFor(kind, {
        business_suspension_order: `重要事項の説明を宅地建物取引士でない従業者に行わせていたため、${days}日間の業務停止を命じた。`,
        instruction_order:
          '売買契約の締結に際し、重要事項説明書を交付せずに契約を締結していたため、再発防止を指示した。',
        license_revocation: '業務停止処分に違反して業務を行い、情状が特に重いため、免許を取り消した。',
      })
    : textFor(kind, {
        business_suspension_order: `元請として施工した公共工事において主任技術者を適正に配置していなかったため、${days}日間、公共工事に係る営業の停止を命じた。`,
        instruction_order:
          '下請代金の支払に関し、建設業法第24条の6に違反する行為が認められたため、再発防止を指示した。',
        license_revocation: '役員が建設業法違反により罰金刑に処せられ、欠格要件に該当したため、許可を取り消した。',
      });
  const detail = realEstate
    ? textFor(kind, {
        business_suspension_order: '第65条第2項',
        instruction_order: '第65条第1項',
        license_revocation: '第66条第1項第9号',
      })
    : textFor(kind, {
        business_suspension_order: '第28条第3項',
        instruction_order: '第28条第1項',
        license_revocation: '第29条第1項第2号',
      });
  return {
    source: 'demo-enf-mlit',
    authority,
    company,
    date: d,
    actions: [
      {
        law: realEstate ? 'real_estate_brokerage_act' : 'construction_business_act',
        law_detail: detail,
        // the Real Estate Brokerage Act suspends 業務 (operations), the Construction Business Act 営業 (business)
        action_type: realEstate && kind === 'business_suspension_order' ? 'operations_suspension_order' : kind,
        summary,
      },
    ],
  };
};

function textFor(kind: string, texts: Readonly<Record<string, string>>): string {
  const text = texts[kind];
  if (text === undefined) throw new Error(`no demo text for ${kind}`);
  return text;
}

const prefectural: CaseMaker = (ctx, date) => {
  const food = ctx.random.chance(0.3);
  const local = localCase(ctx, food ? 'consumer' : 'waste') ?? localCase(ctx, 'consumer', 'waste', 'manufacturing')!;
  const { company, source } = local;
  const d = date(source);
  const revoke = ctx.random.chance(0.5);
  return {
    source,
    authority: `pref_${company.place.prefecture_code}`,
    company,
    date: d,
    actions: [
      food
        ? {
            law: 'food_labeling_act',
            law_detail: '第6条第1項',
            action_type: 'instruction_order',
            summary: '販売する加工食品の原料原産地について、事実と異なる表示をしていたため、表示の是正を指示した。',
          }
        : {
            law: 'waste_management_act',
            law_detail: revoke ? '第14条の3の2第1項' : '第14条の3',
            action_type: revoke ? 'license_revocation' : 'business_suspension_order',
            summary: revoke
              ? '産業廃棄物を不法に投棄したため、産業廃棄物収集運搬業及び処分業の許可を取り消した。'
              : `産業廃棄物処理基準に適合しない保管を行っていたため、${ctx.random.int(15, 90)}日間の事業の全部停止を命じた。`,
          },
    ],
  };
};

const privacy: CaseMaker = (ctx, date) => {
  const d = date('demo-enf-ppc');
  const company = pickCompany(ctx, d, inTrades('it', 'consumer', 'staffing'));
  const recommend = ctx.random.chance(0.6);
  return {
    source: 'demo-enf-ppc',
    authority: 'ppc',
    company,
    date: d,
    actions: [
      {
        law: 'act_on_protection_of_personal_information',
        law_detail: recommend ? '第148条第1項' : '第147条',
        action_type: recommend ? 'recommendation' : 'warning',
        summary: recommend
          ? '不正アクセスにより顧客の個人データが漏えいした事案について、安全管理措置が講じられていなかったため、是正を勧告した。'
          : '委託先の監督が不十分であったため、個人データの取扱いについて注意を促した。',
      },
    ],
  };
};

const MAKERS: readonly (readonly [CaseMaker, number])[] = [
  [bidRigging, 5],
  [subcontract, 3],
  [jftcOther, 1],
  [representation, 5],
  [doorToDoor, 2],
  [finance, 3],
  [labour, 11],
  [dispatch, 1.5],
  [mlit, 5],
  [prefectural, 2.5],
  [privacy, 1],
];

export function demoEnforcements(ctx: DemoRecordContext, target: number): EnforcementInput[] {
  const records: EnforcementInput[] = [];
  // a date up to about six years back, no later than the source's last collection
  const date = (source: string) => addDays(publishedCutoff(demoSource(source), ctx.asOf), -ctx.random.int(0, 2_200));
  while (records.length < target) {
    const c = ctx.random.weighted(MAKERS)(ctx, date);
    const source = demoSource(c.source);
    // a press release has a page of its own; a list (a URL ending in .html) is cited as a whole
    const page = source.url.endsWith('.html')
      ? { url: source.url, title: source.title }
      : {
          url: `${source.url}/${c.date.replace(/-/gu, '')}-${records.length + 1}.html`,
          title: `（${wareki(c.date)}）${c.company.input.name}に対する行政処分等について`,
        };
    const company = companyRef(ctx, c.company, c.english === true);
    for (const action of c.actions) {
      records.push({
        kind: 'enforcement',
        company,
        authority: c.authority,
        source: sourceRef(source, ctx.asOf, c.date, page),
        date: c.date,
        ...action,
      });
    }
  }
  return records;
}
