// What a demo licensed trade states (SectorSpec, ActionSpec), and the helpers the trades' entries share.

import type { Nature, Sector } from '../src/domain/vocabularies/enums.js';
import { authorities } from '../src/domain/vocabularies/authorities.js';
import { prefectureByCode } from '../src/domain/vocabularies/prefectures.js';
import type { DemoCompany } from './demo-companies.js';
import type { Trade } from './demo-name-parts.js';
import type { Random } from './random.js';

export interface ActionSpec {
  readonly type: string;
  readonly nature: Nature;
  readonly weight: number;
  /** Suspensions run for a number of days, drawn between the two; one-off actions have none. */
  readonly days: readonly [number, number] | null;
  /** The reason as the source writes it; {days} is the suspension's length. */
  readonly details: readonly string[];
}

export interface SectorSpec {
  readonly sector: Sector;
  readonly weight: number;
  readonly source: string;
  readonly trades: readonly Trade[];
  /** Sectors a holder of this one often holds too; an action may concern them as well. */
  readonly related: readonly Sector[];
  authority(company: DemoCompany, random: Random): string;
  permit(company: DemoCompany, authority: string, random: Random): string | null;
  readonly actions: readonly ActionSpec[];
}

/** One kind of action in a trade, with its weight among them and the reasons the source may give. */
export const action = (
  type: string,
  nature: Nature,
  weight: number,
  days: readonly [number, number] | null,
  ...details: string[]
): ActionSpec => ({ type, nature, weight, days, details });

export const pref = (c: DemoCompany) => c.place.prefecture_code;
export const prefName = (c: DemoCompany) => prefectureByCode(pref(c))!.name;
export const digits = (random: Random, n: number) => String(random.int(10 ** (n - 1), 10 ** n - 1));
export const national = (authority: string) => !authority.startsWith('pref_') && !authority.startsWith('city_');
export const bureauName = (authority: string) => authorities.get(authority)!.name;

/** The governor of the company's prefecture, or the national bureau for that prefecture in `nationalShare` of cases. */
export const byGovernorOr =
  (bureau: (prefecture: string) => string, nationalShare: number) => (c: DemoCompany, random: Random) =>
    random.chance(nationalShare) ? bureau(pref(c)) : `pref_${pref(c)}`;

/** Why a licence is revoked when its holder cannot be found. */
export const LOCATION_UNKNOWN = '主たる営業所の所在地を確知できないため（所在不明）';
