// Whether a list's name cell names a party at all: a cartel described by its industry, or the bidders of a tender
// described by its orderer, names no one a record could be about (and the orderer it names is not the party).
import { foldCompact } from '../text/text-fold.js';

// A tender: someone's order (「…が発注する」), or the bidders or quoters of one (「入札参加業者」, 「入札等の参加業者」,
// 「見積り合わせの参加業者」, 「指名競争見積の参加業者」). The orderer it names is the customer, never the violator.
const TENDER = /が発注する|(?:入札|見積(?:り?合わせ)?)(?:等)?の?参加/u;

// An industry: a trade's members (製造販売業者, 百貨店業者, タクシー事業者, 機械式駐車装置メーカー), or a bare 会社
// (損害保険会社) with no legal form before it, perhaps with the plural ら or 等. A registered name ending in 会社 has
// its form there (株式会社, 有限会社, 合同会社, 相互会社).
const INDUSTRY = /(?:業者|メーカー)(?:ら|等)?$/u;
const BARE_KAISHA = /(?<!株式|有限|合名|合資|合同|相互)会社(?:ら|等)?$/u;

/** Why the name names no party, in words for the skipped-row report; null when it may name one. */
export function whyNoParty(name: string): string | null {
  const folded = foldCompact(name);
  if (TENDER.test(folded)) return "names no party: a tender's bidders, described by the tender's orderer";
  if (INDUSTRY.test(folded) || BARE_KAISHA.test(folded)) return 'names no party: a cartel described by its industry';
  return null;
}
