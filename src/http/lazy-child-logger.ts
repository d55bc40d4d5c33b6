// Each request's logger (request.log) is made when the request first logs, not when it arrives: most requests never log.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

/**
 * Fastify's `childLoggerFactory`. Fastify asks for a child logger (the request id bound) for every request, and pino
 * builds one in about 1.4 µs (bench/README.md, issue 13), while a request logs only when it fails with a 5xx (the
 * request line is written apart, src/http/request-log.ts). This child asks its parent for the real one on its first
 * line, so a request that logs writes exactly what it wrote before.
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}

/** FastifyBaseLogger's log methods, one for each level. */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// the level methods' types; the class's static block puts the methods themselves on its prototype
interface LazyChildLogger extends Pick<FastifyBaseLogger, (typeof LEVELS)[number]> {}

class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  // The level methods (LEVELS) are put on the prototype, not made as arrow functions in fields: those would be seven
  // closures for every request. pino's log methods take (object, message, ...values) or (message, ...values): passed on
  // as they came.
  static {
    for (const level of LEVELS) {
      Object.defineProperty(LazyChildLogger.prototype, level, {
        value(this: LazyChildLogger, ...args: unknown[]): void {
          const made = this.made;
          (made[level] as (...values: unknown[]) => void).apply(made, args);
        },
        writable: true,
        configurable: true,
      });
    }
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

