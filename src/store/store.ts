// The read-only dataset the server answers from: one open database file and its prepared queries.
import { openReadOnly, readDatasetMeta, type DatasetMeta, type Db } from './database.js';
import { CompanyQueries } from './company-queries.js';
import { RecordQueries } from './record-queries.js';
import { dataAsOf, publisherGroups, sourceCoverage, type PublisherGroupRow, type SourceCoverageRow } from './coverage-queries.js';
import { RECORD_KINDS, type RecordKind } from '../domain/record.js';

export interface Store {
  readonly path: string;
  readonly meta: DatasetMeta;
  readonly companies: CompanyQueries;
  readonly records: RecordQueries;
  /** Fixed for the life of the file, so read once. */
  readonly publisherGroups: readonly PublisherGroupRow[];
  readonly procurementSources: readonly SourceCoverageRow[];
  dataAsOf(kind: RecordKind): string | null;
  close(): void;
}

export function openStore(path: string): Store {
  const db: Db = openReadOnly(path);
  const asOf = new Map(RECORD_KINDS.map((kind) => [kind, dataAsOf(db, kind)]));
  return {
    path,
    meta: readDatasetMeta(db),
    companies: new CompanyQueries(db),
    records: new RecordQueries(db),
    publisherGroups: publisherGroups(db),
    procurementSources: sourceCoverage(db, 'procurement_suspension'),
    dataAsOf: (kind) => asOf.get(kind) ?? null,
    close: () => db.close(),
  };
}
