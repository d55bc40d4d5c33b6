// FTS5 MATCH expressions made from user text: every token reaches the index as a quoted phrase, so no input is
// read as FTS5 syntax (Datasette's habit).

/** An FTS5 MATCH expression that finds the key as a substring: one quoted phrase, quotes doubled. */
export function ftsPhrase(key: string): string {
  return `"${key.replace(/"/gu, '""')}"`;
}

/** An FTS5 MATCH expression that finds the terms holding every one of the trigrams, each quoted. */
export function ftsAllOf(trigrams: readonly string[]): string {
  return trigrams.map(ftsPhrase).join(' AND ');
}
