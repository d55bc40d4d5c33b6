// How the limiter's caches are bounded: at a number of entries, taking memory as they fill.
/**
 * An LRUCache's options for at most `entries` entries, the least recently used evicted past them, as `max` would bound
 * it. Given `max`, lru-cache allocates its arrays for that many entries as it is made, in each of the caches a limiter
 * makes as a server starts (and a test server), for addresses that mostly never come. Bounded by size instead, each entry of size 1, a cache grows as it fills.
 */
export function entriesBound(entries: number): { readonly maxSize: number; readonly sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}
