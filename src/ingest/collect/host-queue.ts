// One request at a time per host: tasks for the same host run in turn, other hosts in parallel.

export class HostQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `task` once every earlier task for `host` has settled; a failed task does not block the next. */
  run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(host) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(host, tail);
    // forget an idle host, so the map does not grow with every host ever seen
    void tail.then(() => {
      if (this.#tails.get(host) === tail) this.#tails.delete(host);
    });
    return result;
  }
}
