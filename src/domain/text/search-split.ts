// How /api/v1/search shares its limit among its lists (companies, then each record kind).

/**
 * One row to each list in turn, in the lists' order, while it has rows left and the limit is not reached: every list
 * that has a match shows at least one row whenever the limit allows as many rows as there are such lists, the
 * earlier lists take the odd rows, and what one list does not use goes to the others. With two lists this is the
 * contract's first rule: each gets half, the first the odd one. `available` is how many rows each list has.
 */
export function shareSearchLimit(limit: number, available: readonly number[]): number[] {
  const shown = available.map(() => 0);
  let left = Math.max(0, limit);
  while (left > 0) {
    let given = 0;
    for (let i = 0; i < available.length && left > 0; i++) {
      if ((shown[i] ?? 0) < (available[i] ?? 0)) {
        shown[i] = (shown[i] ?? 0) + 1;
        left--;
        given++;
      }
    }
    if (given === 0) break;
  }
  return shown;
}

/** How far /search counts each list's matches (`meta.matches`): this many reads "this many or more". */
export const MATCHES_COUNTED_UP_TO = 1000;
