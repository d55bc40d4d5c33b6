// An English summary of a record, composed from the vocabularies' English labels and the record's own codes, dates
// and amounts: never a translation of the Japanese free text, which stays as the source wrote it.
import type { Enforcement, LicenseAction, ProcurementSuspension, ValidRecord } from './record.js';
import type { Period } from './record.js';
import { authorities } from '../vocabularies/authorities.js';
import { lawFromText, laws } from '../vocabularies/laws.js';
import {
  enforcementActionTypes,
  licenseActionTypes,
  natures,
  procurementReasons,
  sectors,
} from '../vocabularies/enums.js';
import { type Term, type Vocabulary } from '../vocabulary.js';
import { foldCaseless, foldWidth } from '../text/text-fold.js';

export function summaryEn(record: ValidRecord): string {
  switch (record.kind) {
    case 'enforcement':
      return enforcementSummary(record);
    case 'procurement_suspension':
      return suspensionSummary(record);
    case 'license_action':
      return licenseActionSummary(record);
  }
}

/** "Referral to the public prosecutor by the Hokkaido Labour Bureau under the Industrial Safety and Health Act (Article 120), 2018-08-10." */
function enforcementSummary(r: Enforcement): string {
  const articles = actArticles(r.law_detail);
  const cited = r.laws.map((code) => {
    const numbers = articles.get(code) ?? [];
    const shown = numbers.length === 0 ? '' : ` (${numbers.length === 1 ? 'Article' : 'Articles'} ${joinAnd(numbers)})`;
    return `the ${englishOf(laws, code)}${shown}`;
  });
  const amount = r.amount_jpy === null ? '' : `, amount JPY ${r.amount_jpy.toLocaleString('en-US')}`;
  return `${englishOf(enforcementActionTypes, r.action_type)} by ${authorityPhrase(r.authority)} under ${joinAnd(cited)}, ${r.date}${amount}.`;
}

/** "Suspension from public procurement by Osaka Prefecture (Bid rigging or obstruction of bidding), 2025-04-01 to 2025-06-30." */
function suspensionSummary(r: ProcurementSuspension): string {
  const lifted = r.lifted_on === null ? '' : `, lifted ${r.lifted_on}`;
  return `Suspension from public procurement by ${authorityPhrase(r.authority)} (${englishOf(procurementReasons, r.reason)}), ${periodPhrase(r.period)}${lifted}.`;
}

/** "Business suspension order by the Kanto Regional Development Bureau (Construction; Disciplinary action for a violation), 2025-03-01, for 2025-03-10 to 2025-03-24." */
function licenseActionSummary(r: LicenseAction): string {
  const about = [englishOf(sectors, r.sector_code), englishOf(natures, r.nature)].join('; ');
  const period = r.period === null ? '' : `, for ${periodPhrase(r.period)}`;
  return `${englishOf(licenseActionTypes, r.action_type)} by ${authorityPhrase(r.authority)} (${about}), ${r.date}${period}.`;
}

function englishOf(vocabulary: Vocabulary<Term>, code: string): string {
  return vocabulary.get(code)?.name_en ?? code;
}

/** A prefecture or city is named as a place ("by Osaka Prefecture"); a ministry, agency or office with "the". */
function authorityPhrase(code: string): string {
  const term = authorities.get(code);
  if (term === undefined) return code;
  return term.group === 'prefecture' || term.group === 'designated_city' ? term.name_en : `the ${term.name_en}`;
}

function periodPhrase(period: Period): string {
  return period.to === null ? `from ${period.from}` : `${period.from} to ${period.to}`;
}

function joinAnd(items: readonly string[]): string {
  const last = items.at(-1);
  if (last === undefined) return '';
  return items.length === 1 ? last : `${items.slice(0, -1).join(', ')} and ${last}`;
}

const CITATION = /^(.+?)第(\d+)条(?:の(\d+))?/u;

/**
 * The articles each act is cited by in `lawDetail` (「労働安全衛生法第20条、労働安全衛生規則第151条の3」 gives
 * industrial_safety_and_health_act: ["20"]): only a citation of the act itself, by its title or a short name, since
 * a regulation's article number (規則第151条の3) is not the act's.
 */
function actArticles(lawDetail: string | null): ReadonlyMap<string, string[]> {
  const found = new Map<string, string[]>();
  if (lawDetail === null) return found;
  for (const citation of foldWidth(lawDetail).split(/[、,，;；\n]/u)) {
    const match = CITATION.exec(citation.trim());
    if (match === null) continue;
    // the act's title and the article number are always there in a match; the sub-article only sometimes
    const [, cited = '', number = '', subArticle] = match;
    const law = lawFromText(cited);
    if (law === undefined) continue;
    const title = foldCaseless(cited);
    if (![law.name, ...(law.aliases ?? [])].some((name) => foldCaseless(name) === title)) continue;
    const article = subArticle === undefined ? number : `${number}-${subArticle}`;
    const list = found.get(law.code) ?? [];
    if (!list.includes(article)) list.push(article);
    found.set(law.code, list);
  }
  return found;
}
