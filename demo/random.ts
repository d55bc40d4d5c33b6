// A small seeded PRNG (mulberry32) and the draws the demo generator makes with it: same seed, same dataset.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** One item, chosen with the weight each carries. */
  weighted<T>(list: readonly (readonly [item: T, weight: number])[]): T;
  /** A new array in a random order; the input is untouched. */
  shuffle<T>(list: readonly T[]): T[];
}

/** mulberry32: 32 bits of state, a full period of 2^32 and good enough spread for fictional data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new RangeError('cannot pick from an empty list');
    return list[int(0, list.length - 1)]!;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted(list) {
      const total = list.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [item, weight] of list) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return list[list.length - 1]![0];
    },
    shuffle(list) {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}
