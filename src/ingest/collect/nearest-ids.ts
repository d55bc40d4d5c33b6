// The registry's ids nearest an id that is not one (a typo, a word left out), for the message that refuses it.

/** Edit distance (insertions, deletions, substitutions) between two strings, by code point. */
function distance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1);
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution));
    }
    previous = row;
  }
  return previous[y.length] ?? 0;
}

/**
 * Up to `count` ids, nearest first: those holding the given id (or held by it) whole, then the closest by edit distance
 * within a third of the id's length; none when nothing is that close.
 */
export function nearestIds(id: string, ids: readonly string[], count = 5): string[] {
  const wanted = id.toLowerCase();
  const within = Math.max(2, Math.ceil(wanted.length / 3));
  return ids
    .map((candidate) => {
      const contains = candidate.includes(wanted) || wanted.includes(candidate);
      return { candidate, score: contains ? -1 / candidate.length : distance(wanted, candidate) };
    })
    .filter(({ score }) => score <= within)
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/** The refusal of an id no source has, with the nearest ids where there are some. */
export function unknownSourceMessage(id: string, ids: readonly string[]): string {
  const nearest = nearestIds(id, ids);
  const hint = nearest.length > 0 ? `; the nearest: ${nearest.join(', ')}` : '';
  return `no source '${id}' in the registry${hint} (see \`kohyo sources\`)`;
}
