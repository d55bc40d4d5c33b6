// GET /docs: the interactive API reference (Swagger UI) rendered from the OpenAPI document, every asset served here.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { REFERENCE_LOGO, REFERENCE_THEME } from './reference-theme.js';
import { OPENAPI_PATH, REFERENCE_PATH } from '../../api/catalogue.js';

/**
 * Swagger UI, not Scalar: Scalar's current packages need Node 22 and the service runs on Node 20. Its assets come
 * from the package (served under /docs/static/), never from a CDN, so an offline deployment shows the page whole;
 * the online validator badge is off for the same reason. "Try it out" calls the API on the page's own origin.
 */
export async function referencePageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
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
}
