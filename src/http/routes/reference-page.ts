// GET /docs: the interactive API reference (Swagger UI) rendered from the OpenAPI document, every asset served here.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../../api/errors.js';
import { REFERENCE_LOGO, REFERENCE_THEME } from './reference-theme.js';
import { OPENAPI_PATH, REFERENCE_PATH } from '../../api/catalogue.js';
import { keepPrecompressedCopies } from '../answers/precompressed.js';
import { propertyOf } from '../../lib/is-object.js';

/**
 * Swagger UI, not Scalar: Scalar's current packages need Node 22 and the service runs on Node 20. Its assets come
 * from the package (served under /docs/static/), never from a CDN, so an offline deployment shows the page whole;
 * the online validator badge is off for the same reason. "Try it out" calls the API on the page's own origin.
 * Its answers are kept compressed in memory (precompressed.ts): in a scope of their own, so the hooks see no other.
 */
export async function referencePageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    keepPrecompressedCopies(scope, referenceCopyKey(packageFiles()));
    scope.addHook('onRoute', oneDocumentNoLoop);
    await scope.register(swaggerUi, {
      routePrefix: REFERENCE_PATH,
      staticCSP: true,
      validatorUrl: false,
      uiConfig: {
        deepLinking: true,
        tryItOutEnabled: true,
        displayRequestDuration: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
        // the documented address, not the plugin's own /docs/json, which the page would otherwise load and link
        urls: [{ url: OPENAPI_PATH, name: 'Kohyo API' }],
      },
      theme: REFERENCE_THEME,
      logo: REFERENCE_LOGO,
    });
  });
}

/**
 * The plugin's routes that would serve a second copy of the document (`/docs/json`, `/docs/yaml`) answer 404 naming
 * its one address, and its `/docs/static/index.html`, which redirects to itself when a query follows it, redirects to
 * the page: the plugin takes no option for either.
 */
function oneDocumentNoLoop(route: RouteOptions): void {
  if (route.url === `${REFERENCE_PATH}/json` || route.url === `${REFERENCE_PATH}/yaml`) {
    route.handler = () => {
      throw new ApiError('not_found', `The OpenAPI document is at ${OPENAPI_PATH}, and only there.`);
    };
  } else if (route.url === `${REFERENCE_PATH}/static/index.html`) {
    route.handler = (_request, reply) => reply.redirect(`${REFERENCE_PATH}/`);
  }
}

/** The files of Swagger UI's package that @fastify/static serves under /docs/static/. */
function packageFiles(): ReadonlySet<string> {
  const require = createRequire(import.meta.url);
  return new Set(readdirSync(join(dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static')));
}

/**
 * A reference page route's answer is kept under its route, and a package file's under its name: a fixed set. The
 * page itself is not kept (its links depend on how the URL ends, and it is small), nor is a file path spelt any other
 * way (`/docs/static//x.js`), which @fastify/static answers as it always has.
 */
function referenceCopyKey(files: ReadonlySet<string>): (request: FastifyRequest) => string | null {
  return (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || route === REFERENCE_PATH || route === `${REFERENCE_PATH}/`) return null;
    if (!route.endsWith('*')) return route;
    const file = propertyOf(request.params, '*');
    return typeof file === 'string' && files.has(file) ? `${route}${file}` : null;
  };
}
