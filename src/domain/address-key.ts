// An address as a key for "does this registered address hold what the person typed": width, spaces and the many
// dashes Japanese addresses are written with do not matter (札幌市中央区北１条西２－１ and 札幌市 中央区北1条西2-1
// are one key).
import { foldCompact } from './text/text-fold.js';
const DASHES = /[\-‐‑‒–—―−ー－]/gu;

export function addressKey(address: string): string {
  return foldCompact(address).replace(DASHES, '-');
}

/** Whether `wanted` (as a person typed it) is part of `address` (as registered). */
export function addressHolds(address: string, wanted: string): boolean {
  const key = addressKey(wanted);
  return key !== '' && addressKey(address).includes(key);
}
