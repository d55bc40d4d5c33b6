// The server's pino logger: requests are logged by method and path only, never with the client's address nor the
// query string (a client may type an address or a person's name as `q`; the usage log keeps the conditions, normalised).
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * How stdout is written: lines gather in memory and go out together, in one write once 2 KiB are held, at the latest
 * a second after they were logged, rather than one write(2) for each request's line (issue 13). A write holds whole
 * lines and at most 4 KiB, PIPE_BUF on Linux, so that the workers of KOHYO_WORKERS writing one pipe never interleave inside a line (as with
 * one write per line before). pino writes what is held when the process exits, an uncaught exception included; a
 * process killed outright (SIGKILL, the machine failing) loses at most the last second's lines.
 */
export const STDOUT_BUFFER = { minLength: 2048, maxWrite: 4096, periodicFlush: 1000 } as const;

/** Where the log goes, written as stdout is (STDOUT_BUFFER): standard output (1), or a file such as /dev/null for the benchmarks. */
export function logDestination(dest: number | string): DestinationStream {
  return pino.destination({ dest, sync: false, ...STDOUT_BUFFER });
}

/** The raw IP address is never written anywhere (issue 4), so the request serializer leaves out remoteAddress and headers. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }) },
  };
  return pino(options, destination ?? logDestination(1));
}
