// The dataset the server answers from, switched in one step when a new file is published at its path.
import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { openStore, type Store } from './store.js';
import { errorOf } from '../../lib/error-of.js';

export interface HolderEvents {
  readonly onSwitched?: (store: Store) => void;
  readonly onReloadFailed?: (error: Error) => void;
}

/**
 * How long a replaced store stays open after the switch. Every reader takes the current store from `dataset()` and reads
 * it within one turn of the event loop (statements run synchronously, and none is left open between turns: no
 * `.iterate()`), so nothing reads a replaced store for long; the wait covers a turn that took the store just before
 * the switch, whatever it was doing, without following each request (and the MCP calls, answered through `inject`,
 * which no server listener sees).
 */
const RETIRED_STORE_GRACE_MS = 5_000;

/** Runs `close` once a replaced store has waited its grace; the holder's own, or a test's. */
export type Retire = (close: () => void) => void;

const retireAfterGrace: Retire = (close) => {
  setTimeout(close, RETIRED_STORE_GRACE_MS).unref();
};

/**
 * Reloads open the new file beside the old one, switch `dataset()` to it in one assignment, and close the old store
 * once its grace is over (RETIRED_STORE_GRACE_MS). A file that cannot be opened (say, a schema this build does not
 * know) is reported and the old dataset kept.
 */
export class DatasetHolder {
  #store: Store | null = null;
  /** Stores replaced and waiting for their grace to end, closed at once if the holder closes first. */
  readonly #retired = new Set<Store>();
  #identity: string | null = null;
  #watcher: FSWatcher | null = null;
  #debounce: NodeJS.Timeout | null = null;

  constructor(
    readonly path: string,
    private readonly events: HolderEvents = {},
    private readonly open: (path: string) => Store = openStore,
    private readonly retire: Retire = retireAfterGrace,
  ) {}

  /** Opens the file; throws when it cannot (the server cannot start without a dataset). */
  start(): Store {
    const store = this.open(this.path);
    this.#store = store;
    this.#identity = identityOf(this.path);
    return store;
  }

  dataset = (): Store | null => this.#store;

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
    const previous = this.#store;
    this.#store = store;
    this.#identity = identity;
    if (previous !== null) {
      this.#retired.add(previous);
      this.retire(() => this.#closeRetired(previous));
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

  /** Stops watching and closes the stores (after the server has stopped taking requests). */
  close(): void {
    this.#watcher?.close();
    this.#watcher = null;
    if (this.#debounce !== null) clearTimeout(this.#debounce);
    for (const store of this.#retired) this.#closeRetired(store);
    this.#store?.close();
    this.#store = null;
  }

  #closeRetired(store: Store): void {
    if (this.#retired.delete(store)) store.close();
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
