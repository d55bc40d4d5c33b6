// The limiter store in Redis, shared by every process pointed at it: each check is one atomic Lua script.
import type { Redis } from 'ioredis';
import { decide, type LimitCheck, type LimitDecision, type LimiterStore } from './limiter-store.js';
import { retentionMs, type LimitPolicy } from './policy.js';
import { CHECK_SCRIPT, SCRIPT_OUTCOMES } from './redis-script.js';
import { MAX_STEP } from './sequential-run.js';

type CheckCommand = (log: string, terms: string, state: string, ...args: (string | number)[]) => Promise<unknown>;

export class RedisStore implements LimiterStore {
  private readonly command: CheckCommand;

  /** `prefix` keeps the keys apart from anything else in that Redis; the `{…}` hash tag keeps one client's keys on one cluster slot. */
  constructor(private readonly redis: Redis, private readonly policy: LimitPolicy, private readonly prefix = 'kohyo:limit:') {
    // defineCommand sends EVALSHA and falls back to EVAL once when Redis does not have the script cached
    redis.defineCommand('kohyoLimitCheck', { numberOfKeys: 3, lua: CHECK_SCRIPT });
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
    const base = `${this.prefix}{${request.key}}`;
    const reply = await this.command(
      `${base}:log`, `${base}:terms`, `${base}:state`,
      request.now, p.perMinute, p.minuteMs, p.perDay, p.dayMs, p.enumDistinctTerms, p.enumWindowMs, p.enumSequential,
      p.cooldownMs, MAX_STEP, retentionMs(p), request.terms.length, ...request.terms, ...request.bases.map(String),
    );
    if (!Array.isArray(reply) || reply.length !== 6) throw new Error('the limiter script answered something unexpected');
    const [code, minuteUsed, minuteOldest, dayUsed, dayOldest, coolUntil] = reply.map(Number) as [number, number, number, number, number, number];
    const outcome = SCRIPT_OUTCOMES[code];
    if (outcome === undefined) throw new Error(`the limiter script answered outcome ${code}`);
    const orNull = (n: number) => (n < 0 ? null : n);
    return decide({ outcome, minuteUsed, minuteOldest: orNull(minuteOldest), dayUsed, dayOldest: orNull(dayOldest), coolUntil: orNull(coolUntil) }, p);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
