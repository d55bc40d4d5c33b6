// The read-only dataset the server answers from: one open database file and its prepared queries.
import { openReadOnly, readDatasetMeta, type DatasetMeta, type Db } from './database.js';
import { holdReadTransaction } from './held-read-transaction.js';
import { CompanyQueries, type CompanyHit } from './company-queries.js';
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
import { RECORD_KINDS, type RecordKind } from '../domain/record.js';

export interface Store {
  readonly path: string;
  readonly meta: DatasetMeta;
  readonly companies: CompanyQueries;
  readonly records: RecordQueries;
  /** Fixed for the life of the file, so read once. */
  readonly publisherGroups: readonly PublisherGroupRow[];
  readonly procurementSources: readonly SourceCoverageRow[];
  /** The sources of a record kind with their latest runs: what `meta.coverage` counts. */
  sourcesOf(kind: RecordKind): readonly SourceCoverageRow[];
  dataAsOf(kind: RecordKind): string | null;
  /** Collection runs by source and outcome, read when asked (a collection publishes a new file, so it is fixed too). */
  collectionRuns(): readonly CollectionRunCount[];
  /** What the LLM guide's examples ask about, read once. */
  readonly guidePicks: GuidePicks;
  close(): void;
}

export interface StoreOptions {
  /** How many company-search answers the dataset keeps (KOHYO_ANSWER_CACHE_ENTRIES); 0 keeps none. */
  readonly answerCacheEntries?: number;
  /** How often the served connection's read transaction is renewed (held-read-transaction.ts). */
  readonly readTransactionRenewMs?: number;
}

export function openStore(path: string, options: StoreOptions = {}): Store {
  const db: Db = openReadOnly(path);
  // one cache per open dataset: a new dataset starts with none of the old one's answers
  const answers = new AnswerCache<{ readonly limit: number; readonly hits: CompanyHit[] }>({
    maxEntries: options.answerCacheEntries ?? 0,
    maxBytes: ANSWER_CACHE_MAX_BYTES,
  });
  const endReads = holdReadTransaction(db, options.readTransactionRenewMs);
  const asOf = new Map(RECORD_KINDS.map((kind) => [kind, dataAsOf(db, kind)]));
  const sources = new Map(RECORD_KINDS.map((kind) => [kind, sourceCoverage(db, kind)]));
  return {
    path,
    meta: readDatasetMeta(db),
    companies: new CompanyQueries(db, answers),
    records: new RecordQueries(db),
    publisherGroups: publisherGroups(db),
    procurementSources: sources.get('procurement_suspension') ?? [],
    sourcesOf: (kind) => sources.get(kind) ?? [],
    dataAsOf: (kind) => asOf.get(kind) ?? null,
    collectionRuns: () => collectionRunCounts(db),
    guidePicks: readGuidePicks(db),
    close: () => {
      endReads();
      db.close();
    },
  };
}
