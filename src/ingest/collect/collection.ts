// A collection: every chosen source run into a draft of the dataset (store/draft.ts), then the draft published once.
import pLimit from 'p-limit';
import { writeDatasetMeta } from '../../store/schema/database.js';
import { createCompanyLinkQueries } from '../../store/read/company-link-queries.js';
import { withDraft, type DraftStart } from '../../store/write/draft.js';
import { upkeepAfterRecordWrite } from '../../store/write/maintenance.js';
import { createRecordWriter, refreshRecordCounts } from '../../store/write/record-writer.js';
import { recordChangeCheck } from '../../store/write/record-change-check.js';
import { registerSources } from '../registry/register-sources.js';
import { instant } from '../../domain/dates.js';
import { DEFAULT_DELISTED_RETENTION_DAYS } from '../../domain/records/listing.js';
import { seedVocabularies } from '../../store/write/vocabulary-seed.js';
import type { SourceEntry } from '../registry/source-entry.js';
import { collectSource, type SourceRunContext, type SourceRunResult } from './collect-source.js';
import type { Fetcher } from './fetcher.js';
import { parseFailure, type ParserResolver } from '../parsers/source-parser.js';
import { DEFAULT_PARSE_BUDGET, type ParseBudget } from '../parsers/parse-budget.js';

export interface CollectionOptions {
  /** The live database (KOHYO_DB); it is only ever replaced whole. */
  readonly dbPath: string;
  /** The sources to run, in order. */
  readonly sources: readonly SourceEntry[];
  /** Registered in the dataset too, so that coverage lists sources not collected yet. */
  readonly registered?: readonly SourceEntry[];
  /** The ids of unread lists modules read now under ids of their own: taken out of the dataset where never collected. */
  readonly retired?: readonly string[];
  readonly resolve: ParserResolver;
  readonly fetcher: Fetcher;
  readonly clock: () => Date;
  /** Local copies by source id: those sources are read from these files (together, one list) instead of fetched. */
  readonly localFiles?: ReadonlyMap<string, readonly string[]>;
  /** Shorthand for `localFiles` with one source: its one local copy. */
  readonly file?: string | null;
  readonly force?: boolean;
  /** KOHYO_PARSE_* and KOHYO_MAX_LIST_ROWS, as the parsing threads keep them (DEFAULT_PARSE_BUDGET when not given). */
  readonly parseBudget?: ParseBudget;
  /** Merge the lists that would be held back for their size (`collect --accept-held-back`). */
  readonly acceptHeldBack?: boolean;
  /** KOHYO_DELISTED_RETENTION_DAYS; DEFAULT_DELISTED_RETENTION_DAYS when not given. */
  readonly delistedRetentionDays?: number;
  /** Sources in flight at once; requests to one host still go one at a time. */
  readonly concurrency?: number;
  readonly onProgress?: (event: ProgressEvent) => void;
  readonly pid?: number;
  readonly isAlive?: (pid: number) => boolean;
}

type ProgressEvent =
  | { readonly kind: 'source_started'; readonly source: SourceEntry }
  | { readonly kind: 'source_done'; readonly source: SourceEntry; readonly result: SourceRunResult }
  | { readonly kind: 'publishing' }
  /** The draft's check begins: of what the collection changed, or of the whole (a new dataset, an upgraded file). */
  | { readonly kind: 'checking'; readonly check: 'full' | 'changes' };

export interface CollectionSummary {
  readonly results: readonly { readonly source: SourceEntry; readonly result: SourceRunResult }[];
  /** Drafts of killed collections that were deleted first. */
  readonly removed_drafts: readonly string[];
  readonly recovered_stale_lock: boolean;
  readonly ms: number;
}

/** Refused (WriterLockedError, DatasetKindError) before anything is fetched; a throw midway publishes nothing. */
export async function runCollection(options: CollectionOptions): Promise<CollectionSummary> {
  const [only, ...more] = options.sources;
  if ((options.file ?? null) !== null && (only === undefined || more.length > 0))
    throw new Error('a local file is the copy of exactly one source');
  const localFiles = options.file && only ? new Map([[only.id, [options.file]]]) : options.localFiles;
  const started = options.clock();
  let start: DraftStart = { recovered_stale_lock: false, removed_drafts: [] };
  // the companies whose record counts the collection moved: of the register, what the check reads
  const moved = new Set<number>();
  const draftOptions = {
    activity: 'collect',
    kind: 'production' as const,
    now: options.clock,
    pid: options.pid,
    isAlive: options.isAlive,
    onStart: (s: DraftStart) => void (start = s),
    onCheck: (check: 'full' | 'changes') => options.onProgress?.({ kind: 'checking', check }),
    // the records' part whole and the companies whose counts moved, not the register (record-change-check.ts)
    changeCheck: () => recordChangeCheck(moved),
  };
  const results = await withDraft(options.dbPath, draftOptions, async (db) => {
    seedVocabularies(db);
    registerSources(db, [...(options.registered ?? []), ...options.sources], options.retired);
    const context: SourceRunContext = {
      db,
      writer: createRecordWriter(db, options.clock),
      links: createCompanyLinkQueries(db),
      fetcher: options.fetcher,
      clock: options.clock,
      force: options.force ?? false,
      acceptHeldBack: options.acceptHeldBack ?? false,
      parseBudget: options.parseBudget ?? DEFAULT_PARSE_BUDGET,
      delistedRetentionDays: options.delistedRetentionDays ?? DEFAULT_DELISTED_RETENTION_DAYS,
    };
    const ran = await inPool(options.sources, options.concurrency ?? 4, async (source) => {
      options.onProgress?.({ kind: 'source_started', source });
      const parse =
        options.resolve(source) ??
        (() => parseFailure(`no parser is written for this source (parser '${source.parser}')`));
      const result = await collectSource(source, parse, context, localFiles?.get(source.id) ?? null);
      options.onProgress?.({ kind: 'source_done', source, result });
      return { source, result };
    });
    options.onProgress?.({ kind: 'publishing' });
    for (const id of refreshRecordCounts(db)) moved.add(id);
    writeDatasetMeta(db, { kind: 'production', version: instant(options.clock()) });
    if (ran.some((r) => r.result.published > 0)) upkeepAfterRecordWrite(db);
    return ran;
  });
  return {
    results,
    removed_drafts: start.removed_drafts,
    recovered_stale_lock: start.recovered_stale_lock,
    ms: options.clock().getTime() - started.getTime(),
  };
}

/** Maps with at most `size` tasks in flight; results keep the input order. A task that throws stops the rest. */
async function inPool<T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const limit = pLimit(Math.max(1, size));
  const stopOnFailure = async (item: T) => {
    try {
      return await task(item);
    } catch (error) {
      limit.clearQueue();
      throw error;
    }
  };
  return Promise.all(items.map((item) => limit(stopOnFailure, item)));
}
