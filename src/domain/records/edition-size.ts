// When a new edition is held back for the operator rather than merged: its record count, against the records its
// source's last edition listed, says the list collapsed or grew far past itself (a broken page, a wrong file, a
// publisher's bulk dump), and merging it would delist or flood what the source holds.

/**
 * When a list grows too far: more than `factor` times the records its last edition listed AND more than `rows`
 * records more. Both, so that a list of 20 that becomes 200 is merged (a small list may well grow tenfold), and one of
 * 5,000 that gains 20,000 is held back. A source may set its own (`growth` on its registry entry).
 */
export interface GrowthRule {
  readonly factor: number;
  readonly rows: number;
}

/** A real list grows by a month's or a fiscal year's cases at a time: well within three times itself, or a thousand more. */
export const DEFAULT_GROWTH_RULE: GrowthRule = { factor: 3, rows: 1000 };

/**
 * Why the edition would be held back, or null when it is merged: it yields under half of the `listed` records of the
 * last edition (delisted ones do not count), or grew past the rule. A source that lists nothing yet (its first
 * edition) is never held back: there is nothing to compare it with.
 */
export function sizeOutOfLine(
  records: number,
  listed: number,
  growth: GrowthRule = DEFAULT_GROWTH_RULE,
): string | null {
  if (records * 2 < listed) return `the list yielded ${records} records, under half of the ${listed} listed`;
  if (listed > 0 && records > listed * growth.factor && records - listed > growth.rows)
    return `the list yielded ${records} records, more than ${growth.factor} times the ${listed} listed and more than ${growth.rows} more`;
  return null;
}
