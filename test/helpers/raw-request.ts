// Sends one request as written, byte for byte, on a fresh socket: for request targets fetch would rewrite (an
// absolute-form target, %-escapes in the path, double slashes) and the answer's status and headers.
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

/** `GET <target> HTTP/1.1` (or another method) to the server at `url`, with Host and the given headers. */
export function rawRequest(
  url: string,
  target: string,
  options: { readonly method?: string; readonly headers?: Readonly<Record<string, string>> } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const headers = { host: `${hostname}:${port}`, connection: 'close', ...options.headers };
  const head = [
    `${options.method ?? 'GET'} ${target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return rawExchange(url, `${head.join('\r\n')}\r\n\r\n`);
}

/**
 * Bytes sent as given on a fresh socket (from `localAddress`, when given), and the answer read until the server ends
 * the connection. `end` half-closes after sending, as a client done with its request; without it the client stays,
 * and may leave its request unfinished.
 */
export function rawExchange(
  url: string,
  bytes: string,
  options: { readonly end?: boolean; readonly localAddress?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const { localAddress } = options;
    const socket = connect({ port: Number(port), host: hostname, ...(localAddress && { localAddress }) }, () =>
      options.end ? socket.end(bytes) : socket.write(bytes),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split < 0 ? text.length : split).split('\r\n');
      const map = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: map, body: split < 0 ? '' : text.slice(split + 4) });
    });
  });
}
