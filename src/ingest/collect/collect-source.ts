// One run of one source into the draft database: fetch (or read local files), parse, link, judge, write, record the run.
import { instant } from '../../domain/dates.js';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ValidRecord } from '../../domain/record.js';
import { importRunsOf } from '../../domain/import-runs.js';
import type { Db } from '../../store/database.js';
import type { CompanyLinkQueries } from '../../store/company-link-queries.js';
import type { RecordWriter } from '../../store/record-writer.js';
import { recordCollectionRun, type CollectionRun } from '../../store/source-writer.js';
import { readSourceHttpState, writeSourceHttpState, type SourceHttpState } from '../../store/source-http-state.js';
import { countListedRecordsOfSource, countRecordsOfSource } from '../../store/source-record-count.js';
import type { SourceEntry } from '../registry/source-entry.js';
import type { Fetcher } from './fetcher.js';
import { fetchListFiles, isMultiFile } from './list-fetch.js';
import { parseListFiles, type ListFile } from './parse-list-files.js';
import { prepareRecords, type LinkCounts } from './prepare-records.js';
import { judgeEdition, latestLastModified } from './edition-run.js';
import { skippedTotal, type SourceParser } from '../parsers/source-parser.js';
import { messageOf } from '../../domain/error-of.js';

export interface SourceRunContext {
  readonly db: Db;
  readonly writer: RecordWriter;
  readonly links: CompanyLinkQueries;
  readonly fetcher: Fetcher;
  readonly clock: () => Date;
  /** Fetch whole lists, ignoring what was stored of them (after a parser is fixed, say). */
  readonly force: boolean;
  /** KOHYO_DELISTED_RETENTION_DAYS: how long after its last listing a delisted record is kept; 0 drops it at once. */
  readonly delistedRetentionDays: number;
}

/** What one run did: the recorded run, and what the summary table shows of it. */
export interface SourceRunResult {
  readonly run: CollectionRun;
  /** The run read a list that was not published: its records would have collapsed. */
  readonly held_back: boolean;
  /** Records now published from the source (0 unless the run succeeded). */
  readonly published: number;
  readonly links: LinkCounts | null;
  /** The files the list was read from (0 when none was read: a failed fetch, an unchanged list). */
  readonly files: number;
  readonly ms: number;
}

const NO_LINKS = null;

/**
 * Runs the source and records the run in the draft. The new edition is merged into the source's records in one
 * transaction with the run (domain/listing.ts): its records written, those it no longer holds delisted, those
 * delisted too long removed; so the draft holds the records as the old edition left them or as the new one does,
 * never a mix. `localFiles`, when given, are the source's list read from disk instead of fetched: all of them
 * together, as the files of one list.
 */
export async function collectSource(
  source: SourceEntry,
  parse: SourceParser,
  context: SourceRunContext,
  localFiles: readonly string[] | null = null,
): Promise<SourceRunResult> {
  const started = context.clock();
  const base = { source_id: source.id, started_at: instant(started), http_status: null, bytes: null, records: null };
  const finish = (
    run: Omit<CollectionRun, 'finished_at' | 'source_id' | 'started_at'>,
    extra: Partial<SourceRunResult> = {},
  ) => {
    const finished = context.clock();
    const full: CollectionRun = { ...base, ...run, finished_at: instant(finished) };
    return {
      full,
      result: {
        run: full,
        held_back: false,
        published: 0,
        links: NO_LINKS,
        files: 0,
        ms: finished.getTime() - started.getTime(),
        ...extra,
      },
    };
  };
  const fail = (error: string, more: Partial<CollectionRun> = {}) => {
    const { full, result } = finish({
      outcome: 'failure',
      http_status: null,
      bytes: null,
      records: null,
      period_from: null,
      period_to: null,
      error,
      ...more,
    });
    recordCollectionRun(context.db, full);
    return result;
  };

  const local = localFiles !== null;
  const stored = context.force || local ? null : readSourceHttpState(context.db, source.id);
  let files: ListFile[];
  let status: number | null = null;
  let validators: Omit<SourceHttpState, 'content_sha256'> | null = null;
  let lastModified: string | null = null;
  if (local) {
    files = [];
    for (const path of localFiles) {
      try {
        files.push({ url: source.url, path, body: await readFile(path) });
      } catch (error) {
        return fail(`cannot read ${path}: ${messageOf(error)}`);
      }
    }
  } else {
    const fetched = await fetchListFiles(source, context.fetcher, stored);
    if (fetched.kind === 'failed') return fail(fetched.error, { http_status: fetched.status });
    if (fetched.kind === 'not_modified') return notModified(fetched.status, null);
    // a registry URL that is the page linking the list, not the list, would otherwise fail as a broken file
    const page = fetched.files.find((f) => f.content_type === 'text/html');
    if (page !== undefined && source.format !== 'html') {
      return fail(
        `${page.url} gives an HTML page, not the ${source.format} list: the registry should name the list's own address, or a list_link to follow from the page`,
        { http_status: page.status, bytes: page.body.length },
      );
    }
    files = fetched.files.map((f) => ({ url: f.url, path: null, body: f.body }));
    // a fetched list has one file at least (list-fetch.ts); the status is the last one's
    status = fetched.files.at(-1)?.status ?? null;
    // several files are fetched without validators (list-fetch.ts): only the hash of their bodies is kept
    validators = isMultiFile(source) ? null : (fetched.files[0]?.validators ?? null);
    lastModified = latestLastModified(fetched.files.map((f) => f.validators.last_modified));
  }
  const bytes = files.reduce((n, f) => n + f.body.length, 0);
  const sha = listHash(files);
  // a server that ignores conditional requests still sends the same bytes for an unchanged list
  if (stored !== null && stored.content_sha256 === sha) return notModified(status ?? 200, bytes);

  const retrievedAt = instant(context.clock());
  const parsed = await parseListFiles(files, parse, source, retrievedAt);
  const seen = { http_status: status, bytes };
  if (!parsed.ok) {
    const problems = parsed.problems.length > 0 ? ` (${parsed.problems.join('; ')})` : '';
    return fail(`could not parse the list: ${parsed.error}${problems}`, seen);
  }
  // the same record in two files of one list is one record; in a list of one file a repeated id stays an error
  const duplicates = files.length > 1 ? 'keep_first' : 'error';
  const prepared = prepareRecords(
    parsed.records,
    source.id,
    (key, prefecture) => context.links.candidates(key, prefecture),
    duplicates,
  );
  if (!prepared.ok) {
    const more = prepared.error_count - prepared.errors.length;
    const tail = more > 0 ? ` (and ${more} more)` : '';
    return fail(`${prepared.error_count} record(s) do not fit: ${prepared.errors.join('; ')}${tail}`, {
      ...seen,
      records: parsed.records.length,
    });
  }
  const records = prepared.records;
  const period = parsed.period ?? periodOf(records);
  const read = {
    ...seen,
    records: records.length,
    period_from: period.from,
    period_to: period.to,
    warnings: parsed.warnings,
    skipped_rows: parsed.skipped_rows,
    link_notes: prepared.link_notes,
    skipped_rows_total: skippedTotal(parsed),
  };

  const judged = judgeEdition(context, source.id, {
    records,
    latest_record: read.period_to,
    last_modified: lastModified,
    retrieved_at: new Date(retrievedAt),
  });
  if (judged.kind === 'skip') {
    // an older edition is no fault of the source: the run is skipped, and the source keeps what it holds (before
    // the held-back guard, which compares with the newer edition held)
    const { full, result } = finish(
      { outcome: 'skipped', ...read, error: judged.reason },
      { published: countRecordsOfSource(context.db, source.id), links: prepared.links, files: files.length },
    );
    recordCollectionRun(context.db, full);
    return result;
  }
  const previous = countListedRecordsOfSource(context.db, source.id);
  if (records.length * 2 < previous) {
    const { full, result } = finish(
      {
        outcome: 'failure',
        ...read,
        error: `held back: the list yielded ${records.length} records, under half of the ${previous} listed; the ${previous} are kept`,
      },
      { held_back: true, links: prepared.links, files: files.length },
    );
    recordCollectionRun(context.db, full);
    return result;
  }
  const { plan, edition } = judged;
  return context.db.transaction(() => {
    for (const record of plan.records) context.writer.writeRecord(record);
    for (const { kind, id } of plan.delist) context.writer.delistRecord(kind, id);
    for (const { kind, id } of plan.remove) context.writer.removeRecord(kind, id);
    const { full, result } = finish(
      {
        outcome: 'success',
        ...read,
        error: null,
        edition_on: edition.on,
        edition_date_source: edition.source,
        removed_by_retention: plan.remove.length,
      },
      {
        published: countRecordsOfSource(context.db, source.id),
        links: prepared.links,
        files: files.length,
      },
    );
    recordCollectionRun(context.db, full);
    if (!local) {
      const state = {
        etag: validators?.etag ?? null,
        last_modified: validators?.last_modified ?? null,
        content_sha256: sha,
      };
      writeSourceHttpState(context.db, source.id, state, full.finished_at ?? retrievedAt);
    }
    return result;
  })();

  function notModified(httpStatus: number, bytes: number | null): SourceRunResult {
    const { full, result } = finish(
      {
        outcome: 'not_modified',
        http_status: httpStatus,
        bytes,
        records: null,
        period_from: null,
        period_to: null,
        error: null,
      },
      { published: countRecordsOfSource(context.db, source.id) },
    );
    recordCollectionRun(context.db, full);
    return result;
  }
}

/** One file: the hash of its body, as stored before lists of several files. Several: each address and body, framed. */
function listHash(files: readonly ListFile[]): string {
  const [only] = files;
  if (only !== undefined && files.length === 1) return createHash('sha256').update(only.body).digest('hex');
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.url}\n${file.body.length}\n`).update(file.body);
  return hash.digest('hex');
}

function periodOf(records: readonly ValidRecord[]): { from: string | null; to: string | null } {
  const run = importRunsOf(records)[0];
  return run ? { from: run.period_from, to: run.period_to } : { from: null, to: null };
}
