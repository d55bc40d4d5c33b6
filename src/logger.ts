// The server's pino logger: requests are logged by method and path only, never with the client's address nor the
// query string (a client may type an address or a person's name as `q`; the usage log keeps the conditions, normalised),
// and no line is longer than MAX_LINE_BYTES, whatever a request or an error carries.
import pino, { type DestinationStream, type Logger } from 'pino';
import { pathOf } from './domain/url-parts.js';
import { cut } from './domain/address-scrubber.js';
import { isObject } from './lib/is-object.js';

/** The longest line the log writes, in bytes: a disk is filled by lines, and a line of 16 KB was a path written whole. */
export const MAX_LINE_BYTES = 1024;

/**
 * How stdout is written: pino's destination holds lines until 4 KiB are waiting, or a second has passed, and writes
 * them then, synchronously, rather than one write(2) for each request's line; a write holds whole lines and at most
 * 4 KiB, PIPE_BUF on Linux, so that the workers of KOHYO_WORKERS writing one pipe never interleave inside a line.
 * What is held is written when the process exits, an uncaught exception included; a process killed outright loses
 * at most the last second's lines.
 */
export const STDOUT_BUFFER = { minLength: 4095, maxWrite: 4096, periodicFlush: 1000 } as const;

/** Where the log goes, written as stdout is: standard output (1), or a file such as /dev/null for the benchmarks. */
export function logDestination(dest: number | string): DestinationStream {
  // synchronous writes: no round trip through the thread pool for each batch
  const destination = pino.destination({ dest, sync: true, ...STDOUT_BUFFER });
  // pino flushes a synchronous destination's held lines at exit only when asked to
  process.once('exit', () => destination.flushSync());
  return destination;
}

/**
 * The raw IP address is never written anywhere, so the request serializer leaves out remoteAddress and headers (and
 * cuts the path: the request log scrubs it of the client's address too, src/http/hooks/request-log.ts).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: cut(pathOf(req.url)) }) },
    hooks: { streamWrite: boundLine },
  };
  return pino(options, destination ?? logDestination(1));
}

/** Lines of at most this many characters are at most MAX_LINE_BYTES in UTF-8 whatever they hold (3 bytes a unit). */
const SURELY_SHORT = Math.floor(MAX_LINE_BYTES / 3);

/**
 * A line as written, at most MAX_LINE_BYTES: a longer one (a long error message or stack, a field of some other
 * line) has its strings cut shorter and shorter until it fits, and past that keeps only its level, time, process,
 * request id and message, so that it stays one line of JSON that says what it was.
 */
export function boundLine(line: string): string {
  if (line.length <= SURELY_SHORT || Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return `${JSON.stringify({ msg: 'a log line past the bound, not JSON', cut: true })}\n`;
  }
  for (const longest of [256, 64, 16]) {
    const shorter = `${JSON.stringify(withStringsCut(parsed, longest))}\n`;
    if (Buffer.byteLength(shorter) <= MAX_LINE_BYTES) return shorter;
  }
  // still too long (a great many fields): what says which line it was, and that it was cut
  const kept = isObject(parsed)
    ? Object.fromEntries(KEPT_WHOLE.map((key) => [key, withStringsCut(parsed[key], 64)]))
    : {};
  return `${JSON.stringify({ ...kept, cut: true })}\n`;
}

/** The fields a line past the bound keeps when nothing else fits: pino's own, the request id and the message. */
const KEPT_WHOLE = ['level', 'time', 'pid', 'hostname', 'reqId', 'msg'];

/** A value with every string longer than `longest` cut (ending in `…`), arrays to their first ten items. */
function withStringsCut(value: unknown, longest: number): unknown {
  if (typeof value === 'string') return value.length <= longest ? value : `${value.slice(0, longest - 1)}…`;
  if (Array.isArray(value)) return value.slice(0, 10).map((item) => withStringsCut(item, longest));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStringsCut(v, longest)]));
  return value;
}
