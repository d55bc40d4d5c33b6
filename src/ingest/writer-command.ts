// How a command that writes KOHYO_DB reports the write path's refusals: another writer holds the lock, or the kinds would mix.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatasetKindError } from '../store/write/dataset-kind.js';
import type { DraftStart } from '../store/write/draft.js';
import { WriterLockedError } from '../store/write/writer-lock.js';

export interface WriterCommandIo {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/** What a command passes on to withDraft (or withLiveFile): its name, the clock, and where recoveries are told. */
export interface WriterStart {
  readonly activity: string;
  readonly now: () => Date;
  readonly onStart: (start: DraftStart) => void;
}

/**
 * Runs a writing command; a refusal of the write path is exit code 1 with its message, and nothing is changed
 * (the refusals come before any draft is begun). `instead`, given the path of a new production dataset beside the demo
 * KOHYO_DB holds, says what to run instead of a refused write into the demo.
 */
export async function runWriter(
  activity: string,
  io: WriterCommandIo,
  command: (start: WriterStart) => Promise<number>,
  instead?: (productionPath: string) => string,
): Promise<number> {
  mkdirSync(dirname(io.dbPath), { recursive: true });
  const onStart = (start: DraftStart) => {
    if (start.recovered_stale_lock) io.stdout('took over the lock of an interrupted collection or import');
    for (const path of start.removed_drafts)
      io.stdout(`removed the draft of an interrupted collection or import: ${path}`);
  };
  try {
    return await command({ activity, now: io.now, onStart });
  } catch (error) {
    if (error instanceof WriterLockedError) {
      io.stderr(
        `kohyo ${activity}: ${io.dbPath} is being written by another process, nothing was changed: ${error.message}`,
      );
      return 1;
    }
    if (error instanceof DatasetKindError) {
      io.stderr(`kohyo ${activity}: ${error.message} Nothing was changed.`);
      if (error.live === 'demo' && instead !== undefined)
        io.stderr(instead(join(dirname(io.dbPath), 'production.sqlite')));
      return 1;
    }
    throw error;
  }
}
