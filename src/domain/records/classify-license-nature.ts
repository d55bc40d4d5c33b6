// Reading a licence action's nature (violation, voluntary closure, other) from the words of the source.
import type { Nature } from '../vocabularies/enums.js';
import { foldCompact } from '../text/text-fold.js';

// Closure or surrender at the holder's own initiative: 廃業, 返納, 自主廃止, a company's dissolution.
const VOLUNTARY = /廃業|返納|自主|解散|廃止(の)?届/u;
// Neither a breach nor the holder's choice: whereabouts unknown (所在不明, 所在を確知できない),
// disqualification (欠格, including bankruptcy, which disqualifies under most licensing acts).
const OTHER = /所在不明|所在(地)?を?確知|欠格|破産/u;
// A bare 届出 reads as a closure notice, except where the text says a notice was missing or false.
const NOTICE = /届出/u;
const BREACH_OF_NOTICE = /違反|怠|せず|しなかった|しなかつた|なかった|虚偽|不提出|未提出|無届/u;

/**
 * The nature of a licence action from its reason or action words: 「廃業届出による許可の取消し」 →
 * voluntary_closure, 「営業所の所在不明」 → other, anything else (「建設業法第28条第1項違反」) → violation.
 */
export function classifyLicenseNature(text: string): Nature {
  const folded = foldCompact(text);
  if (VOLUNTARY.test(folded)) return 'voluntary_closure';
  if (OTHER.test(folded)) return 'other';
  if (NOTICE.test(folded) && !BREACH_OF_NOTICE.test(folded)) return 'voluntary_closure';
  return 'violation';
}
