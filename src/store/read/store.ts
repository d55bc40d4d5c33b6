// The read-only dataset the server answers from: one open database file, its prepared queries and the read
// transaction its connection holds.
import { bytesPastTheMap, openReadOnly, readDatasetMeta, type DatasetMeta, type Db } from '../schema/database.js';
import { CompanyQueries, type FoundCompanyIds } from './company-queries.js';
import { AnswerCache, ANSWER_CACHE_MAX_BYTES } from './answer-cache.js';
import { RecordQueries } from './record-queries.js';
import {
  collectionRunCounts,
  dataAsOf,
  publisherGroups,
  sourceCoverage,
  type CollectionRunCount,
  type PublisherGroupRow,
  type SourceCoverageRow,
} from './coverage-queries.js';
import { readGuidePicks, type GuidePicks } from './guide-picks.js';
import { perRecordKind, type RecordKind } from '../../domain/records/record.js';
import { intervalTimer, type RepeatTimer } from '../../lib/repeat-timer.js';

export interface Store {
  readonly path: string;
  readonly meta: DatasetMeta;
  /** How many bytes of the file lie past SQLite's memory map when it was opened (bytesPastTheMap): 0 for most. */
  readonly pastTheMap: number;
  readonly companies: CompanyQueries;
  readonly records: RecordQueries;
  /** Fixed for the life of the file, so read once. */
  readonly publisherGroups: readonly PublisherGroupRow[];
  /** The sources of each record kind with their latest runs: what `meta.coverage` counts; fixed too. */
  readonly sourcesOf: Readonly<Record<RecordKind, readonly SourceCoverageRow[]>>;
  /** The date each record kind's data is as of (`meta.data_as_of`), null for a kind without records. */
  readonly dataAsOf: Readonly<Record<RecordKind, string | null>>;
  /** Collection runs by source and outcome, read when asked (a collection publishes a new file, so it is fixed too). */
  collectionRuns(): readonly CollectionRunCount[];
  /** What the LLM guide's examples ask about, read once. */
  readonly guidePicks: GuidePicks;
  close(): void;
}

export interface StoreOptions {
  /** How many company-search answers the dataset keeps (KOHYO_ANSWER_CACHE_ENTRIES); 0 keeps none. */
  readonly answerCacheEntries?: number;
  /** SQLite's page cache of the served connection, in MiB (KOHYO_DB_CACHE_MB). */
  readonly cacheMiB?: number;
  /** How often the served connection's read transaction is renewed (holdReadTransaction below). */
  readonly readTransactionRenewMs?: number;
}

export function openStore(path: string, options: StoreOptions = {}): Store {
  const db: Db = openReadOnly(path, options.cacheMiB);
  // one cache per open dataset: a new dataset starts with none of the old one's answers
  const entries = options.answerCacheEntries ?? 0;
  const answers =
    entries > 0
      ? new AnswerCache<{ readonly limit: number } & FoundCompanyIds>({
          maxEntries: entries,
          maxBytes: ANSWER_CACHE_MAX_BYTES,
        })
      : null;
  const endReads = holdReadTransaction(db, options.readTransactionRenewMs);
  return {
    path,
    meta: readDatasetMeta(db),
    pastTheMap: bytesPastTheMap(db),
    companies: new CompanyQueries(db, answers),
    records: new RecordQueries(db),
    publisherGroups: publisherGroups(db),
    sourcesOf: perRecordKind((kind) => sourceCoverage(db, kind)),
    dataAsOf: perRecordKind((kind) => dataAsOf(db, kind)),
    collectionRuns: () => collectionRunCounts(db),
    guidePicks: readGuidePicks(db),
    close: () => {
      endReads();
      db.close();
    },
  };
}

// One read transaction held across the statements of a served connection, renewed a few times a second.
/** How long a held read transaction lasts before it is ended and begun again. */
const READ_TRANSACTION_RENEW_MS = 100;

/**
 * Begins a read transaction on `db` and renews it every `renewMs`; returns what ends it. In autocommit each
 * statement takes and drops the file's lock and looks for a hot journal (system calls on every statement of a
 * rollback-journal file), as much time as a primary-key look-up itself.
 * Renewing rather than holding for good keeps the one write in place, a new build's schema upgrade at
 * start (docs/data-sources.md, "How the dataset is written"), from waiting on a server still running the old build: in a
 * rollback-journal file a held read lock would keep that writer out for as long as the server runs, here for at
 * most `renewMs`; in a WAL file it would keep the upgrade's checkpoint from finishing. Statements run synchronously
 * and none is left open between requests (no `.iterate()`), so the renewal never ends a transaction mid-read.
 */
export function holdReadTransaction(
  db: Db,
  renewMs: number = READ_TRANSACTION_RENEW_MS,
  timer: RepeatTimer = intervalTimer,
): () => void {
  const begin = () => {
    if (db.open && !db.inTransaction) db.exec('BEGIN');
  };
  begin();
  const renewal = timer(() => {
    if (!db.open) return;
    if (db.inTransaction) db.exec('COMMIT');
    begin();
  }, renewMs);
  return () => {
    renewal.stop();
    if (db.open && db.inTransaction) db.exec('COMMIT');
  };
}
