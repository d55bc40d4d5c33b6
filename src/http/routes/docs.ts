// GET /api/v1/openapi.json (generated from the route schemas) and GET /llms.txt (the guide for LLM agents).
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../api/context.js';
import { guideText } from '../llms-guide.js';
import { GUIDE_PATH, OPENAPI_PATH, documentAt, routeAccounting } from '../../api/catalogue.js';

export function docsRoutes(app: FastifyInstance, context: RouteContext): void {
  const config = (path: string) => routeAccounting(documentAt(path));
  app.get(OPENAPI_PATH, { config: config(OPENAPI_PATH) }, async (_request, reply) => {
    void reply.header('Content-Type', 'application/json; charset=utf-8');
    return app.swagger();
  });
  app.get(GUIDE_PATH, { config: config(GUIDE_PATH) }, async (_request, reply) => {
    void reply.header('Content-Type', 'text/plain; charset=utf-8');
    return guideText(context);
  });
}
