// The writer lock: one lock file beside the live database, so that two writers (collect, imports, the demo build) never overlap.
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { errorCodeOf } from '../../lib/error-of.js';
import { createAtomically } from './create-atomically.js';
import { propertyOf, textOf } from '../../lib/is-object.js';

export class WriterLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner,
  ) {
    super(
      `${runningWriter(owner.activity)} is running (pid ${owner.pid} on ${owner.host}, since ${owner.started_at}); ` +
        `if it is not, delete ${lockPath}`,
    );
  }
}

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly started_at: string;
  /** The command holding the lock (`collect`, `import nta`, ...); absent in locks written before imports took it. */
  readonly activity?: string;
}

export interface WriterLock {
  readonly path: string;
  /** Whether a lock left by a dead process was taken over. */
  readonly recoveredStale: boolean;
  release(): void;
}

export function lockPathFor(dbPath: string): string {
  return `${dbPath}.writer.lock`;
}

export interface LockOptions {
  /** What the lock is taken for, named in the refusal another writer gets; `collect` when not given. */
  readonly activity?: string;
  readonly pid?: number;
  readonly now: () => Date;
  /** Whether a process is alive; injected so that tests can stage a dead owner. */
  readonly isAlive?: (pid: number) => boolean;
}

/** Takes the lock or throws WriterLockedError; a lock whose process is gone (killed) is taken over. */
export function acquireWriterLock(dbPath: string, options: LockOptions): WriterLock {
  const path = lockPathFor(dbPath);
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? processIsAlive;
  const owner: LockOwner = {
    pid,
    host: hostname(),
    started_at: options.now().toISOString(),
    activity: options.activity ?? 'collect',
  };
  let recoveredStale = false;
  for (let tries = 0; tries < 3; tries++) {
    if (tryCreate(path, owner)) {
      let held = true;
      return {
        path,
        recoveredStale,
        release() {
          if (held) rmSync(path, { force: true });
          held = false;
        },
      };
    }
    const current = readOwner(path);
    if (current === null) continue; // released or half-written between our two steps: try again
    // a pid is only meaningful on its own host; a lock from another host is never judged stale
    if (current.host !== owner.host || isAlive(current.pid)) throw new WriterLockedError(path, current);
    // moved aside rather than deleted, so that of two processes recovering at once only one succeeds
    try {
      renameSync(path, `${path}.stale-${pid}`);
      rmSync(`${path}.stale-${pid}`, { force: true });
      recoveredStale = true;
    } catch {
      // the other process moved it first
    }
  }
  const current = readOwner(path);
  throw new WriterLockedError(path, current ?? { pid: -1, host: 'unknown', started_at: 'unknown' });
}

/** Whether the lock is held by a writer on another host, whose process this host cannot see. */
export function heldOnAnotherHost(dbPath: string): boolean {
  const owner = readOwner(lockPathFor(dbPath));
  return owner !== null && owner.host !== hostname();
}

/** Creates the lock with its owner, atomically (createAtomically): false when another writer holds it. */
function tryCreate(path: string, owner: LockOwner): boolean {
  return createAtomically(path, `${JSON.stringify(owner)}\n`);
}

function readOwner(path: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    const pid = propertyOf(value, 'pid');
    if (typeof pid === 'number') {
      const field = (name: keyof LockOwner) => textOf(propertyOf(value, name) ?? '');
      const owner = { pid, host: field('host'), started_at: field('started_at') };
      const activity = propertyOf(value, 'activity');
      return typeof activity === 'string' ? Object.assign(owner, { activity }) : owner;
    }
  } catch {
    // unreadable content: no process wrote it through tryCreate, so no live owner stands behind it
  }
  return { pid: 0, host: hostname(), started_at: 'unknown' };
}

function runningWriter(activity: string | undefined): string {
  return activity === undefined || activity === 'collect' ? 'another collection' : `\`kohyo ${activity}\``;
}

/** Signal 0 tests for existence; EPERM means the process exists but belongs to someone else. */
export function processIsAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCodeOf(error) === 'EPERM';
  }
}
