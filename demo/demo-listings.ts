// The demo records' places on their sources' lists: most still listed; some older ones dropped by a later edition
// (delisted), as MHLW drops a case after about a year and MLIT a licence action after two to five.
import { daysBetween, japanDate } from '../src/domain/dates.js';
import type { RecordInput } from '../src/domain/records/record-input.js';
import type { Random } from './random.js';

/** A record listed this long before the build date may have been dropped since. */
const OLD_ENOUGH_DAYS = 400;
const DELISTED_SHARE = 0.3;

/**
 * Each record with its listing: first listed on its publication date, last on the day its source was last read;
 * about three in ten records over OLD_ENOUGH_DAYS old left the list 30 days to three years after they appeared.
 * `random` is the listings' own, so that the rest of the dataset does not change with them.
 */
export function withListings(records: readonly RecordInput[], random: Random, asOf: string): RecordInput[] {
  return records.map((record) => {
    const read = japanDate(new Date(record.source.retrieved_at));
    const first = record.source.published_on ?? read;
    const last = first > read ? first : read;
    const age = daysBetween(first, asOf);
    if (age < OLD_ENOUGH_DAYS || !random.chance(DELISTED_SHARE)) {
      return { ...record, listing: { status: 'listed', first_listed_on: first, last_listed_on: last } };
    }
    const listedFor = random.int(30, Math.min(age - 30, 3 * 365));
    const dropped = new Date(Date.parse(`${first}T00:00:00Z`) + listedFor * 86_400_000).toISOString().slice(0, 10);
    return { ...record, listing: { status: 'delisted', first_listed_on: first, last_listed_on: dropped } };
  });
}
