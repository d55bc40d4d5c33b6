// Old and variant kanji (旧字体・異体字) as they appear in registered company names, each with its common form.
// Data only: names.ts folds both the index and the query through it, so 髙島屋 and 高島屋 meet.

/**
 * Pairs of [variant, common form]. Compatibility ideographs that NFKC already folds (神 U+FA19 and the like)
 * are left out; the twelve unified ones in U+FA0E–FA29 (﨑, 﨔, …) are not folded by NFKC, so they are here.
 * No common form is itself a variant, so folding once is enough (the table test holds this).
 */
const PAIRS = [
  // the ones people meet in surnames and place names in company names
  '髙高', '﨑崎', '嵜崎', '碕崎', '濵浜', '濱浜', '邊辺', '邉辺', '齋斎', '齊斎', '斉斎', '德徳', '澤沢', '櫻桜',
  '廣広', '國国', '嶋島', '嶌島', '冨富', '眞真', '槇槙', '寳宝', '寶宝', '邨村', '黑黒', '瀨瀬', '龍竜',
  '淵渕', '渊渕', '埜野', '峯峰', '舩船', '桒桑', '槗橋', '隆隆', '曻昇', '塚塚', '𠮷吉', '祐祐',
  '靜静', '淸清', '靑青', '惠恵', '榮栄', '壽寿', '圓円', '萬万', '與与', '藏蔵', '驒騨', '廹迫', '圡土',
  '辻辻', '栁柳', '晉晋', '藪薮', '彌弥', '禮礼', '實実', '瀧滝', '鷗鴎', '鹽塩', '龜亀', '會会',
  // 旧字体 of the 常用漢字 that company names still use
  '亞亜', '惡悪', '壓圧', '圍囲', '爲為', '醫医', '壹壱', '隱隠', '營営', '衞衛', '驛駅', '圓円', '緣縁',
  '艷艶', '鹽塩', '奧奥', '應応', '歐欧', '毆殴', '櫻桜', '假仮', '價価', '畫画', '會会', '囘回', '壞壊',
  '懷懐', '繪絵', '擴拡', '殼殻', '覺覚', '學学', '嶽岳', '樂楽', '勸勧', '卷巻', '歡歓', '罐缶', '觀観',
  '關関', '陷陥', '巖巌', '顏顔', '歸帰', '氣気', '龜亀', '僞偽', '戲戯', '犧犠', '舊旧', '據拠', '擧挙',
  '峽峡', '挾挟', '狹狭', '曉暁', '區区', '驅駆', '勳勲', '薰薫', '徑径', '惠恵', '揭掲', '溪渓', '經経',
  '螢蛍', '輕軽', '繼継', '鷄鶏', '藝芸', '擊撃', '缺欠', '儉倹', '劍剣', '圈圏', '檢検', '權権', '獻献',
  '硏研', '縣県', '險険', '顯顕', '驗験', '嚴厳', '效効', '廣広', '恆恒', '黃黄', '鑛鉱', '號号', '國国',
  '濟済', '碎砕', '齋斎', '劑剤', '雜雑', '參参', '產産', '慘惨', '棧桟', '蠶蚕', '贊賛', '殘残', '絲糸',
  '齒歯', '兒児', '辭辞', '濕湿', '實実', '舍舎', '寫写', '釋釈', '壽寿', '收収', '從従', '澁渋', '獸獣',
  '縱縦', '肅粛', '處処', '緖緒', '敍叙', '將将', '奬奨', '燒焼', '稱称', '證証', '乘乗', '剩剰', '孃嬢',
  '條条', '淨浄', '狀状', '疊畳', '讓譲', '釀醸', '觸触', '寢寝', '愼慎', '晉晋', '眞真', '盡尽', '圖図',
  '粹粋', '醉酔', '隨随', '髓髄', '數数', '樞枢', '瀨瀬', '聲声', '靜静', '攝摂', '竊窃', '專専', '淺浅',
  '戰戦', '踐践', '錢銭', '潛潜', '纖繊', '禪禅', '雙双', '壯壮', '爭争', '莊荘', '搜捜', '插挿', '巢巣',
  '總総', '聰聡', '裝装', '騷騒', '增増', '藏蔵', '臟臓', '卽即', '屬属', '續続', '墮堕', '對対', '體体',
  '帶帯', '滯滞', '臺台', '瀧滝', '擇択', '澤沢', '單単', '擔担', '膽胆', '團団', '斷断', '彈弾', '遲遅',
  '癡痴', '蟲虫', '晝昼', '鑄鋳', '廳庁', '聽聴', '敕勅', '鎭鎮', '遞逓', '鐵鉄', '轉転', '點点', '傳伝',
  '黨党', '盜盗', '燈灯', '當当', '鬪闘', '獨独', '讀読', '屆届', '繩縄', '貳弐', '惱悩', '腦脳', '霸覇',
  '廢廃', '拜拝', '賣売', '麥麦', '發発', '髮髪', '拔抜', '蠻蛮', '祕秘', '甁瓶', '拂払', '佛仏', '竝並',
  '變変', '辨弁', '辯弁', '瓣弁', '舖舗', '步歩', '豐豊', '沒没', '飜翻', '每毎', '滿満', '默黙', '譯訳',
  '藥薬', '豫予', '餘余', '譽誉', '搖揺', '樣様', '謠謡', '來来', '賴頼', '亂乱', '覽覧', '畧略', '兩両',
  '獵猟', '綠緑', '壘塁', '淚涙', '勵励', '靈霊', '齡齢', '戀恋', '爐炉', '勞労', '樓楼', '錄録', '灣湾',
  '鷗鴎', '礙碍', '繫繋', '搔掻', '摑掴', '瘦痩', '焰炎', '卻却', '叱叱', '渚渚', '琢琢', '祿禄', '禱祷',
  '蘆芦', '蠟蝋', '鄕郷', '響響', '嘆嘆', '器器', '層層', '巡巡', '姬姫', '涉渉', '步歩', '逸逸', '都都',
] as const;

/** Variant → common form. Pairs whose two characters are the same glyph after NFKC drop out here. */
export const KANJI_VARIANTS: ReadonlyMap<string, string> = new Map(
  PAIRS.map((pair) => [...pair] as [string, string])
    .map(([from, to]) => [from.normalize('NFKC'), to.normalize('NFKC')] as const)
    .filter(([from, to]) => from !== to),
);

const VARIANT_PATTERN = new RegExp(`[${[...KANJI_VARIANTS.keys()].join('')}]`, 'gu');

/** The text with every variant kanji in the table replaced by its common form. */
export function foldKanjiVariants(value: string): string {
  return value.replace(VARIANT_PATTERN, (ch) => KANJI_VARIANTS.get(ch) ?? ch);
}
