// The wording of demo enforcement records, modelled on how the MHLW list, the JFTC and the CAA describe cases.

export interface CaseText {
  readonly law: string;
  /** Every law cited, when more than one. */
  readonly laws?: readonly string[];
  readonly detail: string;
  /** {n}, {m} and {amount} are filled in by the generator. */
  readonly text: string;
}

// As the labour bureaus' 「労働基準関係法令違反に係る公表事案」 word them: the articles, then what was done.
export const LABOUR_CASES: readonly CaseText[] = [
  {
    law: 'industrial_safety_and_health_act',
    detail: '労働安全衛生法第21条、労働安全衛生規則第519条',
    text: '高さ2メートル以上の作業床の端で墜落の危険がある箇所に囲い等を設けずに、労働者に作業を行わせたもの',
  },
  {
    law: 'industrial_safety_and_health_act',
    detail: '労働安全衛生法第20条、労働安全衛生規則第151条の3',
    text: 'フォークリフトを用いて作業を行うに当たり、作業計画を定めずに労働者に作業を行わせたもの',
  },
  {
    law: 'industrial_safety_and_health_act',
    detail: '労働安全衛生法第100条、労働安全衛生規則第97条',
    text: '労働者が休業4日以上の負傷をしたにもかかわらず、遅滞なく労働者死傷病報告を提出しなかったもの',
  },
  {
    law: 'industrial_safety_and_health_act',
    detail: '労働安全衛生法第22条、石綿障害予防規則第10条',
    text: '石綿含有建材の除去作業において、労働者に呼吸用保護具を使用させずに作業を行わせたもの',
  },
  {
    law: 'industrial_safety_and_health_act',
    detail: '労働安全衛生法第20条、クレーン等安全規則第66条の2',
    text: '移動式クレーンを用いた作業において、転倒防止の措置を講じずに労働者に作業を行わせたもの',
  },
  {
    law: 'labour_standards_act',
    detail: '労働基準法第32条',
    text: '時間外労働・休日労働に関する協定を締結・届出することなく、労働者{n}名に違法な時間外労働を行わせたもの',
  },
  {
    law: 'labour_standards_act',
    detail: '労働基準法第24条',
    text: '労働者{n}名に対し、{m}か月間の定期賃金合計{amount}を所定支払日に支払わなかったもの',
  },
  {
    law: 'labour_standards_act',
    detail: '労働基準法第37条',
    text: '労働者{n}名に対し、時間外労働に対する割増賃金合計{amount}を支払わなかったもの',
  },
  {
    law: 'minimum_wage_act',
    detail: '最低賃金法第4条',
    text: '労働者{n}名に対し、{m}か月間の賃金を最低賃金額以上支払わなかったもの',
  },
  {
    law: 'labour_standards_act',
    laws: ['labour_standards_act', 'minimum_wage_act'],
    detail: '労働基準法第24条、最低賃金法第4条',
    text: '外国人技能実習生{n}名に対し、{m}か月間の時間外労働に対する割増賃金及び最低賃金額以上の賃金を支払わなかったもの',
  },
  {
    law: 'industrial_safety_and_health_act',
    laws: ['industrial_safety_and_health_act', 'labour_standards_act'],
    detail: '労働安全衛生法第66条、労働基準法第32条',
    text: '労働者{n}名に健康診断を受けさせず、また、協定の限度時間を超えて時間外労働を行わせたもの',
  },
  {
    law: 'wage_payment_security_act',
    laws: ['wage_payment_security_act', 'labour_standards_act'],
    detail: '賃金の支払の確保等に関する法律第6条、労働基準法第23条',
    text: '退職した労働者{n}名に対し、退職手当合計{amount}を支払わなかったもの',
  },
];

// The JFTC's recommendations under the Subcontract Act (now the 取適法) and the Freelance Act.
export const SUBCONTRACT_CASES: readonly CaseText[] = [
  {
    law: 'subcontract_act',
    detail: '第4条第1項第3号（下請代金の減額の禁止）',
    text: '下請事業者{n}名に対し、「協力金」等の名目で下請代金の額から総額{amount}を減じていた。',
  },
  {
    law: 'subcontract_act',
    detail: '第4条第1項第2号（下請代金の支払遅延の禁止）',
    text: '下請事業者{n}名に対し、下請代金総額{amount}を支払期日の経過後なお支払っていなかった。',
  },
  {
    law: 'subcontract_act',
    detail: '第4条第2項第3号（不当な経済上の利益の提供要請の禁止）',
    text: '下請事業者{n}名に対し、自社が所有する金型を無償で保管させていた。',
  },
  {
    law: 'subcontract_act',
    detail: '第4条第1項第4号（返品の禁止）',
    text: '下請事業者{n}名から受領した商品について、下請事業者の責めに帰すべき理由がないのに総額{amount}相当を返品していた。',
  },
  {
    law: 'freelance_act',
    detail: '第3条第1項（取引条件の明示義務）',
    text: '業務を委託した特定受託事業者{n}名に対し、給付の内容、報酬の額等を書面又は電磁的方法により明示していなかった。',
  },
];

// The CAA's measures orders under the Premiums and Representations Act: what was shown, and what was true.
export const REPRESENTATION_CASES: readonly CaseText[] = [
  {
    law: 'premiums_and_representations_act',
    detail: '第5条第1号（優良誤認）',
    text: '自社ウェブサイトにおいて、健康食品について、あたかも摂取するだけで容易に痩身効果が得られるかのように示す表示をしていたが、当該表示の裏付けとなる合理的な根拠を示す資料は提出されなかった。',
  },
  {
    law: 'premiums_and_representations_act',
    detail: '第5条第2号（有利誤認）',
    text: '「今だけ半額」等と表示し、あたかも表示価格が通常の販売価格より安いかのように示していたが、実際には比較対照価格で販売された実績はなかった。',
  },
  {
    law: 'premiums_and_representations_act',
    detail: '第5条第1号（優良誤認）',
    text: '空気清浄機について、あたかも室内のウイルスを99％除去するかのように示す表示をしていたが、実際の使用環境における効果を示す根拠はなかった。',
  },
  {
    law: 'premiums_and_representations_act',
    detail: '第5条第3号（ステルスマーケティング告示）',
    text: '第三者の口コミであるかのように装った投稿を依頼し、自社の広告であることを明らかにしないまま表示させていた。',
  },
  {
    law: 'premiums_and_representations_act',
    detail: '第5条第1号（優良誤認）',
    text: '販売する牛肉について、国産黒毛和牛である旨を表示していたが、実際には輸入牛肉を使用していた。',
  },
];
