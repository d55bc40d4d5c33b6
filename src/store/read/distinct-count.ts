// The count of a union of id lists up to a cap, taken part by part: what /search counts (the companies of several keys,
// the records of several queries) is a union whose parts are each read by their own statement.

/**
 * How many distinct ids the parts hold together, counted no further than `cap`. Each part (its ids, at most `cap`) is
 * read only when the parts before it are below the cap, so a part that reaches it alone ends the count: a union in
 * SQLite read every part's matches into a temporary index first.
 */
export function countDistinctUpTo(parts: Iterable<() => Iterable<number>>, cap: number): number {
  const found = new Set<number>();
  for (const idsOf of parts) {
    for (const id of idsOf()) found.add(id);
    if (found.size >= cap) return cap;
  }
  return found.size;
}
