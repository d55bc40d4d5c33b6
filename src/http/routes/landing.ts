// GET /: a short landing page for browsers, and the same links as JSON for clients that ask for JSON.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../api/endpoint.js';
import { LANDING_LINKS } from '../../api/catalogue.js';
import { homeHtml, type PageRequest } from './pages.js';

const LINKS = Object.fromEntries(LANDING_LINKS.map((link) => [link.name, link.path]));

const ABOUT =
  "Kohyo is a public, read-only JSON API over Japanese company profiles (the National Tax Agency's Corporate Number " +
  'register) and public enforcement records: enforcement actions, procurement suspensions and licence actions. No key, ' +
  'no account; anonymous clients are rate limited and bulk export is not provided.';

/** JSON only for a client that asks for it and not for HTML: a browser's Accept names text/html. */
function wantsJson(request: Pick<FastifyRequest, 'headers'>): boolean {
  const accept = request.headers.accept ?? '';
  return /\bapplication\/(?:[\w.+-]+\+)?json\b/u.test(accept) && !accept.includes('text/html');
}

export function landingRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get<PageRequest>('/', async (request, reply) => {
    void reply.header('Vary', 'Accept, Accept-Language');
    if (wantsJson(request)) {
      void reply.type('application/json; charset=utf-8');
      return { service: 'Kohyo', description: ABOUT, links: LINKS, contact: context.config.contact };
    }
    void reply.type('text/html; charset=utf-8');
    return homeHtml(request, context);
  });
}
