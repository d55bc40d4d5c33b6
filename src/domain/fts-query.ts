// FTS5 MATCH expressions made from user text: every token reaches the index as a quoted phrase, so no input is
// read as FTS5 syntax (Datasette's habit).

/**
 * An FTS5 MATCH expression that finds the key as a substring: one quoted phrase, quotes doubled. Control
 * characters are dropped: no stored text holds them, and a NUL ends the string SQLite reads (
 * `q=a%00b` answered 500 'unterminated string').
 */
export function ftsPhrase(key: string): string {
  return `"${key.replace(/\p{Cc}/gu, '').replace(/"/gu, '""')}"`;
}

/** An FTS5 MATCH expression that finds the terms holding every one of the trigrams, each quoted. */
export function ftsAllOf(trigrams: readonly string[]): string {
  return trigrams.map(ftsPhrase).join(' AND ');
}
