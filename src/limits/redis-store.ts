// The limiter store in Redis, shared by every process pointed at it: each check is one atomic Lua script.
import type { Redis } from 'ioredis';
import { decide } from './decide.js';
import type { LimitCheck, LimitDecision, LimiterStore, RawOutcome } from './limiter-store.js';
import { retentionMs, type LimitPolicy } from './policy.js';
import { CHECK_SCRIPT, SCRIPT_OUTCOMES } from './redis-script.js';
import { MAX_STEP } from './sequential-run.js';

type CheckCommand = (numberOfKeys: number, ...keysThenArgs: (string | number)[]) => Promise<unknown>;

/** The values the script answers per scope (redis-script.ts). */
const PER_SCOPE = 6;

export class RedisStore implements LimiterStore {
  private readonly command: CheckCommand;

  /** `prefix` keeps the keys apart from anything else in that Redis; for the `{…}` hash tags see keysOf. */
  constructor(
    private readonly redis: Redis,
    private readonly policy: LimitPolicy,
    private readonly prefix = 'kohyo:limit:',
  ) {
    // defineCommand sends EVALSHA and falls back to EVAL once when Redis does not have the script cached; the
    // number of keys (3 or 6) is given with each call
    redis.defineCommand('kohyoLimitCheck', { lua: CHECK_SCRIPT });
    this.command = (redis as unknown as { kohyoLimitCheck: CheckCommand }).kohyoLimitCheck.bind(redis);
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
    const scopes = request.address != null && p.address !== null ? [p, p.address] : [p];
    const keys = this.keysOf(request.key, scopes.length === 2 ? request.address! : null);
    const reply = await this.command(
      keys.length,
      ...keys,
      request.now,
      p.minuteMs,
      p.dayMs,
      p.enumWindowMs,
      p.cooldownMs,
      MAX_STEP,
      retentionMs(p),
      ...scopes.flatMap((s) => [s.perMinute, s.perDay, s.enumDistinctTerms, s.enumSequential]),
      request.terms.length,
      ...request.terms,
      ...request.bases.map(String),
    );
    if (!Array.isArray(reply) || reply.length !== PER_SCOPE * scopes.length)
      throw new Error('the limiter script answered something unexpected');
    const numbers = reply.map(Number);
    const [client, address] = scopes.map((_, i) => rawOutcome(numbers.slice(i * PER_SCOPE, (i + 1) * PER_SCOPE)));
    return decide({ client: client!, address: address ?? null }, p, request.now);
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
    const names = (base: string) => [`${base}:log`, `${base}:terms`, `${base}:state`];
    if (address === null) return names(`${this.prefix}{${client}}`);
    const tag = `${this.prefix}{${address}}`;
    return [...names(`${tag}:client:${client}`), ...names(`${tag}:address`)];
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

function rawOutcome([code, minuteUsed, minuteOldest, dayUsed, dayOldest, coolUntil]: number[]): RawOutcome {
  const outcome = SCRIPT_OUTCOMES[code!];
  if (outcome === undefined) throw new Error(`the limiter script answered outcome ${code}`);
  const orNull = (n: number) => (n < 0 ? null : n);
  return {
    outcome,
    minuteUsed: minuteUsed!,
    minuteOldest: orNull(minuteOldest!),
    dayUsed: dayUsed!,
    dayOldest: orNull(dayOldest!),
    coolUntil: orNull(coolUntil!),
  };
}
