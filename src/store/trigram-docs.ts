// Counts of a full-text index's common tokens (trigrams, long grams), so that a long key is looked up by its rarest
// ones: how they are read from an index, and looked up for a key. The companies' counts (company-trigram-docs.ts) and
// the records' (record-trigram-docs.ts) are both made here.
import type { Db } from './database.js';

/** Tokens held by fewer documents are not stored: a token missing from the counts is taken for a rare one. */
export const COMMON_TOKEN_DOCS = 32;

/**
 * Runs `insertSelect`, an INSERT … SELECT from the table named `vocab` (each term of `index` with the number of
 * documents holding it: fts5vocab reads the index's own term list), with `params` and then COMMON_TOKEN_DOCS bound.
 */
export function insertCommonTokens(
  db: Db,
  index: string,
  insertSelect: (vocab: string) => string,
  params: readonly string[] = [],
): void {
  const vocab = `temp.${index}_vocab`;
  db.exec(`CREATE VIRTUAL TABLE ${vocab} USING fts5vocab(main, ${index}, row)`);
  try {
    db.prepare(insertSelect(vocab)).run(...params, COMMON_TOKEN_DOCS);
  } finally {
    db.exec(`DROP TABLE ${vocab}`);
  }
}

/**
 * For a key, how many documents hold each of its tokens (its trigrams, or its long grams), 0 for one too rare to be
 * counted, from a statement that gives the counted ones of a JSON array of tokens; the statement runs when a count is
 * first asked for.
 */
export function docsOfTokens(
  counted: (tokens: string) => readonly { token: string; docs: number }[],
  tokens: readonly string[],
): (token: string) => number {
  let docs: Map<string, number> | undefined;
  return (token) => {
    docs ??= new Map(counted(JSON.stringify(tokens)).map((c) => [c.token, c.docs]));
    return docs.get(token) ?? 0;
  };
}
