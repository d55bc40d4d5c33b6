// Which regional office covers which prefecture: 地方整備局, 地方運輸局 and 財務局, by JIS prefecture code.

type Region = readonly [authority: string, prefectures: string];

// Prefecture codes as two-digit ranges and lists, from each bureau's own statement of its area.
const DEVELOPMENT: readonly Region[] = [
  ['mlit_hokkaido_rdb', '01'],
  ['mlit_tohoku_rdb', '02-07'],
  ['mlit_kanto_rdb', '08-14,19,20'],
  ['mlit_hokuriku_rdb', '15-17'],
  ['mlit_chubu_rdb', '21-24'],
  ['mlit_kinki_rdb', '18,25-30'],
  ['mlit_chugoku_rdb', '31-35'],
  ['mlit_shikoku_rdb', '36-39'],
  ['mlit_kyushu_rdb', '40-46'],
  ['mlit_okinawa_ogb', '47'],
];
const TRANSPORT: readonly Region[] = [
  ['mlit_hokkaido_dtb', '01'],
  ['mlit_tohoku_dtb', '02-07'],
  ['mlit_kanto_dtb', '08-14,19'],
  ['mlit_hokuriku_shinetsu_dtb', '15-17,20'],
  ['mlit_chubu_dtb', '18,21-24'],
  ['mlit_kinki_dtb', '25-30'],
  ['mlit_chugoku_dtb', '31-35'],
  ['mlit_shikoku_dtb', '36-39'],
  ['mlit_kyushu_dtb', '40-46'],
  ['mlit_okinawa_ogb', '47'],
];
const FINANCE: readonly Region[] = [
  ['fsa_hokkaido_lfb', '01'],
  ['fsa_tohoku_lfb', '02-07'],
  ['fsa_kanto_lfb', '08-15,19,20'],
  ['fsa_hokuriku_lfb', '16-18'],
  ['fsa_tokai_lfb', '21-24'],
  ['fsa_kinki_lfb', '25-30'],
  ['fsa_chugoku_lfb', '31-35'],
  ['fsa_shikoku_lfb', '36-39'],
  ['fsa_fukuoka_lfb', '40-42'],
  ['fsa_kyushu_lfb', '43-46'],
  ['fsa_okinawa_ogb', '47'],
];

function expand(spec: string): string[] {
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number) as [number, number | undefined];
    const codes: string[] = [];
    for (let n = from; n <= (to ?? from); n++) codes.push(String(n).padStart(2, '0'));
    return codes;
  });
}

function lookup(regions: readonly Region[]): (prefecture: string) => string {
  const map = new Map<string, string>();
  for (const [authority, spec] of regions) for (const code of expand(spec)) map.set(code, authority);
  return (prefecture) => {
    const found = map.get(prefecture);
    if (found === undefined) throw new RangeError(`no regional office for prefecture ${prefecture}`);
    return found;
  };
}

export const developmentBureauFor = lookup(DEVELOPMENT);
export const transportBureauFor = lookup(TRANSPORT);
export const financeBureauFor = lookup(FINANCE);

/** The prefectures a regional office (or a body with a regional remit) covers; every prefecture for others. */
export function prefecturesCoveredBy(authority: string): readonly string[] | null {
  for (const regions of [DEVELOPMENT, TRANSPORT, FINANCE]) {
    const found = regions.find(([code]) => code === authority);
    if (found) return expand(found[1]);
  }
  return REMITS[authority] ? expand(REMITS[authority]) : null;
}

// Expressway companies and the like contract in their own territory.
const REMITS: Readonly<Record<string, string>> = {
  nexco_east: '01-15',
  nexco_central: '13-17,19-24',
  nexco_west: '25-47',
  shutoko: '11-14',
  hanshin_expressway: '27,28',
};
