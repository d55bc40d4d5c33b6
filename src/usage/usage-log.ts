// The usage log's writer: entries queue in memory and go to the store in batches, off the request path; never fails a request.
import { usageRecorders, type FinishedRequest, type TallyKey } from './usage-entry.js';
import { hourOf, type UsageCount, type UsageEntry } from '../store/usage/usage-store.js';
import { intervalTimer, type RepeatTimer } from '../domain/repeat-timer.js';

/** Where batches go: the usage store, or anything that can take a batch in one transaction. */
export interface UsageSink {
  write(entries: readonly UsageEntry[]): void;
  /** Adds tallies of uncounted answers to the hours' counts; a sink without it keeps none. */
  writeCounts?(counts: readonly UsageCount[]): void;
}

/** The part of a pino logger the writer uses; it is told about faults, never given an address. */
export interface UsageLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface UsageLogOptions {
  readonly sink: UsageSink;
  readonly secret: string | Buffer;
  readonly clock: () => Date;
  readonly logger?: UsageLogger;
  /** The longest an entry waits in memory, and so the most a crash can lose. */
  readonly flushIntervalMs?: number;
  /** A queue this long is written at once, without waiting for the timer. */
  readonly batchSize?: number;
  /**
   * Entries beyond this many waiting are dropped and counted, so a stalled store cannot grow the process; the
   * tallies waiting are bounded by the same number of distinct keys.
   */
  readonly maxQueue?: number;
  readonly timer?: RepeatTimer;
  /** Runs a flush soon but not now (default setImmediate): the size- and age-triggered flushes wait for it. */
  readonly defer?: (run: () => void) => void;
}

export interface UsageLogStats {
  readonly written: number;
  readonly dropped: number;
  readonly failedWrites: number;
  readonly queued: number;
}

export class UsageLog {
  private queue: UsageEntry[] = [];
  /** Tallies of uncounted answers waiting, by hour, method, endpoint, status, code and client. */
  private tallies = new Map<string, { -readonly [K in keyof UsageCount]: UsageCount[K] }>();
  private talliedAnswers = 0;
  private oldestQueuedAt = 0;
  private written = 0;
  private dropped = 0;
  private failedWrites = 0;
  private failing = false;
  private overflowing = false;
  private flushPending = false;
  private closed = false;
  private readonly timer: { stop(): void };
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxQueue: number;
  private readonly defer: (run: () => void) => void;
  private readonly build: (request: FinishedRequest) => UsageEntry;
  private readonly tallyKey: (request: FinishedRequest) => TallyKey;

  constructor(private readonly options: UsageLogOptions) {
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 500;
    this.maxQueue = options.maxQueue ?? 20_000;
    this.defer = options.defer ?? ((run) => void setImmediate(run));
    const recorders = usageRecorders(options.secret);
    this.build = recorders.entry;
    this.tallyKey = recorders.tallyKey;
    this.timer = (options.timer ?? intervalTimer)(() => this.flush(), this.flushIntervalMs);
  }

  /**
   * Queues the entry for a finished request, or, for an answer that did not count (`counted: false`), adds it to its
   * hour's tally: those are answered without limit, so one row each would let anyone grow the log at will. Never
   * throws: a fault here must not reach the request.
   */
  record(request: FinishedRequest): void {
    try {
      if (request.counted === false) {
        this.tally(request);
        return;
      }
      if (this.closed || this.queue.length >= this.maxQueue) {
        this.drop(1, this.closed ? 'closed' : 'full');
        return;
      }
      const entry = this.build(request);
      const now = this.options.clock().getTime();
      if (this.queue.length === 0) this.oldestQueuedAt = now;
      this.queue.push(entry);
      // the timer may lag behind a busy event loop; the clock makes sure no entry waits much past the interval
      if (this.queue.length >= this.batchSize || now - this.oldestQueuedAt >= this.flushIntervalMs) this.flushSoon();
    } catch (error) {
      this.drop(1, 'entry');
      this.options.logger?.error({ err: error }, 'usage log: an entry could not be built');
    }
  }

  private tally(request: FinishedRequest): void {
    const tallied = this.tallyKey(request);
    const hour = hourOf(request.at);
    const { method, endpoint, status, code, clientId } = tallied;
    const key = JSON.stringify([hour, method, endpoint, status, code, clientId]);
    const held = this.tallies.get(key);
    if (held !== undefined) {
      held.requests += 1;
    } else if (this.closed || this.tallies.size >= this.maxQueue) {
      this.drop(1, this.closed ? 'closed' : 'full');
      return;
    } else {
      this.tallies.set(key, { hour, ...tallied, requests: 1 });
    }
    this.talliedAnswers += 1;
  }

  /** Answers tallied and not yet written. */
  get tallied(): number {
    return this.talliedAnswers;
  }

  /**
   * Writes every queued entry and the tallies in one transaction each; on a store fault the batch is dropped and
   * counted. Tallies wait for the timer (or a batch of entries): however many answers they hold, they are a few rows.
   */
  flush(): number {
    if (this.tallies.size > 0) {
      const counts = [...this.tallies.values()];
      this.tallies = new Map();
      this.talliedAnswers = 0;
      try {
        this.options.sink.writeCounts?.(counts);
      } catch (error) {
        this.failedWrites += 1;
        this.dropped += counts.reduce((sum, c) => sum + c.requests, 0);
        this.options.logger?.error({ err: error, counts: counts.length }, 'usage log: tallies could not be written');
      }
    }
    if (this.queue.length === 0) return 0;
    const batch = this.queue;
    this.queue = [];
    this.overflowing = false;
    try {
      this.options.sink.write(batch);
      this.written += batch.length;
      if (this.failing) {
        this.failing = false;
        this.options.logger?.warn({ dropped: this.dropped }, 'usage log: writes succeed again');
      }
      return batch.length;
    } catch (error) {
      this.failedWrites += 1;
      this.dropped += batch.length;
      // logged once per run of failures: a broken disk must not also flood the log
      if (!this.failing) {
        this.failing = true;
        this.options.logger?.error(
          { err: error, entries: batch.length },
          'usage log: a batch could not be written and was dropped',
        );
      }
      return 0;
    }
  }

  /** Stops the timer and writes what is queued; later entries are dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.timer.stop();
    this.flush();
  }

  get stats(): UsageLogStats {
    return { written: this.written, dropped: this.dropped, failedWrites: this.failedWrites, queued: this.queue.length };
  }

  private flushSoon(): void {
    if (this.flushPending) return;
    this.flushPending = true;
    this.defer(() => {
      this.flushPending = false;
      this.flush();
    });
  }

  private drop(count: number, why: 'full' | 'closed' | 'entry'): void {
    this.dropped += count;
    // warned once per overflow; flush() re-arms the warning when the queue drains
    if (why === 'full' && !this.overflowing) {
      this.overflowing = true;
      this.options.logger?.warn(
        { maxQueue: this.maxQueue },
        'usage log: the queue is full; entries are dropped until it drains',
      );
    }
  }
}
