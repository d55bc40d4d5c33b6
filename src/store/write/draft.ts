// The one write path of the live dataset: under the writer lock, a draft beside the live file, checked, synced and renamed over it.
import type { Db, DatasetKind } from '../schema/database.js';
import { assertMayWrite } from './dataset-kind.js';
import { beginDraft, removeStaleDrafts, type ChangeCheck, type DraftCheck } from './publish.js';
import { acquireWriterLock, heldOnAnotherHost, processIsAlive } from './writer-lock.js';
import { propertyOf } from '../../lib/is-object.js';

export interface DraftOptions<T = unknown> {
  /** The command writing (`collect`, `import records`, ...), named in the refusal another writer gets. */
  readonly activity: string;
  /** What the writer writes; the live file must hold the same kind or no dataset yet (dataset-kind.ts). */
  readonly kind: DatasetKind;
  /** 'live' starts from a copy of the live file; 'empty' from a new database (a writer of the whole dataset). */
  readonly from?: 'live' | 'empty';
  readonly now: () => Date;
  /** Told what was recovered before the draft is begun, so that a command can say so first. */
  readonly onStart?: (start: DraftStart) => void;
  /** Whether the work is worth publishing; a draft not published is discarded and the live file is untouched. */
  readonly publishIf?: (value: T) => boolean;
  /**
   * Told when the draft is about to be checked: the full check reads every page (minutes for millions of companies),
   * a check of the changes what they wrote. `changes` says which of the two runs.
   */
  readonly onCheck?: (check: 'full' | 'changes') => void;
  /** Told when the check has passed and the draft is about to be synced and renamed over the live file. */
  readonly onPublish?: () => void;
  /**
   * What the work changed, as a check to run instead of the full one on a draft copied from the live file
   * (publish.ts says why that is enough); null keeps the full check.
   */
  readonly changeCheck?: (value: T) => ChangeCheck | null;
  /** The size from which a new draft of asynchronous work is checked on two threads (PARALLEL_CHECK_MIN_BYTES). */
  readonly parallelCheckFromBytes?: number;
  readonly pid?: number;
  readonly isAlive?: (pid: number) => boolean;
}

export interface DraftStart {
  /** A lock left by a killed writer was taken over. */
  readonly recovered_stale_lock: boolean;
  /** Drafts of killed writers, deleted first. */
  readonly removed_drafts: readonly string[];
}

/**
 * Runs `work` on a draft of the dataset at `livePath` and, when it returns, publishes the draft (integrity check,
 * journal_mode DELETE, fsync, rename, fsync of the folder: publish.ts); when it throws, deletes the draft, so the
 * live file stays byte-identical. Refuses (WriterLockedError) while another writer runs, and (DatasetKindError)
 * when the kinds would mix. Synchronous work gives a synchronous result, asynchronous work a Promise.
 */
export function withDraft<T>(livePath: string, options: DraftOptions<T>, work: (db: Db) => Promise<T>): Promise<T>;
export function withDraft<T>(livePath: string, options: DraftOptions<T>, work: (db: Db) => T): T;
export function withDraft<T>(
  livePath: string,
  options: DraftOptions<T>,
  work: (db: Db) => T | Promise<T>,
): T | Promise<T> {
  const lock = acquireWriterLock(livePath, {
    now: options.now,
    activity: options.activity,
    pid: options.pid,
    isAlive: options.isAlive,
  });
  let draft: ReturnType<typeof beginDraft>;
  try {
    // checked under the lock, so that no other writer changes the kind between the check and the rename
    assertMayWrite(livePath, options.kind);
    const removed = removeStaleDrafts(livePath);
    options.onStart?.({ recovered_stale_lock: lock.recoveredStale, removed_drafts: removed });
    draft = beginDraft(livePath, options.pid, options.from ?? 'live');
  } catch (error) {
    lock.release();
    throw error;
  }
  /** Publishes the draft when the work is worth it, else discards it; `publish` runs the check and the rename. */
  const publishing = <R>(value: T, publish: (check: DraftCheck) => R): R | undefined => {
    if (options.publishIf !== undefined && !options.publishIf(value)) {
      draft.discard();
      return undefined;
    }
    markKind(draft.db, options.kind);
    return publish({
      changes: options.changeCheck?.(value) ?? null,
      onCheck: options.onCheck,
      onChecked: options.onPublish,
      parallelFromBytes: options.parallelCheckFromBytes,
    });
  };
  const finish = (value: T): T => {
    try {
      publishing(value, (check) => draft.publish(check));
      return value;
    } catch (error) {
      draft.discard();
      throw error;
    } finally {
      lock.release();
    }
  };
  // asynchronous work can wait for a check run on two threads (publish.ts)
  const finishAsync = (value: T): Promise<T> =>
    Promise.resolve()
      .then(() => publishing(value, (check) => draft.publishInParallel(check)))
      .then(
        () => value,
        (error: unknown) => {
          draft.discard();
          throw error;
        },
      )
      .finally(() => lock.release());
  const fail = (error: unknown): never => {
    draft.discard();
    lock.release();
    throw error;
  };
  let result: T | Promise<T>;
  try {
    result = work(draft.db);
  } catch (error) {
    return fail(error);
  }
  return isPromise(result) ? result.then(finishAsync, fail) : finish(result);
}

/** A new dataset takes its first writer's kind; an existing one already has it (assertMayWrite). */
function markKind(db: Db, kind: DatasetKind): void {
  db.prepare(
    "INSERT INTO dataset_meta(key, value) VALUES ('kind', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  ).run(kind);
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof propertyOf(value, 'then') === 'function';
}

/**
 * Deletes the drafts (and their sidecars) that writers no longer running left beside the live file: a killed import
 * left hundreds of megabytes until the next writer. Each draft is named after its writer's process
 * (`<live>.next-<pid>`), and the draft of a process still running on this host is kept, whether it holds the lock or
 * is about to take it; while a writer on another host holds the lock, nothing is deleted. Run by the server as it
 * starts and by every command; returns the paths deleted.
 */
export function clearDeadDrafts(livePath: string, isAlive: (pid: number) => boolean = processIsAlive): string[] {
  if (heldOnAnotherHost(livePath)) return [];
  return removeStaleDrafts(livePath, (pid) => pid > 0 && isAlive(pid));
}
