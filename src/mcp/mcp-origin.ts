// Which browser origins may post to /mcp: the MCP transport's rule that a server validate Origin (DNS rebinding).
/** Hosts of this machine: a page served from it is the operator's own. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True for a request without Origin (every client that is not a browser page), an origin of KOHYO_PUBLIC_URL, or a
 * loopback origin. Any other page's script is refused, even when its host name now resolves to this server: that is
 * how a rebinding page would reach a server on its visitor's network.
 */
export function originAllowed(origin: string | undefined, publicUrl: string | null): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (LOOPBACK_HOSTS.has(url.hostname)) return true;
  return publicUrl !== null && URL.canParse(publicUrl) && new URL(publicUrl).origin === url.origin;
}
