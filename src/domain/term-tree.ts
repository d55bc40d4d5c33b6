// A vocabulary whose terms name a parent, read as a tree: each code with every code under it, at any depth.

export interface TreeTerm {
  readonly code: string;
  readonly parent: string | null;
}

/**
 * Each code with the codes under it: itself first, then its descendants in the order of `terms`. Throws on a parent
 * that is not a code of `terms` or on a cycle, so that a mistake in a vocabulary fails at start, not in an answer.
 */
export function subtrees(terms: readonly TreeTerm[]): ReadonlyMap<string, readonly string[]> {
  const codes = new Set(terms.map((t) => t.code));
  const ancestors = new Map<string, string[]>();
  for (const term of terms) {
    const chain: string[] = [];
    for (let parent = term.parent; parent !== null; parent = terms.find((t) => t.code === parent)!.parent) {
      if (!codes.has(parent)) throw new Error(`${term.code}: parent '${parent}' is not a code`);
      if (parent === term.code || chain.includes(parent)) throw new Error(`${term.code}: its parents form a cycle`);
      chain.push(parent);
    }
    ancestors.set(term.code, chain);
  }
  const under = new Map<string, string[]>(terms.map((t) => [t.code, [t.code]]));
  for (const term of terms) for (const ancestor of ancestors.get(term.code)!) under.get(ancestor)!.push(term.code);
  return under;
}
