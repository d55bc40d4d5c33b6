// Registry entries of the prefectures' and designated cities' procurement suspension lists (指名停止措置).
import { DESIGNATED_CITIES } from '../../../domain/vocabularies/designated-cities.js';
import { PREFECTURES } from '../../../domain/vocabularies/prefectures.js';
import type { SourceEntryInput } from '../../registry/source-entry.js';

// Every prefecture and designated city publishes its 指名停止 decisions, each on its own site in its own
// layout (HTML tables, PDF, sometimes Excel). The addresses below are the governments' official site roots
// (the lg.jp or legacy domain each one uses); where a list's own address is known, list-addresses.ts gives
// it (listed-sources.ts puts it in). The others stay 'not_written' and show as never_collected.
export const PREFECTURE_SITES: Readonly<Record<string, string>> = {
  '01': 'https://www.pref.hokkaido.lg.jp/',
  '02': 'https://www.pref.aomori.lg.jp/',
  '03': 'https://www.pref.iwate.jp/',
  '04': 'https://www.pref.miyagi.jp/',
  '05': 'https://www.pref.akita.lg.jp/',
  '06': 'https://www.pref.yamagata.jp/',
  '07': 'https://www.pref.fukushima.lg.jp/',
  '08': 'https://www.pref.ibaraki.jp/',
  '09': 'https://www.pref.tochigi.lg.jp/',
  '10': 'https://www.pref.gunma.jp/',
  '11': 'https://www.pref.saitama.lg.jp/',
  '12': 'https://www.pref.chiba.lg.jp/',
  '13': 'https://www.metro.tokyo.lg.jp/',
  '14': 'https://www.pref.kanagawa.jp/',
  '15': 'https://www.pref.niigata.lg.jp/',
  '16': 'https://www.pref.toyama.jp/',
  '17': 'https://www.pref.ishikawa.lg.jp/',
  '18': 'https://www.pref.fukui.lg.jp/',
  '19': 'https://www.pref.yamanashi.jp/',
  '20': 'https://www.pref.nagano.lg.jp/',
  '21': 'https://www.pref.gifu.lg.jp/',
  '22': 'https://www.pref.shizuoka.jp/',
  '23': 'https://www.pref.aichi.jp/',
  '24': 'https://www.pref.mie.lg.jp/',
  '25': 'https://www.pref.shiga.lg.jp/',
  '26': 'https://www.pref.kyoto.jp/',
  '27': 'https://www.pref.osaka.lg.jp/',
  '28': 'https://web.pref.hyogo.lg.jp/',
  '29': 'https://www.pref.nara.lg.jp/',
  '30': 'https://www.pref.wakayama.lg.jp/',
  '31': 'https://www.pref.tottori.lg.jp/',
  '32': 'https://www.pref.shimane.lg.jp/',
  '33': 'https://www.pref.okayama.jp/',
  '34': 'https://www.pref.hiroshima.lg.jp/',
  '35': 'https://www.pref.yamaguchi.lg.jp/',
  '36': 'https://www.pref.tokushima.lg.jp/',
  '37': 'https://www.pref.kagawa.lg.jp/',
  '38': 'https://www.pref.ehime.jp/',
  '39': 'https://www.pref.kochi.lg.jp/',
  '40': 'https://www.pref.fukuoka.lg.jp/',
  '41': 'https://www.pref.saga.lg.jp/',
  '42': 'https://www.pref.nagasaki.jp/',
  '43': 'https://www.pref.kumamoto.jp/',
  '44': 'https://www.pref.oita.jp/',
  '45': 'https://www.pref.miyazaki.lg.jp/',
  '46': 'https://www.pref.kagoshima.jp/',
  '47': 'https://www.pref.okinawa.lg.jp/',
};

const CITY_SITES: Readonly<Record<string, string>> = {
  '01100': 'https://www.city.sapporo.jp/',
  '04100': 'https://www.city.sendai.jp/',
  '11100': 'https://www.city.saitama.lg.jp/',
  '12100': 'https://www.city.chiba.jp/',
  '14100': 'https://www.city.yokohama.lg.jp/',
  '14130': 'https://www.city.kawasaki.jp/',
  '14150': 'https://www.city.sagamihara.kanagawa.jp/',
  '15100': 'https://www.city.niigata.lg.jp/',
  '22100': 'https://www.city.shizuoka.lg.jp/',
  '22130': 'https://www.city.hamamatsu.shizuoka.jp/',
  '23100': 'https://www.city.nagoya.jp/',
  '26100': 'https://www.city.kyoto.lg.jp/',
  '27100': 'https://www.city.osaka.lg.jp/',
  '27140': 'https://www.city.sakai.lg.jp/',
  '28100': 'https://www.city.kobe.lg.jp/',
  '33100': 'https://www.city.okayama.jp/',
  '34100': 'https://www.city.hiroshima.lg.jp/',
  '40100': 'https://www.city.kitakyushu.lg.jp/',
  '40130': 'https://www.city.fukuoka.lg.jp/',
  '43100': 'https://www.city.kumamoto.jp/',
};

export function siteOf(sites: Readonly<Record<string, string>>, code: string): string {
  const url = sites[code];
  if (url === undefined) throw new Error(`no official site registered for local government ${code}`);
  return url;
}

export const PREFECTURE_SOURCES: readonly SourceEntryInput[] = PREFECTURES.map((p) => ({
  id: `pref-${p.code}-procurement-suspensions`,
  publisher: `pref_${p.code}`,
  record_kind: 'procurement_suspension',
  title: `${p.name} 指名停止措置`,
  url: siteOf(PREFECTURE_SITES, p.code),
  url_kind: 'site_root',
  format: 'html',
}));

export const DESIGNATED_CITY_SOURCES: readonly SourceEntryInput[] = DESIGNATED_CITIES.map((c) => ({
  id: `city-${c.code}-procurement-suspensions`,
  publisher: `city_${c.code}`,
  record_kind: 'procurement_suspension',
  title: `${c.name} 指名停止措置`,
  url: siteOf(CITY_SITES, c.code),
  url_kind: 'site_root',
  format: 'html',
}));
