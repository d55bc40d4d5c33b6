// Demo cases of the Japan Fair Trade Commission: bid rigging, late payment of subcontractors and other competition
// cases, written as the commission publishes them.

import { prefectureByCode } from '../src/domain/vocabularies/prefectures.js';
import { SUBCONTRACT_CASES, type CaseText } from './demo-enforcement-texts.js';
import type { CaseMaker } from './demo-enforcement-case.js';
import { formatYen, inTrades, pickCompany } from './demo-record-common.js';

const WORKS = [
  ['土木一式工事', 'civil engineering works'],
  ['舗装工事', 'paving works'],
  ['電気設備工事', 'electrical installation works'],
  ['管工事', 'plumbing works'],
  ['橋梁補修工事', 'bridge repair works'],
  ['下水道管渠工事', 'sewer works'],
] as const;

export const bidRigging: CaseMaker = (ctx, date) => {
  const d = date('demo-enf-jftc');
  const company = pickCompany(ctx, d, inTrades('construction', 'design'));
  const pref = prefectureByCode(company.place.prefecture_code)!;
  const [work, workEn] = ctx.random.pick(WORKS);
  const text = `${pref.name}が一般競争入札等の方法により発注する${work}について、他の事業者と共同して受注予定者を決定し、受注予定者が受注できるようにしていた`;
  const amount = ctx.random.int(40, 42_000) * 10_000;
  const english = ctx.random.chance(0.6);
  const base = { law: 'antimonopoly_act', law_detail: '第3条（不当な取引制限の禁止）' };
  return {
    source: 'demo-enf-jftc',
    authority: 'jftc',
    company,
    date: d,
    english,
    actions: [
      {
        ...base,
        action_type: 'cease_and_desist_order',
        summary: `${text}（独占禁止法第3条違反）。`,
        summary_en: english
          ? `Agreed with other bidders on the winners of ${workEn} tendered by ${pref.name_en}, in violation of Article 3 of the Antimonopoly Act.`
          : null,
      },
      {
        ...base,
        law_detail: '第7条の2第1項',
        action_type: 'surcharge_payment_order',
        amount_jpy: amount,
        summary: `${text}ことに関し、課徴金${formatYen(amount)}の納付を命じた。`,
        summary_en: english
          ? `Ordered to pay a surcharge of JPY ${amount.toLocaleString('en-US')} for the bid rigging.`
          : null,
      },
    ],
  };
};

export const subcontract: CaseMaker = (ctx, date) => {
  const d = date('demo-enf-jftc');
  const company = pickCompany(ctx, d, inTrades('consumer', 'manufacturing', 'trucking', 'it'));
  const c: CaseText = ctx.random.pick(SUBCONTRACT_CASES);
  const n = ctx.random.int(3, 120);
  const total = ctx.random.int(50, 9_000) * 10_000;
  return {
    source: 'demo-enf-jftc',
    authority: 'jftc',
    company,
    date: d,
    actions: [
      {
        law: c.law,
        law_detail: c.detail,
        action_type: 'recommendation',
        summary: c.text.replace('{n}', String(n)).replace('{amount}', formatYen(total)),
      },
    ],
  };
};

export const jftcOther: CaseMaker = (ctx, date) => {
  const d = date('demo-enf-jftc');
  const company = pickCompany(ctx, d, inTrades('consumer', 'it', 'manufacturing'));
  const commitment = ctx.random.chance(0.5);
  return {
    source: 'demo-enf-jftc',
    authority: 'jftc',
    company,
    date: d,
    actions: [
      commitment
        ? {
            law: 'antimonopoly_act',
            law_detail: '第19条（一般指定第12項 拘束条件付取引）',
            action_type: 'commitment_plan_approval',
            summary:
              '取引先販売店に対し自社商品の販売価格を拘束していた疑いについて、同社から申請された確約計画を認定した。',
          }
        : {
            law: 'antimonopoly_act',
            law_detail: '第19条（優越的地位の濫用）',
            action_type: 'warning',
            summary:
              '納入業者に対し、自社の店舗の新規開店作業のために従業員等を無償で派遣させていた疑いがあったため、警告を行った。',
          },
    ],
  };
};
