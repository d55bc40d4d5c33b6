// The limiter store in Redis, shared by every process pointed at it: each check is one atomic Lua script.
import type { ClientContext, Redis, Result } from 'ioredis';
import { ADDRESS_COOLDOWN_FLOOR_MS, decide, decideAddress, retentionMs, type LimitPolicy } from './policy.js';
import type { LimitCheck, LimitDecision, LimiterStore, RawOutcome } from './limiter-store.js';
import { CHECK_SCRIPT, READ_SCRIPT, SCRIPT_OUTCOMES } from './redis-script.js';
import { MAX_STEP, walkTag } from './sequential-run.js';

declare module 'ioredis' {
  interface RedisCommander<Context extends ClientContext> {
    /**
     * CHECK_SCRIPT (redis-script.ts): the connection has it once a RedisStore is made on it (defineCommand). The
     * number of keys (3 or 6) is given with each call.
     */
    kohyoLimitCheck(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Result<unknown, Context>;
    /** READ_SCRIPT (redis-script.ts): two keys, then now, minuteMs, dayMs. */
    kohyoLimitRead(log: string, state: string, now: number, minuteMs: number, dayMs: number): Result<unknown, Context>;
  }
}

/** The values the script answers per scope (redis-script.ts). */
const PER_SCOPE = 6;

export class RedisStore implements LimiterStore {
  /** `prefix` keeps the keys apart from anything else in that Redis; for the `{…}` hash tags see keysOf. */
  constructor(
    private readonly redis: Redis,
    private readonly policy: LimitPolicy,
    private readonly prefix = 'kohyo:limit:',
  ) {
    // defineCommand sends EVALSHA and falls back to EVAL once when Redis does not have the script cached
    redis.defineCommand('kohyoLimitCheck', { lua: CHECK_SCRIPT });
    redis.defineCommand('kohyoLimitRead', { lua: READ_SCRIPT, numberOfKeys: 2, readOnly: true });
  }

  /** True while the connection is up; the fallback store asks this before sending a check. */
  get available(): boolean {
    return this.redis.status === 'ready';
  }

  /** Waits for the connection, at most `timeoutMs`: a server that starts while Redis is down serves from memory. */
  ready(timeoutMs = 2_000): Promise<void> {
    if (this.available) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.redis.once('ready', done);
    });
  }

  async check(request: LimitCheck): Promise<LimitDecision> {
    const p = this.policy;
    const address = request.address ?? null;
    const addressPolicy = address === null ? null : p.address;
    const scopes = addressPolicy === null ? [p] : [p, addressPolicy];
    const keys = this.keysOf(request.key, addressPolicy === null ? null : address);
    // a client's own walks need no tags (every number in them is its own), nor a request without a number
    const tags = ['', request.bases.length > 0 ? walkTag(request.key) : ''];
    const reply = await this.redis.kohyoLimitCheck(
      keys.length,
      ...keys,
      request.now,
      p.minuteMs,
      p.dayMs,
      p.enumWindowMs,
      p.cooldownMs,
      MAX_STEP,
      retentionMs(p),
      ADDRESS_COOLDOWN_FLOOR_MS,
      ...scopes.flatMap((s, i) => [
        s.perMinute,
        s.perDay,
        s.enumDistinctTerms,
        s.enumSequential,
        s.walkEvidence,
        tags[i] ?? '',
      ]),
      request.terms.length,
      ...request.terms,
      ...request.bases.map(String),
    );
    if (!Array.isArray(reply) || reply.length !== PER_SCOPE * scopes.length)
      throw new Error('the limiter script answered something unexpected');
    const client = rawOutcome(reply, 0);
    return decide({ client, address: addressPolicy === null ? null : rawOutcome(reply, PER_SCOPE) }, p, request.now);
  }

  async readAddress(address: string, now: number): Promise<LimitDecision | null> {
    const p = this.policy;
    if (p.address === null) return null;
    const [log = '', , state = ''] = this.addressKeys(address);
    const reply = await this.redis.kohyoLimitRead(log, state, now, p.minuteMs, p.dayMs);
    if (!Array.isArray(reply) || reply.length !== PER_SCOPE - 1)
      throw new Error('the limiter read script answered something unexpected');
    const [minuteUsed, minuteOldest, dayUsed, dayOldest, coolUntil] = reply.map((value) => Number(value));
    const raw: RawOutcome = {
      outcome: 'ok',
      minuteUsed: minuteUsed ?? 0,
      minuteOldest: instantOrNull(minuteOldest),
      dayUsed: dayUsed ?? 0,
      dayOldest: instantOrNull(dayOldest),
      coolUntil: instantOrNull(coolUntil),
    };
    return decideAddress({ ...raw, outcome: readOutcome(raw, p.address) }, p);
  }

  /**
   * The log, terms and state keys of the client, then of its address. A script may only touch keys of one Redis
   * Cluster slot, and the slot is chosen by the `{…}` hash tag. With an address ceiling, the client's keys are
   * tagged by the address, beside the address's own keys: the client key is derived from the address anyway, so
   * an address's clients are never spread over slots whatever the tag, and then one call reads and counts both
   * scopes atomically in one slot. (All of one address's traffic lands on one slot; the address ceiling bounds it.)
   * Without the ceiling the client's keys are tagged by the client key, so that the clients of
   * one trusted address (KOHYO_ADDRESS_LIMIT_FACTOR=0 is for operators behind one) still spread over the cluster.
   */
  keysOf(client: string, address: string | null): string[] {
    if (address === null) return scopeKeys(`${this.prefix}{${client}}`);
    return [...scopeKeys(`${this.prefix}{${address}}:client:${client}`), ...this.addressKeys(address)];
  }

  /** The log, terms and state keys of an address (keysOf's last three). */
  private addressKeys(address: string): string[] {
    return scopeKeys(`${this.prefix}{${address}}:address`);
  }

  /** Runs `then` each time the connection becomes ready (the first time included, when it is ready already). */
  onReady(then: () => void): void {
    this.redis.on('ready', then);
    if (this.available) then();
  }

  /**
   * Leaves this process's secret fingerprint (limiter-from-config.ts) for `ttlMs` unless another is there, and says
   * whether what is there is the same.
   */
  async agreesOn(fingerprint: string, ttlMs: number): Promise<boolean> {
    const key = `${this.prefix}secret-fingerprint`;
    await this.redis.set(key, fingerprint, 'PX', ttlMs, 'NX');
    const held = await this.redis.get(key);
    return held === null || held === fingerprint;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** A scope's log, terms and state keys under `base`. */
function scopeKeys(base: string): string[] {
  return [`${base}:log`, `${base}:terms`, `${base}:state`];
}

/** The scope whose PER_SCOPE values start at `at` in the script's reply, which has them all (checked by the caller). */
function rawOutcome(reply: readonly unknown[], at: number): RawOutcome {
  const code = Number(reply[at]);
  const outcome = SCRIPT_OUTCOMES[code];
  if (outcome === undefined) throw new Error(`the limiter script answered outcome ${code}`);
  return {
    outcome,
    minuteUsed: Number(reply[at + 1]),
    minuteOldest: instantOrNull(reply[at + 2]),
    dayUsed: Number(reply[at + 3]),
    dayOldest: instantOrNull(reply[at + 4]),
    coolUntil: instantOrNull(reply[at + 5]),
  };
}

/** What a check would find in a scope read without counting, before its enumeration rules (which need terms). */
function readOutcome(raw: RawOutcome, policy: LimitPolicy): RawOutcome['outcome'] {
  if (raw.coolUntil !== null) return 'cooling';
  return raw.minuteUsed >= policy.perMinute || raw.dayUsed >= policy.perDay ? 'full' : 'ok';
}

/** The script writes -1 for "none". */
function instantOrNull(value: unknown): number | null {
  const n = Number(value);
  return n < 0 ? null : n;
}
