// The dataset the server answers from, switched in one step when a new file is published at its path.
import { statSync, watch, type FSWatcher } from 'node:fs';
import type { Server } from 'node:http';
import { basename, dirname } from 'node:path';
import { openStore, type Store } from './store.js';
import { errorOf } from '../../domain/error-of.js';

export interface HolderEvents {
  readonly onSwitched?: (store: Store) => void;
  readonly onReloadFailed?: (error: Error) => void;
}

interface Held {
  readonly store: Store;
  /** Requests that started while this store was current and have not finished. */
  inFlight: number;
  retired: boolean;
}

/**
 * Reloads open the new file beside the old one, switch `dataset()` to it in one assignment, and close
 * the old store only once the requests that began on it have finished. A file that cannot be opened
 * (say, a schema this build does not know) is reported and the old dataset kept.
 */
export class DatasetHolder {
  #held: Held | null = null;
  #identity: string | null = null;
  #watcher: FSWatcher | null = null;
  #debounce: NodeJS.Timeout | null = null;

  constructor(
    readonly path: string,
    private readonly events: HolderEvents = {},
    private readonly open: (path: string) => Store = openStore,
  ) {}

  /** Opens the file; throws when it cannot (the server cannot start without a dataset). */
  start(): Store {
    const store = this.open(this.path);
    this.#held = { store, inFlight: 0, retired: false };
    this.#identity = identityOf(this.path);
    return store;
  }

  dataset = (): Store | null => this.#held?.store ?? null;

  /** Marks a request as running on the current store; call the result when it has finished. */
  lease(): () => void {
    const held = this.#held;
    if (held === null) return () => undefined;
    held.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      held.inFlight--;
      this.#closeIfIdle(held);
    };
  }

  /** Counts every request of an HTTP server as in flight from its arrival to its response's close. */
  track(server: Server): void {
    server.prependListener('request', (_request, response) => {
      const release = this.lease();
      response.once('close', release);
    });
  }

  /** Switches to the file now at the path when it is another file than the one held; returns whether it did. */
  reload(): boolean {
    const identity = identityOf(this.path);
    if (identity === null || identity === this.#identity) return false;
    let store: Store;
    try {
      store = this.open(this.path);
    } catch (error) {
      this.events.onReloadFailed?.(errorOf(error));
      return false;
    }
    const previous = this.#held;
    this.#held = { store, inFlight: 0, retired: false };
    this.#identity = identity;
    if (previous !== null) {
      previous.retired = true;
      this.#closeIfIdle(previous);
    }
    this.events.onSwitched?.(store);
    return true;
  }

  /**
   * Watches the directory (a rename over the path replaces the file, which a watch on the file itself
   * would not follow) and reloads once the events settle for `debounceMs`.
   */
  watch(debounceMs = 500): void {
    if (this.#watcher !== null) return;
    const name = basename(this.path);
    this.#watcher = watch(dirname(this.path), (_event, filename) => {
      if (filename !== null && filename !== name) return;
      if (this.#debounce !== null) clearTimeout(this.#debounce);
      this.#debounce = setTimeout(() => {
        this.#debounce = null;
        this.reload();
      }, debounceMs);
    });
  }

  /** Stops watching and closes the store (after the server has stopped taking requests). */
  close(): void {
    this.#watcher?.close();
    this.#watcher = null;
    if (this.#debounce !== null) clearTimeout(this.#debounce);
    const held = this.#held;
    this.#held = null;
    if (held !== null) {
      held.retired = true;
      this.#closeIfIdle(held);
    }
  }

  #closeIfIdle(held: Held): void {
    if (held.retired && held.inFlight === 0) held.store.close();
  }
}

/** Inode, size and modification time: a rename brings a new inode, an in-place write a new time. */
function identityOf(path: string): string | null {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}
