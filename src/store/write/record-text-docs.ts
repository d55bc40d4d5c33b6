// A record's documents in its kind's text indexes, written and removed together: the trigram index, the short-gram
// index, and the text the trigram index holds, kept so that a word found by some of its trigrams is checked whole.
import { recordSearchGrams } from '../../domain/records/record-search-text.js';
import { foldAsTextIndex } from '../../domain/text/text-fold.js';
import type { Db } from '../schema/database.js';
import type { RecordTable } from '../schema/record-tables.js';
import { RowidOrderedWrites } from './rowid-ordered-writes.js';

export interface RecordTextDocs {
  /** Writes the documents of a record's search text (recordSearchText) under its key (record-text-keys.ts). */
  write(key: bigint, text: string): void;
  /** Removes the documents under a key. */
  remove(key: bigint): void;
  /** Removes every record's documents. */
  clear(): void;
}

export function recordTextDocs(db: Db, { textIndex, gramIndex, texts }: RecordTable): RecordTextDocs {
  const insertText = db.prepare<[bigint, string]>(`INSERT INTO ${textIndex}(rowid, text) VALUES (?, ?)`);
  const keepText = db.prepare<[bigint, string]>(`INSERT INTO ${texts}(key, text) VALUES (?, ?)`);
  const insertGrams = db.prepare<[bigint, string]>(`INSERT INTO ${gramIndex}(rowid, grams) VALUES (?, ?)`);
  const removals = [textIndex, gramIndex].map((index) => db.prepare<[bigint]>(`DELETE FROM ${index} WHERE rowid = ?`));
  removals.push(db.prepare<[bigint]>(`DELETE FROM ${texts} WHERE key = ?`));
  return {
    write(key, text) {
      // the index is given the folded text too, so that what it finds and what the check compares are one text
      const folded = foldAsTextIndex(text);
      insertText.run(key, folded);
      keepText.run(key, folded);
      insertGrams.run(key, recordSearchGrams(text));
    },
    remove(key) {
      for (const removal of removals) removal.run(key);
    },
    clear() {
      db.exec(`INSERT INTO ${textIndex}(${textIndex}) VALUES ('delete-all');
        INSERT INTO ${gramIndex}(${gramIndex}) VALUES ('delete-all');
        DELETE FROM ${texts};`);
    },
  };
}

/** Documents held for a bulk write: made when the bulk ends (or its stretch fills), forgotten when it is rolled back. */
export interface HeldDocs {
  flush(): void;
  discard(): void;
}

/** These documents held and written in key order (rowid-ordered-writes.ts says why): for a bulk write. */
export function keyOrderedTextDocs(docs: RecordTextDocs): RecordTextDocs & HeldDocs {
  const held = new RowidOrderedWrites<string, null>({
    write: (key, text) => docs.write(key, text),
    remove: (key) => docs.remove(key),
  });
  return {
    write: (key, text) => held.write(key, text),
    remove: (key) => held.remove(key, null),
    clear: () => {
      held.discard();
      docs.clear();
    },
    flush: () => held.flush(),
    discard: () => held.discard(),
  };
}
