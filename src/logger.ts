// The server's pino logger: requests are logged by method and path only, never with the client's address nor the
// query string (a client may type an address or a person's name as `q`; the usage log keeps the conditions, normalised).
import pino, { type DestinationStream, type Logger } from 'pino';
import { intervalTimer, type RepeatTimer } from './domain/repeat-timer.js';
import { pathOf } from './http/url-parts.js';

/**
 * How stdout is written: lines gather in memory and go out together, in one write once the next line would not fit
 * in 4 KiB, at the latest a second after they were logged, rather than one write(2) for each request's line (issue
 * 13). A write holds whole lines and at most 4 KiB, PIPE_BUF on Linux, so that the workers of KOHYO_WORKERS writing
 * one pipe never interleave inside a line. What is held is written when the process exits, an uncaught exception
 * included; a process killed outright (SIGKILL, the machine failing) loses at most the last second's lines.
 */
export const STDOUT_BUFFER = { maxWrite: 4096, periodicFlushMs: 1000 } as const;

/** Where batches go: a destination that writes each at once (pino's, synchronous). */
interface BatchSink {
  write(text: string): unknown;
}

/**
 * Gathers whole lines and hands them on in batches. The batching is done here, in an array joined once a batch,
 * and the batch written synchronously: pino's buffered destination (sonic-boom) measures the text it holds again at
 * every line and, asynchronous, writes through the thread pool. With the request line built alike, the served
 * process spent about 20 µs a request more through it than through these batches (bench/README.md, "What changed
 * on 2026-11-23, third session").
 */
export class LineBatches implements DestinationStream {
  private lines: string[] = [];
  private bytes = 0;
  private readonly timer: { stop(): void };

  constructor(private readonly sink: BatchSink, private readonly maxWrite: number = STDOUT_BUFFER.maxWrite, timer: RepeatTimer = intervalTimer) {
    this.timer = timer(() => this.flushSync(), STDOUT_BUFFER.periodicFlushMs);
    heldBatches.add(this);
  }

  write(line: string): boolean {
    const size = Buffer.byteLength(line);
    if (this.bytes + size > this.maxWrite) this.flushSync();
    this.lines.push(line);
    this.bytes += size;
    return true;
  }

  /** Writes what is held now. */
  flushSync(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.bytes = 0;
    this.sink.write(text);
  }

  /** For pino's `logger.flush(callback)`. */
  flush(callback?: (error?: Error) => void): void {
    this.flushSync();
    callback?.();
  }

  /** Writes what is held and stops the timer; later lines are written at once. */
  end(): void {
    this.flushSync();
    this.timer.stop();
    heldBatches.delete(this);
  }
}

/** Every LineBatches not ended, written out when the process exits (one listener for all). */
const heldBatches = new Set<LineBatches>();
process.once('exit', () => {
  for (const batches of heldBatches) batches.flushSync();
});

/** Where the log goes, written as stdout is (STDOUT_BUFFER): standard output (1), or a file such as /dev/null for the benchmarks. */
export function logDestination(dest: number | string): DestinationStream {
  return new LineBatches(pino.destination({ dest, sync: true }));
}

/** The raw IP address is never written anywhere (issue 4), so the request serializer leaves out remoteAddress and headers. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: pathOf(req.url) }) },
  };
  return pino(options, destination ?? logDestination(1));
}
