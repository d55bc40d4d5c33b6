// The usage log: one entry built from each finished request (pure, and the client address goes in only to come out as
// an HMAC); entries queue in memory and go to the store in batches, off the request path; never fails a request.
import { hourOf, type UsageCount, type UsageEntry } from './store/usage-store.js';
import { intervalTimer, type RepeatTimer } from '../lib/repeat-timer.js';
import { normaliseCompanyName } from '../domain/companies/names.js';
import { normaliseCorporateNumberInput } from '../domain/companies/corporate-number.js';
import { addressScrubber, cut } from '../domain/address-scrubber.js';
import { BASE_PATH } from '../api/links.js';
import { clientId } from './client-id.js';
import { isoInstant } from '../domain/dates.js';
import { LRUCache } from 'lru-cache';
import { parameterPairs } from '../domain/url-parts.js';

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
    this.timer = (options.timer ?? intervalTimer)(this.flush.bind(this), this.flushIntervalMs);
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

// One usage-log entry built from a finished request: pure, and the client address goes in only to come out as an HMAC.
/** What the HTTP layer knows once a request of a route that declares `usage` has been answered. */
export interface FinishedRequest {
  /**
   * Whether the answer counted against the limits: false for a 304, a refusal, or an answer of an uncounted route,
   * which the log tallies by the hour instead of keeping an entry of (usage-log.ts). Absent: counted.
   */
  readonly counted?: boolean;
  readonly at: Date;
  readonly method: string;
  /** The path as requested, without the query string. */
  readonly path: string;
  /** The route's path when one matched (e.g. /api/v1/companies); null for 404 and 405. */
  readonly route: string | null;
  /** The raw query string, without the leading `?`: the memo's key, and the conditions when `parameters` is absent. */
  readonly query: string;
  /** The query as Fastify parsed it for the route (what its schema checked and the limiter read). */
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly status: number;
  readonly errorCode: string | null;
  /** meta.returned of a list answer. */
  readonly returned: number | null;
  readonly latencyMs: number;
  /** The client's IP address: read here to derive the identifier, and never stored. */
  readonly address: string;
  readonly userAgent: string | undefined;
  readonly referer: string | undefined;
  /** X-Kohyo-Client, or its alias X-Service-Client. */
  readonly clientName: string | undefined;
  /** X-Kohyo-Contact, or its alias X-Service-Contact. */
  readonly clientContact: string | undefined;
}

// Bounds on what one entry may hold, so that a hostile request cannot bloat the log (a text: src/domain/address-scrubber.ts cut).
const MAX_PARAMETERS = 20;
/** The conditions' JSON in total: one parameter repeated a thousand times would otherwise be kept a thousand times. */
const MAX_CONDITIONS = 1000;
/**
 * The key added to conditions cut short, with how many values were left out: a number, where a parameter a client
 * names so (and that it overrides) holds text.
 */
export const CONDITIONS_CUT = '[cut]';
/** Room kept in MAX_CONDITIONS for `,"[cut]":<count>`. */
const CUT_ROOM = `,"${CONDITIONS_CUT}":`.length + String(Number.MAX_SAFE_INTEGER).length;
/**
 * The endpoint of every request no route took (404, 405; the status tells them apart): its path, which the client
 * chooses, would make each distinct path a tally row of its own (usage-log.ts), without end.
 */
export const UNKNOWN_ENDPOINT = `${BASE_PATH}/*`;

export function buildUsageEntry(request: FinishedRequest, secret: string | Buffer): UsageEntry {
  return usageEntryBuilder(secret)(request);
}

/** Clients and questions held by a builder's memos (each a few hundred bytes at most). */
const MEMO = { entries: 4096, maxKeyLength: 512 } as const;

/**
 * buildUsageEntry for one secret, remembering per client address its scrubber and identifier (an HMAC) and per
 * address and query string the normalised conditions: the work a repeated client or question would redo.
 */
export function usageEntryBuilder(secret: string | Buffer): (request: FinishedRequest) => UsageEntry {
  return usageRecorders(secret).entry;
}

/** What an uncounted answer is tallied under (usage-log.ts), its hour aside. */
export type TallyKey = Pick<UsageEntry, 'method' | 'endpoint' | 'status' | 'code' | 'clientId'>;

/**
 * For one secret, sharing their memos: a counted answer's entry (usageEntryBuilder), and what an uncounted one is
 * tallied under, which reads the client and the endpoint only: a flood of refusals or 304s costs no conditions,
 * headers or timestamps, and leaves the conditions' memo to the questions that are logged.
 */
function usageRecorders(secret: string | Buffer): {
  readonly entry: (request: FinishedRequest) => UsageEntry;
  readonly tallyKey: (request: FinishedRequest) => TallyKey;
} {
  // an address is short (and as many as the clients); a question is kept only when it is short
  const clients = new LRUCache<string, { readonly scrub: (value: string) => string; readonly id: string }>({
    max: MEMO.entries,
    memoMethod: (address) => ({ scrub: addressScrubber(address), id: clientId(secret, address) }),
  });
  const questions = new LRUCache<string, string>({ max: MEMO.entries });
  const at = isoInstant();
  const keyOf = (request: FinishedRequest, id: string): TallyKey => ({
    method: request.method,
    endpoint: request.route ?? UNKNOWN_ENDPOINT,
    status: request.status,
    code: request.status >= 400 ? request.errorCode : null,
    clientId: id,
  });
  const entry = (request: FinishedRequest): UsageEntry => {
    const { scrub, id } = clients.memo(request.address);
    const question = `${request.address}\u0000${request.query}`;
    let conditions = questions.get(question);
    if (conditions === undefined) {
      conditions = searchConditions(request.parameters ?? request.query, scrub);
      if (question.length <= MEMO.maxKeyLength) questions.set(question, conditions);
    }
    return {
      at: at(request.at),
      ...keyOf(request, id),
      conditions,
      returned: request.returned,
      latencyMs: Math.round(request.latencyMs * 1000) / 1000,
      // texts from outside, each scrubbed of the client's address and cut; one left out or blank is null
      userAgent: cut(scrub(request.userAgent?.trim() ?? '')) || null,
      referer: cut(scrub(request.referer?.trim() ?? '')) || null,
      clientName: cut(scrub(request.clientName?.trim() ?? '')) || null,
      clientContact: cut(scrub(request.clientContact?.trim() ?? '')) || null,
    };
  };
  return { entry, tallyKey: (request) => keyOf(request, clients.memo(request.address).id) };
}

/** The parameters the search normalises, as it does: so that 株式会社トヨタ and トヨタ are one condition. */
const NORMALISED = new Map<string, (value: string) => string>([
  ['q', normaliseCompanyName],
  ['company', normaliseCompanyName],
  ['corporate_number', normaliseCorporateNumberInput],
]);

/** A scrubber of no address: it only reads a long text's bounded start, as every scrubber does. */
const NO_ADDRESS = addressScrubber('');

/**
 * The query parameters as the service reads them: search terms normalised as the search does (NORMALISED),
 * Corporate Numbers without hyphens or full-width digits, empty values dropped (the contract treats them as absent),
 * anything else, unknown names included, as given; every name and value scrubbed of the client's address and cut.
 */
export function searchConditions(
  query: string | Readonly<Record<string, unknown>>,
  scrub: (value: string) => string = NO_ADDRESS,
): string {
  const values = new Map<string, [string, ...string[]]>();
  // the length of the JSON the values kept make, a comma too many aside (kept in CUT_ROOM)
  let length = '{}'.length;
  let leftOut = 0;
  for (const [name, raw] of typeof query === 'string' ? new URLSearchParams(query) : parameterPairs(query)) {
    const value = raw.trim();
    if (value === '') continue;
    // once one value is left out the rest are only counted: a flood of values costs no normalising or scrubbing
    if (leftOut > 0) {
      leftOut += 1;
      continue;
    }
    const key = cut(scrub(name));
    const list = values.get(key);
    if (list === undefined && values.size >= MAX_PARAMETERS) {
      leftOut = 1;
      continue;
    }
    // normalised only when it does not write the client's address, which the scrubber tells by giving back what it
    // read as written (the value, or its start): normalising drops a term's punctuation, and 127.0.0.90 becomes 1270090
    const scrubbed = scrub(value);
    const normalise = NORMALISED.get(name);
    const kept = cut(normalise !== undefined && value.startsWith(scrubbed) ? scrub(normalise(scrubbed)) : scrubbed);
    const added =
      JSON.stringify(kept).length +
      ','.length +
      (list === undefined ? JSON.stringify(key).length + ':'.length : list.length === 1 ? '[]'.length : 0);
    if (length + added > MAX_CONDITIONS - CUT_ROOM) {
      leftOut = 1;
      continue;
    }
    length += added;
    if (list === undefined) values.set(key, [kept]);
    else list.push(kept);
  }
  const conditions: Record<string, string | string[] | number> = {};
  // by name, in the order of their UTF-16 code units (the default sort's)
  for (const key of [...values.keys()].sort()) {
    const list = values.get(key);
    if (list !== undefined) conditions[key] = list.length === 1 ? list[0] : list;
  }
  if (leftOut > 0) conditions[CONDITIONS_CUT] = leftOut;
  return JSON.stringify(conditions);
}
