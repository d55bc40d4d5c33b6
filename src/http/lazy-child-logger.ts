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

  // methods on the prototype, not arrow functions in fields: those would be seven closures made for every request.
  // pino's log methods take (object, message, ...values) or (message, ...values): passed on as they came.
  fatal(...args: unknown[]): void {
    logWith(this.made, 'fatal', args);
  }

  error(...args: unknown[]): void {
    logWith(this.made, 'error', args);
  }

  warn(...args: unknown[]): void {
    logWith(this.made, 'warn', args);
  }

  info(...args: unknown[]): void {
    logWith(this.made, 'info', args);
  }

  debug(...args: unknown[]): void {
    logWith(this.made, 'debug', args);
  }

  trace(...args: unknown[]): void {
    logWith(this.made, 'trace', args);
  }

  silent(...args: unknown[]): void {
    logWith(this.made, 'silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

function logWith(logger: FastifyBaseLogger, level: LevelMethod, args: unknown[]): void {
  (logger[level] as (...values: unknown[]) => void).apply(logger, args);
}
