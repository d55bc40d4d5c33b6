// The resource isolation policy (Fetch Metadata): what another site's page makes a visitor's browser ask of Kohyo as
// an image, a script, a style, a frame or a prefetch is refused before anything counts it, on every path.
import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import { ApiError } from '../../api/errors.js';

/**
 * Whether a request is another site's load of an answer rather than something its visitor or a script asked for
 * (web.dev's "Protect your resources from web attacks with Fetch Metadata", with its subresource rule made strict).
 * Only `Sec-Fetch-Site: cross-site` is ever refused, and of that, everything but:
 * - a request for a script to read (`Sec-Fetch-Mode: cors`, `Sec-Fetch-Dest: empty`): `fetch()` or XHR with CORS, an
 *   API client in a browser. A cors load of another kind (`<img crossorigin>`, `<script type=module>`, a font) is
 *   no question of the page's script: the browser only counts against its visitor what it then throws away;
 * - a top-level navigation by GET (`navigate`, `document`): a link followed from another site. A nested one (a frame,
 *   `<object>`, `<embed>`) or a form posted from another site is refused.
 * A prefetch or prerender (`Sec-Purpose`, for a page or an answer) is refused too, whatever its mode: the visitor
 * has followed nothing yet, and the browser asks again when it does. Without Fetch Metadata (curl, servers, older
 * browsers), or from Kohyo's own pages (`same-origin`), its site's (`same-site`) or the visitor's own hand (`none`),
 * nothing is refused. A client that forges these headers refuses only itself.
 */
export function isCrossSiteLoad(headers: IncomingHttpHeaders, method: string): boolean {
  if (headers['sec-fetch-site'] !== 'cross-site') return false;
  if (headers['sec-purpose'] !== undefined) return true;
  // what a header leaves out is not held against the request: Chromium 76 to 79 send no Sec-Fetch-Dest
  const destination = headers['sec-fetch-dest'];
  switch (headers['sec-fetch-mode']) {
    case undefined:
      return false;
    case 'cors':
      return destination !== undefined && destination !== 'empty';
    case 'navigate':
      return (destination !== undefined && destination !== 'document') || (method !== 'GET' && method !== 'HEAD');
    default:
      return true;
  }
}

/**
 * What the refusal carries besides its body: never stored (a cache that held it would refuse the visitor's own
 * request of that address), and said to depend on the headers it was read from.
 */
const REFUSAL_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  vary: 'Sec-Fetch-Site, Sec-Fetch-Mode, Sec-Fetch-Dest, Sec-Purpose',
};

/** The refusal of another site's load (isCrossSiteLoad), or null: for an answer made before any hook runs (app.ts). */
export function crossSiteRefusal(headers: IncomingHttpHeaders, method: string): ApiError | null {
  if (!isCrossSiteLoad(headers, method)) return null;
  return new ApiError('cross_site_request_refused', undefined, undefined, { ...REFUSAL_HEADERS });
}

/**
 * The policy as the first onRequest hook after CORS's (so that the refusal carries the CORS headers, as every answer
 * does): before the early refusals, so that another site's load takes nothing from its visitor's standing, neither
 * the limits, the enumeration rules, the address's ceiling on uncounted answers nor its refusals; its 403 is
 * tallied by the request log as a 429 is, one line a minute, not one a request.
 */
export const resourceIsolation = fp(
  (app, _options, done) => {
    app.addHook('onRequest', function refuseCrossSiteLoad(request, _reply, next) {
      next(crossSiteRefusal(request.headers, request.method) ?? undefined);
    });
    done();
  },
  { name: 'kohyo-isolation', dependencies: ['kohyo-errors', 'kohyo-cors'] },
);
