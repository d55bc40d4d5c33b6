// Demo procurement suspensions (指名停止): periods ended, running, scheduled, open-ended and lifted around the build date.

import type { ProcurementSuspensionInput } from '../src/domain/records/record-input.js';
import { authorities } from '../src/domain/vocabularies/authorities.js';
import { daysBetween } from '../src/domain/dates.js';
import { prefectureByCode } from '../src/domain/vocabularies/prefectures.js';
import { addDays, monthsLater } from './demo-calendar.js';
import {
  both,
  companyRef,
  inPrefectures,
  inTrades,
  pickCompany,
  sourceRef,
  type DemoRecordContext,
} from './demo-record-common.js';
import { prefecturesCoveredBy } from './demo-regions.js';
import { DEMO_SOURCES, isCollected, publishedCutoff, type DemoSource } from './demo-sources.js';

interface Reason {
  readonly code: string;
  readonly weight: number;
  /** Length in months, drawn between the two. */
  readonly months: readonly [number, number];
  /** As the lists write the reason; {by} is the ordering body, {pref} the prefecture. */
  readonly details: readonly string[];
}

const REASONS: readonly Reason[] = [
  {
    code: 'bid_rigging',
    weight: 5,
    months: [3, 12],
    details: [
      '談合（{by}発注の工事に関し、公契約関係競売入札妨害の容疑で役員が逮捕された）',
      '独占禁止法違反（入札談合）により公正取引委員会から排除措置命令を受けたため',
    ],
  },
  {
    code: 'bribery',
    weight: 2,
    months: [4, 12],
    details: ['贈賄（代表取締役が{by}職員に対する贈賄の容疑で逮捕された）', '贈賄の容疑で使用人が起訴されたため'],
  },
  {
    code: 'antimonopoly_violation',
    weight: 2,
    months: [2, 9],
    details: ['独占禁止法違反行為（{pref}内における民間発注工事の受注調整）'],
  },
  {
    code: 'construction_business_act_violation',
    weight: 4,
    months: [1, 4],
    details: ['建設業法違反（主任技術者の不設置）により営業停止処分を受けたため', '建設業法違反（一括下請負）'],
  },
  {
    code: 'industrial_safety_violation',
    weight: 3,
    months: [1, 3],
    details: [
      '労働安全衛生法違反の容疑で書類送検された（墜落防止措置の不備）',
      '安全衛生法令違反（足場の手すり未設置）',
    ],
  },
  {
    code: 'accident_public_harm',
    weight: 2,
    months: [1, 3],
    details: [
      '公衆損害事故（安全管理措置の不適切により、通行車両に損害を与えた）',
      '公衆損害事故（埋設ガス管を損傷し、周辺住民に避難を生じさせた）',
    ],
  },
  {
    code: 'accident_worker',
    weight: 4,
    months: [1, 4],
    details: [
      '工事関係者事故（安全管理措置の不適切により、作業員が死亡した）',
      '工事関係者事故（重機の転倒により、作業員が負傷した）',
    ],
  },
  {
    code: 'false_statement',
    weight: 2,
    months: [1, 6],
    details: [
      '虚偽記載（入札参加資格審査申請書に虚偽の記載をした）',
      '虚偽記載（技術者の資格について虚偽の申請をした）',
    ],
  },
  {
    code: 'negligent_poor_workmanship',
    weight: 2,
    months: [1, 3],
    details: ['粗雑工事（施工不良により構造物に瑕疵が生じた）'],
  },
  {
    code: 'breach_of_contract',
    weight: 2,
    months: [1, 3],
    details: ['契約違反（正当な理由なく工期内に完成させなかった）', '契約違反（監督職員の指示に従わなかった）'],
  },
  {
    code: 'dishonest_conduct',
    weight: 3,
    months: [1, 4],
    details: [
      '不正又は不誠実な行為（社会保険未加入の技能労働者を作業に従事させていた）',
      '不正又は不誠実な行為（下請代金を支払わず、下請業者に損害を与えた）',
    ],
  },
  {
    code: 'organized_crime_ties',
    weight: 2,
    months: [6, 18],
    details: [
      '暴力団関係（役員が暴力団員と社会的に非難されるべき関係を有していた）',
      '暴力団排除措置要綱に基づく措置（暴力団員が経営に実質的に関与している）',
    ],
  },
  {
    code: 'executive_criminal_case',
    weight: 1,
    months: [1, 3],
    details: ['役員等の刑事事件（代表取締役が業務に関し道路交通法違反で逮捕された）'],
  },
  { code: 'other', weight: 1, months: [1, 2], details: ['その他（入札参加資格の要件を欠いていたことが判明した）'] },
];

type Plan = 'ended' | 'active' | 'scheduled' | 'open_ended' | 'lifted';
const PLANS: readonly (readonly [Plan, number])[] = [
  ['ended', 50],
  ['active', 22],
  ['scheduled', 9],
  ['open_ended', 6],
  ['lifted', 13],
];

export function demoSuspensions(ctx: DemoRecordContext, target: number): ProcurementSuspensionInput[] {
  const sources = DEMO_SOURCES.filter((s) => s.kind === 'procurement_suspension' && isCollected(s));
  const totalWeight = sources.reduce((sum, s) => sum + s.weight, 0);
  const records: ProcurementSuspensionInput[] = [];
  for (const source of sources) {
    const count = Math.max(2, Math.round((target * source.weight) / totalWeight));
    for (let i = 0; i < count; i++) records.push(suspension(ctx, source, i));
  }
  return records;
}

function suspension(ctx: DemoRecordContext, source: DemoSource, index: number): ProcurementSuspensionInput {
  const { random, asOf } = ctx;
  const cutoff = publishedCutoff(source, asOf);
  const reason = random.weighted(REASONS.map((r) => [r, r.weight] as const));
  // each source shows every plan early on, so that even the small lists have a running and a scheduled one
  const plan = index < 3 ? (['active', 'ended', 'scheduled'] as const)[index]! : random.weighted(PLANS);
  const months = random.int(reason.months[0], reason.months[1]);
  const openEnded =
    plan === 'open_ended' || (reason.code === 'organized_crime_ties' && plan !== 'ended' && random.chance(0.5));
  let from: string;
  let published: string;
  let liftedOn: string | null = null;
  switch (plan) {
    case 'ended':
      from = addDays(asOf, -random.int(months * 31 + 3, 2_000));
      break;
    case 'active':
    case 'open_ended':
      from = addDays(asOf, -random.int(1, Math.max(2, months * 28 - 8)));
      break;
    case 'scheduled':
      from = addDays(asOf, random.int(2, 21));
      break;
    case 'lifted':
      from = addDays(cutoff, -random.int(30, 900));
      break;
  }
  const to = openEnded ? null : monthsLater(from, months);
  published = minDate(addDays(from, -random.int(1, 7)), cutoff);
  if (plan === 'lifted') {
    const end = minDate(to ?? cutoff, cutoff);
    liftedOn = addDays(from, random.int(7, Math.max(8, daysBetween(from, end))));
    if (liftedOn > cutoff) liftedOn = cutoff;
    published = liftedOn;
  }
  const authority = authorities.get(source.publisher)!;
  const region = prefecturesCoveredBy(source.publisher) ?? localArea(source.publisher);
  const company =
    region === null
      ? pickCompany(ctx, from, inTrades('construction', 'design'))
      : pickCompany(
          ctx,
          from,
          both(inTrades('construction', 'design'), inPrefectures(region)),
          inPrefectures(region),
          inTrades('construction'),
        );
  const pref = prefectureByCode(company.place.prefecture_code)!;
  const detail = random.pick(reason.details).replace('{by}', authority.name).replace('{pref}', pref.name);
  return {
    kind: 'procurement_suspension',
    company: companyRef(ctx, company),
    authority: source.publisher,
    source: sourceRef(source, asOf, published),
    reason: reason.code,
    reason_detail: detail,
    period: { from, to },
    ...(plan === 'lifted' ? { status: 'lifted', lifted_on: liftedOn } : {}),
    scope: random.chance(0.3) ? scopeOf(authority.name, authority.group) : null,
  };
}

/** The prefecture a prefectural or city government's suppliers are mostly in. */
function localArea(publisher: string): readonly string[] | null {
  const pref = /^pref_(\d{2})$/u.exec(publisher)?.[1];
  if (pref !== undefined) return [pref];
  const city = /^city_(\d{2})\d{3}$/u.exec(publisher)?.[1];
  return city === undefined ? null : [city];
}

function scopeOf(name: string, group: string): string {
  if (group === 'prefecture') return `${name}が発注する建設工事及び建設関連業務`;
  if (group === 'designated_city') return `${name}が発注する工事及び業務委託（上下水道局を含む）`;
  if (group === 'national') return `${name}管内全域（本局及び全事務所）`;
  return `${name}が発注する工事`;
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
