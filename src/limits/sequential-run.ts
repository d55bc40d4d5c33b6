// Walks through the Corporate Number space, the second enumeration rule, as pure steps: runs that step one way (the
// contract's rule), read through whatever else the scope looks up in between, and the recent numbers covering a walk
// in any order (shuffled in blocks, say, so that each run stays short); and who made a walk, for an address's rule.

/** The largest gap between neighbouring numbers that still reads as walking (contract: 1 to 100). */
export const MAX_STEP = 100;

/**
 * A walk in any order trips the rule once it covers this many times KOHYO_ENUM_SEQUENTIAL numbers (10 by default):
 * more than a run needs, since a person looking up a handful of related companies may well ask for a few nearby
 * numbers out of order, while a walker that shuffles its numbers to escape the runs covers every number.
 */
export const UNORDERED_WALK_FACTOR = 2;

/**
 * How many distinct recent numbers a scope keeps, per number of a run (KOHYO_ENUM_SEQUENTIAL): with the default 5,
 * the last 20. A walker who mixes unrelated numbers in to push its walk out of this memory spends distinct search
 * terms doing so, which the first rule counts.
 */
export const RECENT_BASES_PER_STEP = 4;

/** The longest runs that end at one look-up: the contract's rule trips when one is KOHYO_ENUM_SEQUENTIAL long. */
export interface Runs {
  /** Look-ups in the longest run upwards that ends there, that one counted (1 when none came from below). */
  readonly up: number;
  /** Look-ups in the longest run downwards that ends there. */
  readonly down: number;
}

/**
 * What a scope keeps of its Corporate Number look-ups for the rule: the recent numbers, each with the longest runs
 * that end at it and, in an address's walks, the tag of the client that first looked it up (walkTag). A run is a
 * chain of look-ups among the scope's recent ones, in the order they were asked, each 1 to 100 above (up) or below
 * (down) the one before, whatever was looked up in between: walks interleaved (one client's, or an address's several
 * clients' each with a walk of its own) are so each seen as the run they are, and with nothing in between a run is
 * the contract's run in a row. A scope owns its walks and records a look-up in place (recordWalk), once the request
 * is admitted. Plain arrays, not an object a number: a scope's state stays small and the collector has little to
 * trace in it.
 */
export interface NumberWalks {
  /** The distinct numbers looked up last, most recent last (looking one up again moves it to the end). */
  readonly recent: number[];
  /** The same numbers in ascending order, so that a step needs no sort. */
  readonly sorted: number[];
  /** The runs ending at each of `sorted`, index for index. */
  readonly up: number[];
  readonly down: number[];
  /** Who first looked each of `sorted` up, index for index: a client's walkTag, or '' (a client's own walks: no one). */
  readonly tags: string[];
}

export function noWalks(): NumberWalks {
  return { recent: [], sorted: [], up: [], down: [], tags: [] };
}

export function copyWalks(walks: NumberWalks): NumberWalks {
  const { recent, sorted, up, down, tags } = walks;
  return { recent: recent.slice(), sorted: sorted.slice(), up: up.slice(), down: down.slice(), tags: tags.slice() };
}

/**
 * The tag an address's walks give the numbers a client looks up: a short hash of its key (client-identity.ts), FNV-1a
 * of 32 bits, the same in every process sharing a store. Enough to tell an address's few clients apart: two clients
 * whose tags collide count as one, which makes the address's rule looser, never stricter.
 */
export function walkTag(clientKey: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < clientKey.length; i++) hash = Math.imul(hash ^ clientKey.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * Who made a walk: how many distinct clients looked its numbers up, and how many of its numbers were looked up by
 * clients other than the one that looked up the most of them. A number without a tag (a client's own walks, or an
 * address's kept before the tags were) is nobody's.
 */
export interface WalkMakers {
  readonly clients: number;
  readonly others: number;
}

/** How many distinct recent numbers a scope keeps at `sequential` (KOHYO_ENUM_SEQUENTIAL). */
function recentCap(sequential: number): number {
  return sequential * RECENT_BASES_PER_STEP;
}

/** The runs ending at `base` as held, or null when it is not among the recent numbers. */
export function runsAt(walks: NumberWalks, base: number): Runs | null {
  const at = lowerBound(walks.sorted, base);
  return walks.sorted[at] === base ? { up: walks.up[at] ?? 1, down: walks.down[at] ?? 1 } : null;
}

/**
 * Whether looking `base` up next trips the rule (at `sequential`, KOHYO_ENUM_SEQUENTIAL), the walks left as they
 * are: a run of `sequential` look-ups ending at it, or recent numbers covering a walk of UNORDERED_WALK_FACTOR times
 * that in any order. Only the walks through the new number are measured: what was kept before tripped nothing, or it
 * would not have been kept.
 */
export function tripsWith(walks: NumberWalks, base: number, sequential: number): boolean {
  return walkTripped(walks, base, sequential, '') !== null;
}

/**
 * As tripsWith, for the client tagged `tag` (walkTag; '' for none): who made the walk through `base` once it is
 * looked up (walkMakers) when it trips the rule, else null.
 */
export function walkTripped(walks: NumberWalks, base: number, sequential: number, tag: string): WalkMakers | null {
  const dropped = droppedFor(walks, base, sequential);
  const runs = runsAt(walks, base) ?? runsTo(walks, base, dropped);
  const trips =
    Math.max(runs.up, runs.down) >= sequential ||
    walkThrough(walks.sorted, base, dropped) >= sequential * UNORDERED_WALK_FACTOR;
  return trips ? walkMakers(walks, base, tag, dropped) : null;
}

/**
 * Who made the walk through `base` (walkThrough's, `without` left out) once the client tagged `tag` has looked it up:
 * each number is the client's that first looked it up, so `base` is `tag`'s unless it is held already. The Lua script
 * in redis-script.ts does the same.
 */
export function walkMakers(walks: NumberWalks, base: number, tag: string, without?: number): WalkMakers {
  const { sorted, tags } = walks;
  const held = lowerBound(sorted, base);
  const counts = new Map<string, number>();
  const count = (maker: string) => {
    if (maker !== '') counts.set(maker, (counts.get(maker) ?? 0) + 1);
  };
  count(sorted[held] === base ? (tags[held] ?? '') : tag);
  walkSpan(sorted, base, without, (i) => count(tags[i] ?? ''));
  let tagged = 0;
  let most = 0;
  for (const n of counts.values()) {
    tagged += n;
    most = Math.max(most, n);
  }
  return { clients: counts.size, others: tagged - most };
}

/** Records the look-up of `base` by the client tagged `tag` ('' for none) in the walks, in place. */
export function recordWalk(walks: NumberWalks, base: number, sequential: number, tag = ''): void {
  const { recent, sorted } = walks;
  const held = recent.indexOf(base);
  if (held >= 0) {
    // the same number again (on another endpoint, say) neither extends nor breaks a run: it only stays remembered
    recent.splice(held, 1);
    recent.push(base);
    return;
  }
  const dropped = droppedFor(walks, base, sequential);
  if (dropped !== undefined) {
    recent.shift();
    removeSorted(walks, lowerBound(sorted, dropped));
  }
  const runs = runsTo(walks, base);
  insertSorted(walks, lowerBound(sorted, base), base, runs, tag);
  recent.push(base);
}

// The sorted numbers and their runs move together, in one pass and without splice's array of what it removed: a
// look-up moves a few of them at most (20 at the default KOHYO_ENUM_SEQUENTIAL).

function removeSorted({ sorted, up, down, tags }: NumberWalks, at: number): void {
  for (let i = at + 1; i < sorted.length; i++) {
    sorted[i - 1] = sorted[i] ?? 0;
    up[i - 1] = up[i] ?? 1;
    down[i - 1] = down[i] ?? 1;
    tags[i - 1] = tags[i] ?? '';
  }
  sorted.pop();
  up.pop();
  down.pop();
  tags.pop();
}

function insertSorted(walks: NumberWalks, at: number, base: number, runs: Runs, tag: string): void {
  const { sorted, up, down, tags } = walks;
  for (let i = sorted.length; i > at; i--) {
    sorted[i] = sorted[i - 1] ?? 0;
    up[i] = up[i - 1] ?? 1;
    down[i] = down[i - 1] ?? 1;
    tags[i] = tags[i - 1] ?? '';
  }
  sorted[at] = base;
  up[at] = runs.up;
  down[at] = runs.down;
  tags[at] = tag;
}

/** The number that recording `base` would forget to make room (none when `base` is held, or there is room). */
function droppedFor(walks: NumberWalks, base: number, sequential: number): number | undefined {
  const { recent, sorted } = walks;
  if (recent.length < recentCap(sequential) || sorted[lowerBound(sorted, base)] === base) return undefined;
  return recent[0];
}

/**
 * `base` looked up after the recent numbers (`without` left out): each run ending at one of them 1 to 100 below it
 * goes on upwards through it, each 1 to 100 above it downwards; the longest are kept. A number that goes on from none
 * starts runs of one. A turn (up, then down) starts a run of two, as the contract's "in a row" reads it: the number
 * before the turn and this one. Requests without a number change no run. The Lua script in redis-script.ts does the
 * same.
 */
export function runsTo(walks: NumberWalks, base: number, without?: number): Runs {
  const { sorted } = walks;
  let up = 1;
  let down = 1;
  for (let i = lowerBound(sorted, base - MAX_STEP); i < sorted.length; i++) {
    const before = sorted[i] ?? Number.POSITIVE_INFINITY;
    if (before > base + MAX_STEP) break;
    if (before === without) continue;
    if (before < base) up = Math.max(up, (walks.up[i] ?? 1) + 1);
    else if (before > base) down = Math.max(down, (walks.down[i] ?? 1) + 1);
  }
  return { up, down };
}

/**
 * How many numbers make the walk through `base` (counted whether or not it is among them, `without` left out): its
 * neighbours within MAX_STEP in the ascending numbers, theirs, and so on, whatever order they were asked in. A walk
 * up or down by 1 to 100, a zig-zag (+3, −1, +3, −1 …), a shuffled run of nearby numbers: all are covered. Requests
 * without a number leave the numbers alone, so a walk cannot be hidden by name searches in between. The Lua script
 * in redis-script.ts does the same.
 */
export function walkThrough(sorted: readonly number[], base: number, without?: number): number {
  return walkSpan(sorted, base, without);
}

/** walkThrough's count, `visit` called with the index in `sorted` of each number of the walk other than `base`. */
function walkSpan(
  sorted: readonly number[],
  base: number,
  without: number | undefined,
  visit?: (index: number) => void,
): number {
  let count = 1;
  const at = lowerBound(sorted, base);
  let last = base;
  for (let i = sorted[at] === base ? at + 1 : at; i < sorted.length; i++) {
    const next = sorted[i] ?? Number.POSITIVE_INFINITY;
    if (next === without) continue;
    if (next - last > MAX_STEP) break;
    count++;
    visit?.(i);
    last = next;
  }
  last = base;
  for (let i = at - 1; i >= 0; i--) {
    const next = sorted[i] ?? Number.NEGATIVE_INFINITY;
    if (next === without) continue;
    if (last - next > MAX_STEP) break;
    count++;
    visit?.(i);
    last = next;
  }
  return count;
}

/** The index of the first number not below `value` in ascending numbers (their length when none is). */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? Number.POSITIVE_INFINITY) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
