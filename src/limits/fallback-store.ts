// Keeps the limiter answering when Redis cannot (down, or full): per-process memory windows until Redis answers again.
import type { LimitCheck, LimitDecision, LimiterStore } from './limiter-store.js';

export interface FaultLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** How often an ongoing Redis fault is written to the log, in milliseconds. */
const FAULT_LOG_INTERVAL_MS = 60_000;

/**
 * Sends each check to the primary (Redis) while it is available, and to the fallback (a MemoryStore) while it is
 * not or when a check fails: a lost connection, a timeout, or a write refused (a Redis past its `maxmemory` under
 * `noeviction` refuses the limiter's script whole, redis-script.ts). A request is never failed because Redis is:
 * limits stay enforced per process, which is looser by the number of processes, until Redis answers again. What was
 * counted in memory during the outage is not copied to Redis: on return each client's Redis log resumes where it
 * stopped.
 */
export class FallbackStore implements LimiterStore {
  private faultSince: number | null = null;
  private lastLogged = Number.NEGATIVE_INFINITY;
  #fallbackChecks = 0;

  constructor(
    readonly primary: LimiterStore & { readonly available: boolean },
    private readonly fallback: LimiterStore,
    private readonly log: FaultLog,
  ) {}

  /** True while checks go to the fallback. */
  get degraded(): boolean {
    return this.faultSince !== null;
  }

  /** Checks (and readings) answered by the fallback since start. */
  get fallbackChecks(): number {
    return this.#fallbackChecks;
  }

  check(request: LimitCheck): Promise<LimitDecision> {
    return this.answer(request.now, (store) => store.check(request));
  }

  readAddress(address: string, now: number): Promise<LimitDecision | null> {
    return this.answer(now, (store) => store.readAddress(address, now));
  }

  /** What `ask` answers of the primary while it is available and answers, else of the fallback. */
  private async answer<T>(now: number, ask: (store: LimiterStore) => T | Promise<T>): Promise<T> {
    if (this.primary.available) {
      try {
        const answered = await ask(this.primary);
        if (this.faultSince !== null) {
          this.log.info({ since: new Date(this.faultSince).toISOString() }, 'Redis is back: limits are shared again');
          this.faultSince = null;
          this.lastLogged = Number.NEGATIVE_INFINITY;
        }
        return answered;
      } catch (error) {
        this.fault(now, error);
      }
    } else {
      this.fault(now, new Error('the Redis connection is not ready'));
    }
    this.#fallbackChecks++;
    return ask(this.fallback);
  }

  async ready(): Promise<void> {
    await this.primary.ready?.();
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }

  private fault(now: number, error: unknown): void {
    this.faultSince ??= now;
    if (now - this.lastLogged < FAULT_LOG_INTERVAL_MS) return;
    this.lastLogged = now;
    const message = error instanceof Error ? error.message : String(error);
    this.log.warn(
      { fault: message, since: new Date(this.faultSince).toISOString() },
      "Redis did not answer a check (unreachable, or refusing writes: full?): limits are held in this process's memory until it answers",
    );
  }
}
