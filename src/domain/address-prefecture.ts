// The prefecture an address starts with, read one way by every parser, by linking and by the benchmarks.
import { foldCompact } from './text/text-fold.js';
import { PREFECTURES, type PrefectureTerm } from './vocabularies/prefectures.js';

// 〒100-8977 or 1008977 before the address, as some lists print it
const POSTAL_CODE = /^〒?\d{3}-?\d{4}/u;

/** An address as it is compared: compact (widths folded, no white space), a leading postal code taken off. */
export function addressText(address: string): string {
  return foldCompact(address).replace(POSTAL_CODE, '');
}

/** An address split at the prefecture it starts with, as addressText reads it; a null prefecture when it names none. */
export interface AddressSplit {
  readonly prefecture: PrefectureTerm | null;
  /** The address after the prefecture (the whole address when it names none), as addressText reads it. */
  readonly rest: string;
}

/**
 * 「東京都千代田区霞が関1-1」 → 東京都 and 千代田区霞が関1-1; 「〒060-0808 北海道 札幌市北区」 → 北海道 and 札幌市北区.
 * Only a prefecture's full name counts (東京都, not 東京): 「京都市」 names no prefecture, and 「大阪市北区」 is left to
 * the municipality table (implied-prefecture.ts).
 */
export function splitAddress(address: string): AddressSplit {
  const text = addressText(address);
  const prefecture = PREFECTURES.find((p) => text.startsWith(p.name)) ?? null;
  return { prefecture, rest: prefecture === null ? text : text.slice(prefecture.name.length) };
}

/** The JIS code of the prefecture an address starts with (「東京都千代田区…」 → '13'), null when it names none. */
export function prefectureOfAddress(address: string): string | null {
  return splitAddress(address).prefecture?.code ?? null;
}
