// Reading a procurement suspension's reason code from the words the publisher wrote (措置要件, 事由).
import type { ProcurementReason } from '../vocabularies/enums.js';
import { foldCompact } from '../text/text-fold.js';

// Each publisher numbers the clauses of its 指名停止措置要領 its own way (別表第1第4号 is 粗雑工事 for one and
// 公衆損害事故 for another), so only the words are read, never the clause numbers. The rules run in order and
// the first that matches wins: a rule naming a law or an offence comes before a rule naming its consequence,
// so that 「労働安全衛生法違反（死亡事故）」 is an industrial safety violation, and the specific offences
// (談合, 贈賄) come before the catch-all of an officer's criminal case.
const RULES: readonly (readonly [ProcurementReason, RegExp])[] = [
  ['organized_crime_ties', /暴力団|暴排|反社会的勢力/u],
  // 独占禁止法違反行為 is its own clause even when the conduct was bid rigging: the clause follows the law.
  ['antimonopoly_violation', /独占禁止法|独禁法|私的独占|不当な取引制限|排除措置命令|課徴金納付命令/u],
  ['bid_rigging', /談合|入札妨害|競売等妨害|競売入札妨害|刑法第?96条の6|入札等関与行為/u],
  ['bribery', /贈賄|贈収賄|刑法第?198条/u],
  ['construction_business_act_violation', /建設業法/u],
  ['industrial_safety_violation', /労働安全衛生法|安衛法|労働安全衛生規則/u],
  ['accident_public_harm', /公衆損害|公衆災害|第三者.{0,10}(死亡|負傷|損害)|一般通行人/u],
  ['accident_worker', /工事関係者事故|工事関係者.{0,10}(死亡|負傷)|作業員.{0,10}(死亡|負傷)|労働災害|労災事故/u],
  ['false_statement', /虚偽記載|虚偽の記載|虚偽の申請|虚偽申請|虚偽の(書類|資料|申告|報告)/u],
  ['negligent_poor_workmanship', /粗雑/u],
  ['breach_of_contract', /契約違反|契約に違反|契約不履行|契約の不履行|履行遅滞|契約を履行しな/u],
  // An officer (役員, 代表者, 使用人) arrested, indicted or convicted for an offence no earlier rule named.
  [
    'executive_criminal_case',
    /(役員|代表者|代表取締役|取締役|使用人|社員|従業員).{0,20}(逮捕|起訴|公訴|有罪|刑事|禁錮|禁固|拘禁刑|懲役|罰金)/u,
  ],
  ['dishonest_conduct', /不正又は不誠実|不誠実|不正行為|不正な行為|不正受給|不適切な行為/u],
];

/**
 * The reason code for a source's reason text: 「競売入札妨害（刑法第96条の6）」 → bid_rigging,
 * 「指名停止措置要領別表第1第4号（過失による粗雑工事）」 → negligent_poor_workmanship; 'other' when no rule
 * matches. The text itself is kept verbatim by the caller as reason_detail.
 */
export function classifyProcurementReason(text: string): ProcurementReason {
  // NFKC folds full-width digits and brackets; white space and line breaks inside a cell carry no meaning.
  const folded = foldCompact(text);
  for (const [reason, pattern] of RULES) if (pattern.test(folded)) return reason;
  return 'other';
}
