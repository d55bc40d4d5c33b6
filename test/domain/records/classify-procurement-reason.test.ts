import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyProcurementReason } from '../../../src/domain/records/classify-procurement-reason.js';
import { procurementReasons } from '../../../src/domain/vocabularies/enums.js';

// Phrases as publishers write them in their lists (措置要件 / 措置理由 columns).
const CASES: readonly (readonly [string, string])[] = [
  ['指名停止措置要領別表第1第4号（過失による粗雑工事）', 'negligent_poor_workmanship'],
  ['競売入札妨害（刑法第96条の6）', 'bid_rigging'],
  ['公契約関係競売等妨害及び談合容疑による逮捕', 'bid_rigging'],
  ['別表第2第3号（競売入札妨害又は談合）', 'bid_rigging'],
  ['官製談合防止法違反容疑（入札等関与行為）', 'bid_rigging'],
  ['贈賄（刑法第１９８条）', 'bribery'],
  ['代表取締役が贈賄容疑で逮捕されたため', 'bribery'],
  ['独占禁止法違反行為（公正取引委員会による排除措置命令）', 'antimonopoly_violation'],
  ['独占禁止法第3条違反（入札談合）', 'antimonopoly_violation'],
  ['課徴金納付命令を受けたため', 'antimonopoly_violation'],
  ['建設業法違反（一括下請負）', 'construction_business_act_violation'],
  ['建設業法違反行為（経営事項審査の虚偽申請）', 'construction_business_act_violation'],
  ['労働安全衛生法違反により書類送検', 'industrial_safety_violation'],
  ['労働安全衛生法違反（作業員死亡事故）', 'industrial_safety_violation'],
  ['安全管理措置の不適切により生じた公衆損害事故', 'accident_public_harm'],
  ['工事中の第三者負傷事故', 'accident_public_harm'],
  ['安全管理措置の不適切により生じた工事関係者事故', 'accident_worker'],
  ['県発注工事において作業員が死亡する事故が発生', 'accident_worker'],
  ['入札参加資格確認資料の虚偽記載', 'false_statement'],
  ['競争参加資格確認申請書に虚偽の記載をした', 'false_statement'],
  ['過失による粗雑工事', 'negligent_poor_workmanship'],
  ['契約違反（工期の大幅な遅延）', 'breach_of_contract'],
  ['請負契約に違反し、契約の相手方として不適当', 'breach_of_contract'],
  ['不正又は不誠実な行為', 'dishonest_conduct'],
  ['不正又は不誠実な行為（労働安全衛生法違反）', 'industrial_safety_violation'],
  ['補助金の不正受給', 'dishonest_conduct'],
  ['暴力団員が実質的に経営に関与', 'organized_crime_ties'],
  ['暴力団関係業者（警察からの排除要請）', 'organized_crime_ties'],
  ['代表者が詐欺容疑で逮捕', 'executive_criminal_case'],
  ['役員等が禁錮以上の刑に当たる犯罪の容疑により公訴を提起', 'executive_criminal_case'],
  ['社員が道路交通法違反で逮捕', 'executive_criminal_case'],
  ['　粗　雑　工　事　', 'negligent_poor_workmanship'],
  ['その他', 'other'],
  ['', 'other'],
];

test('procurement reasons read from the source words', async (t) => {
  for (const [text, expected] of CASES) {
    await t.test(text || '(blank)', () => assert.equal(classifyProcurementReason(text), expected));
  }
});

test('every reason code the classifier yields is in the vocabulary, and each code except none is reachable', () => {
  const yielded = new Set(CASES.map(([text]) => classifyProcurementReason(text)));
  for (const code of yielded) assert.ok(procurementReasons.get(code), code);
  assert.deepEqual([...yielded].sort(), procurementReasons.codes().sort());
});
