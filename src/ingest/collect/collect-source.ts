// One run of one source into the draft database, in stages: read the list (fetch, or local files), parse it (on a
// worker thread, under the parse budget), validate and link its records, date the edition and judge it against the
// one held, write; each stage a function with a typed result, and the run recorded in one place (finishRun).
import { instant } from '../../domain/dates.js';
import { messageOf } from '../../lib/error-of.js';
import { withoutLocalPaths } from '../../domain/text/local-paths.js';
import { cleanLine, cutText, oneLine } from '../../domain/text/untrusted-text.js';
import type { ValidRecord } from '../../domain/records/record.js';
import { importRunsOf } from '../../domain/import-runs.js';
import type { Db } from '../../store/schema/database.js';
import type { CompanyLinkQueries } from '../../store/read/company-link-queries.js';
import type { RecordWriter } from '../../store/write/record-writer.js';
import { recordCollectionRun, type CollectionRun } from '../../store/write/source-writer.js';
import { writeSourceHttpState } from '../../store/write/source-http-state.js';
import { countListedRecordsOfSource, countRecordsOfSource } from '../../store/read/source-record-count.js';
import { sizeOutOfLine } from '../../domain/records/edition-size.js';
import type { ParseBudget } from '../parsers/parse-budget.js';
import type { SourceEntry } from '../registry/source-entry.js';
import type { Fetcher } from './fetcher.js';
import { parseListFiles } from './parse-list-files.js';
import { prepareRecords, type LinkCounts } from './prepare-records.js';
import { judgeEdition, type EditionJudgement } from './edition-run.js';
import { keptNotes, skippedTotal, type ParsedList, type SourceParser } from '../parsers/source-parser.js';
import { NOTHING_SEEN, readList, type ListRead, type Seen } from './read-list.js';

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
  /** KOHYO_PARSE_* and KOHYO_MAX_LIST_ROWS: the bounds the list's files are parsed under. */
  readonly parseBudget: ParseBudget;
  /** `collect --accept-held-back`: a list that shrank or grew too far is merged all the same (the operator checked it). */
  readonly acceptHeldBack: boolean;
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

/** What a read list gave, as its run records it. */
type ListFacts = Seen & {
  readonly records: number;
  readonly period_from: string | null;
  readonly period_to: string | null;
  readonly warnings: readonly string[];
  readonly skipped_rows: ParsedList['skipped_rows'];
  readonly link_notes: readonly string[];
  readonly skipped_rows_total: number;
};

/** Where the stages ended: the one value a run is recorded from. */
type RunEnd =
  | { readonly kind: 'failure'; readonly error: string; readonly seen: Seen; readonly records?: number }
  | { readonly kind: 'not_modified'; readonly seen: Seen & { readonly http_status: number } }
  /** The list was read and judged, and is not merged: an older edition (skipped), or one that collapsed (held back). */
  | { readonly kind: 'skipped' | 'held_back'; readonly reason: string; readonly facts: ListFacts; readonly of: Read }
  | { readonly kind: 'merge'; readonly facts: ListFacts; readonly of: Read; readonly judged: Merge };

type Merge = Extract<EditionJudgement, { kind: 'merge' }>;
type Read = { readonly list: Extract<ListRead, { kind: 'read' }>; readonly links: LinkCounts };

/**
 * Runs the source and records the run in the draft. The new edition is merged into the source's records in one
 * transaction with the run (domain/records/listing.ts): its records written, those it no longer holds delisted, those
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
  const end = await runStages(source, parse, context, localFiles).catch((error: unknown): RunEnd => ({
    kind: 'failure',
    error: unexpected(error),
    seen: NOTHING_SEEN,
  }));
  try {
    return finishRun(source, context, started, end);
  } catch (error) {
    // the edition could not be written (a transaction rolled back): this source fails, the others are published
    if (end.kind === 'failure') throw error;
    return finishRun(source, context, started, { kind: 'failure', error: unexpected(error), seen: NOTHING_SEEN });
  }
}

/** A throw in a source's run, as its run's error: the source fails alone, named, and the collection goes on. */
function unexpected(error: unknown): string {
  return `the run failed unexpectedly: ${messageOf(error)}`;
}

async function runStages(
  source: SourceEntry,
  parse: SourceParser,
  context: SourceRunContext,
  localFiles: readonly string[] | null,
): Promise<RunEnd> {
  const list = await readList(source, context, localFiles);
  if (list.kind === 'failed') return { kind: 'failure', error: list.error, seen: list.seen };
  if (list.kind === 'not_modified') return list;
  const retrievedAt = instant(context.clock());
  const parsed = await parseListFiles(list.files, parse, source, retrievedAt, context.parseBudget);
  if (!parsed.ok) {
    const error = `could not parse the list: ${parsed.error}${firstOf(parsed.problems)}`;
    return { kind: 'failure', error, seen: list.seen };
  }
  // the same record in two files of one list is one record; in a list of one file each row is told apart
  const duplicates = list.files.length > 1 ? 'keep_first' : 'by_row';
  const namesakes = (key: string, prefecture: string) => context.links.namesakes(key, prefecture);
  const prepared = prepareRecords(parsed, source.id, namesakes, duplicates, source.unreadable_rows);
  if (!prepared.ok) {
    const error = `the records do not fit: ${prepared.error}${firstOf(prepared.problems)}`;
    return { kind: 'failure', error, seen: list.seen, records: parsed.records.length };
  }
  const notes = withPrepared(parsed, prepared);
  const facts = listFacts(list.seen, notes, prepared.records, prepared.link_notes);
  const of = { list, links: prepared.links };
  const judged = judgeEdition(context, source.id, {
    records: prepared.records,
    latest_record: facts.period_to,
    last_modified: list.last_modified,
    retrieved_at: new Date(retrievedAt),
  });
  // an older edition is no fault of the source: the run is skipped, and the source keeps what it holds (before
  // the held-back guard, which compares with the newer edition held)
  if (judged.kind === 'skip') return { kind: 'skipped', reason: judged.reason, facts, of };
  const listed = countListedRecordsOfSource(context.db, source.id);
  const size = sizeOutOfLine(prepared.records.length, listed, source.growth);
  if (size === null) return { kind: 'merge', facts, of, judged };
  if (!context.acceptHeldBack)
    return { kind: 'held_back', reason: `held back: ${size}; the ${listed} are kept`, facts, of };
  // the operator looked at the list and means it: merged, and the run says what it would have held back
  const warnings = [...facts.warnings, `${size}: merged as asked (--accept-held-back)`];
  return { kind: 'merge', facts: { ...facts, warnings }, of, judged };
}

/**
 * The first of a failed list's problems, and how many more there are: a run's error is published, and says what
 * failed (a row, a column, a rule), not the list (`sources try` shows every problem).
 */
function firstOf(problems: readonly string[]): string {
  const [first] = problems;
  if (first === undefined) return '';
  return ` (${first}${problems.length > 1 ? `; and ${problems.length - 1} more` : ''})`;
}

/** The parser's notes with the rows the collection left out and the warnings it gave, kept bounded. */
function withPrepared(
  parsed: ParsedList,
  { unreadable, warnings }: { unreadable: ParsedList['skipped_rows']; warnings: readonly string[] },
): ParsedList {
  if (unreadable.length === 0 && warnings.length === 0) return parsed;
  return keptNotes({
    ...parsed,
    warnings: [...parsed.warnings, ...warnings],
    skipped_rows: [...parsed.skipped_rows, ...unreadable],
    skipped_total: skippedTotal(parsed) + unreadable.length,
  });
}

/** The most of one warning or link note a run keeps: each may quote cells, and a cell may be past its bound. */
const MAX_NOTE_CHARS = 1000;

/**
 * The most of a run's error kept: it is published (`last_error` of /api/v1/coverage and the coverage page), and
 * what it quotes of a file is cut where it is written (`excerpt`, MAX_QUOTED_CHARS); this bounds the rest, whatever
 * a library's message holds.
 */
const MAX_ERROR_CHARS = 300;

/**
 * A run's error as it is stored and published, whatever stage failed (a fetch, a parser's or a library's exception,
 * a validation, a throw): one line, cleaned, a local path cut to its file's name, and cut to MAX_ERROR_CHARS.
 */
function storedError(error: string): string {
  return cutText(oneLine(cleanLine(withoutLocalPaths(error))), MAX_ERROR_CHARS);
}

/** A note as a run keeps it: cleaned as a single-line cell is (it is printed on a line of its own), and cut. */
function cutNote(note: string): string {
  return cutText(cleanLine(note), MAX_NOTE_CHARS);
}

function listFacts(
  seen: Seen,
  parsed: ParsedList,
  records: readonly ValidRecord[],
  linkNotes: readonly string[],
): ListFacts {
  const period = parsed.period ?? periodOf(records);
  return {
    ...seen,
    records: records.length,
    period_from: period.from,
    period_to: period.to,
    warnings: parsed.warnings.map(cutNote),
    skipped_rows: parsed.skipped_rows,
    link_notes: linkNotes.map(cutNote),
    skipped_rows_total: skippedTotal(parsed),
  };
}

/** Records the run, once, whatever stage it ended at; a merge writes its edition in the same transaction. */
function finishRun(source: SourceEntry, context: SourceRunContext, started: Date, end: RunEnd): SourceRunResult {
  const base = { source_id: source.id, started_at: instant(started) };
  const record = (
    run: Omit<CollectionRun, 'source_id' | 'started_at' | 'finished_at'>,
    extra: Partial<SourceRunResult>,
  ) => {
    const finished = context.clock();
    const error = run.error === null ? null : storedError(run.error);
    const full: CollectionRun = { ...base, ...run, error, finished_at: instant(finished) };
    recordCollectionRun(context.db, full);
    const ms = finished.getTime() - started.getTime();
    return { run: full, held_back: false, published: 0, links: null, files: 0, ms, ...extra };
  };
  const unread = { records: null, period_from: null, period_to: null };
  switch (end.kind) {
    case 'failure':
      return record({ outcome: 'failure', ...unread, ...end.seen, records: end.records ?? null, error: end.error }, {});
    case 'not_modified':
      return record({ outcome: 'not_modified', ...unread, ...end.seen, error: null }, { published: published() });
    case 'skipped':
      return record(
        { outcome: 'skipped', ...end.facts, error: end.reason },
        { published: published(), links: end.of.links, files: end.of.list.files.length },
      );
    case 'held_back':
      return record(
        { outcome: 'failure', ...end.facts, error: end.reason },
        { held_back: true, links: end.of.links, files: end.of.list.files.length },
      );
    case 'merge':
      return mergeEdition(context, source, end, record);
  }
  function published(): number {
    return countRecordsOfSource(context.db, source.id);
  }
}

/** Writes the edition, the run and (for a fetched list) the validators and hash to send next time, in one transaction. */
function mergeEdition(
  context: SourceRunContext,
  source: SourceEntry,
  end: Extract<RunEnd, { kind: 'merge' }>,
  record: (
    run: Omit<CollectionRun, 'source_id' | 'started_at' | 'finished_at'>,
    extra: Partial<SourceRunResult>,
  ) => SourceRunResult,
): SourceRunResult {
  const { plan, edition } = end.judged;
  const { list, links } = end.of;
  return context.db.transaction(() => {
    context.writer.inBulk(() => {
      for (const r of plan.records) context.writer.writeRecord(r);
      for (const { kind, id } of plan.delist) context.writer.delistRecord(kind, id);
      for (const { kind, id } of plan.remove) context.writer.removeRecord(kind, id);
    });
    const result = record(
      {
        outcome: 'success',
        ...end.facts,
        error: null,
        edition_on: edition.on,
        edition_date_source: edition.source,
        removed_by_retention: plan.remove.length,
      },
      { published: countRecordsOfSource(context.db, source.id), links, files: list.files.length },
    );
    if (!list.local) {
      const state = {
        etag: list.validators?.etag ?? null,
        last_modified: list.validators?.last_modified ?? null,
        content_sha256: list.sha256,
      };
      writeSourceHttpState(context.db, source.id, state, result.run.finished_at ?? instant(context.clock()));
    }
    return result;
  })();
}

function periodOf(records: readonly ValidRecord[]): { from: string | null; to: string | null } {
  const run = importRunsOf(records)[0];
  return run ? { from: run.period_from, to: run.period_to } : { from: null, to: null };
}
