// A vocabulary whose terms name a parent, read as a tree: each code with every code under it, at any depth.

export interface TreeTerm {
  readonly code: string;
  readonly parent: string | null;
}

/**
 * Each code with the codes under it: itself first, then its descendants in the order of `terms`. Throws on a code
 * given twice, a parent that is not a code of `terms` or a cycle, so that a mistake in a vocabulary fails at start,
 * not in an answer.
 */
export function subtrees(terms: readonly TreeTerm[]): ReadonlyMap<string, readonly string[]> {
  const parentOf = new Map<string, string | null>();
  for (const term of terms) {
    if (parentOf.has(term.code)) throw new Error(`${term.code}: the code is given twice`);
    parentOf.set(term.code, term.parent);
  }
  const under = new Map<string, string[]>(terms.map((t) => [t.code, [t.code]]));
  for (const term of terms) {
    const chain: string[] = [];
    for (let parent = term.parent; parent !== null;) {
      const grandparent = parentOf.get(parent);
      if (grandparent === undefined) throw new Error(`${term.code}: parent '${parent}' is not a code`);
      if (parent === term.code || chain.includes(parent)) throw new Error(`${term.code}: its parents form a cycle`);
      chain.push(parent);
      parent = grandparent;
    }
    // every ancestor is a code (checked above), so has its list
    for (const ancestor of chain) under.get(ancestor)?.push(term.code);
  }
  return under;
}
