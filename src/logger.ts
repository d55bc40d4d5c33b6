// The server's pino logger: requests are logged by method and path only, never with the client's address nor the
// query string (a client may type an address or a person's name as `q`; the usage log keeps the conditions, normalised).
import pino, { type DestinationStream, type Logger } from 'pino';
import { pathOf } from './http/url-parts.js';

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

/** The raw IP address is never written anywhere, so the request serializer leaves out remoteAddress and headers. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: pathOf(req.url) }) },
  };
  return pino(options, destination ?? logDestination(1));
}
