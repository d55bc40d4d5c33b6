// Writes to a full-text index held and made in ascending rowid order, for the many documents of one bulk write.
//
// FTS5 writes its pending documents out as a new segment whenever a document comes with a rowid not above the last
// one's (sqlite3Fts5IndexBeginWrite), removals included. A record's text key counts its day and its rid down
// (record-text-keys.ts), and a replaced record is removed under its old rowid, so documents written as the records came
// made a segment each, and FTS5's merges of those segments, each reading and deleting the ones merged, grew with the
// index, so that a large import slowed as it went. Held and sorted, a stretch of documents is one run of rising rowids, and FTS5
// writes a segment when its pending data fills (its hashsize) rather than at every document.

/** What a held write or removal becomes once its turn comes, in rowid order. */
export interface IndexWrites<W, R> {
  write(rowid: bigint, write: W): void;
  remove(rowid: bigint, removal: R): void;
}

/** Documents held before they are written in order: enough for FTS5's pending data to fill between two stretches. */
const HELD_DOCUMENTS = 20_000;

export class RowidOrderedWrites<W, R> implements IndexWrites<W, R> {
  private readonly writes = new Map<bigint, W>();
  /** Documents the index held before this stretch, to be removed (with what their removal needs). */
  private readonly removals = new Map<bigint, R>();

  constructor(
    private readonly index: IndexWrites<W, R>,
    private readonly held = HELD_DOCUMENTS,
  ) {}

  write(rowid: bigint, write: W): void {
    this.writes.set(rowid, write);
    if (this.writes.size + this.removals.size >= this.held) this.flush();
  }

  /**
   * A document written in this stretch is only forgotten: the index never held it. Any other is one the index holds
   * (written before, or before the stretch), removed first when the stretch is made, before a document written again
   * under its rowid.
   */
  remove(rowid: bigint, removal: R): void {
    if (!this.writes.delete(rowid)) this.removals.set(rowid, removal);
  }

  /** Makes the held removals, then the held writes, each in ascending rowid order. */
  flush(): void {
    for (const [rowid, removal] of ascending(this.removals)) this.index.remove(rowid, removal);
    for (const [rowid, write] of ascending(this.writes)) this.index.write(rowid, write);
    this.discard();
  }

  /** Forgets what is held: the transaction it was for was rolled back. */
  discard(): void {
    this.writes.clear();
    this.removals.clear();
  }
}

function ascending<T>(held: ReadonlyMap<bigint, T>): [bigint, T][] {
  return [...held].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
