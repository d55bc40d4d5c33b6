// The base an answer's absolute links are written on: the configured public address, else the request's own Host
// once checked as host[:port], else a fixed default. The Host header is the client's to write (`a b`, `<x>`,
// `evil.example`), so it reaches a link only through this check.
import { isIPv6 } from 'node:net';

/** The base when neither the setting nor the Host header gives one. */
export const DEFAULT_BASE = 'http://localhost';

// a DNS name or IPv4 address: labels of letters, digits, hyphens (and underscores, which private names use)
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?';
const HOST_PORT = new RegExp(
  `^(?<host>${LABEL}(?:\\.${LABEL})*|\\[(?<ip6>[0-9A-Fa-f:.]{2,45})\\])(?::(?<port>\\d{1,5}))?$`,
  'u',
);

/** The Host header's host[:port], lower-cased, when it is one; null for anything else. */
export function checkedHost(host: string | undefined): string | null {
  if (host === undefined || host.length > 260) return null;
  const match = HOST_PORT.exec(host);
  if (match === null) return null;
  const { ip6, port } = match.groups ?? {};
  if (ip6 !== undefined && !isIPv6(ip6)) return null;
  if (port !== undefined && Number(port) > 65_535) return null;
  return host.toLowerCase();
}

/** What a request says of where it was sent: its protocol and Host header. */
export interface RequestPlace {
  readonly protocol: string;
  readonly host: string | undefined;
}

/** The base (scheme, host and any path prefix, no trailing slash) of the links of an answer to this request. */
export function requestBase(request: RequestPlace, publicUrl: string | null): string {
  if (publicUrl !== null) return publicUrl;
  const host = checkedHost(request.host);
  if (host === null) return DEFAULT_BASE;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * The path and query of a request target, as a URL writes them (percent-encoded): an origin-form target read as a
 * path even when it starts with `//`, an absolute-form one without its own scheme and host; `fallback` (the route's
 * path) when it is neither.
 */
export function targetPath(url: string, fallback: string): string {
  const parsed = url.startsWith('/') ? parse(`http://x${url}`) : parse(url);
  return parsed === null || !parsed.pathname.startsWith('/') ? fallback : `${parsed.pathname}${parsed.search}`;
}

function parse(text: string): URL | null {
  return URL.canParse(text) ? new URL(text) : null;
}
