// GET /: a short landing page for browsers, and the same links as JSON for clients that ask for JSON.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../api/context.js';
import { LANDING_LINKS } from '../../api/catalogue.js';

const LINKS = Object.fromEntries(LANDING_LINKS.map((link) => [link.name, link.path]));

const ABOUT =
  "Kohyo is a public, read-only JSON API over Japanese company profiles (the National Tax Agency's Corporate Number " +
  'register) and public enforcement records: enforcement actions, procurement suspensions and licence actions. No key, ' +
  'no account; anonymous clients are rate limited and bulk export is not provided.';

/** JSON only for a client that asks for it and not for HTML: a browser's Accept names text/html. */
export function wantsJson(request: Pick<FastifyRequest, 'headers'>): boolean {
  const accept = request.headers.accept ?? '';
  return /\bapplication\/(?:[\w.+-]+\+)?json\b/u.test(accept) && !accept.includes('text/html');
}

const escape = (text: string) => text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

function page(contact: string | null): string {
  const link = (href: string, text: string, note: string) => `<li><a href="${href}">${text}</a>: ${note}</li>`;
  const contactLine = contact === null ? '' : `<p>Operator: ${escape(contact)}</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kohyo API</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .2em}</style></head>
<body>
<h1>Kohyo</h1>
<p>${escape(ABOUT)}</p>
<ul>
${LANDING_LINKS.flatMap((l) => (l.title === undefined ? [] : [link(l.path, l.title, l.note ?? '')])).join('\n')}
</ul>
<p>Try <a href="/api/v1/companies?q=hokushin"><code>/api/v1/companies?q=hokushin</code></a>. Send <code>X-Kohyo-Client</code> and <code>X-Kohyo-Contact</code> to say who you are.</p>
${contactLine}
</body>
</html>
`;
}

export function landingRoutes(app: FastifyInstance, context: RouteContext): void {
  const html = page(context.config.contact);
  app.get('/', async (request, reply) => {
    void reply.header('Vary', 'Accept');
    if (wantsJson(request)) {
      void reply.type('application/json; charset=utf-8');
      return { service: 'Kohyo', description: ABOUT, links: LINKS, contact: context.config.contact };
    }
    void reply.type('text/html; charset=utf-8');
    return html;
  });
}
