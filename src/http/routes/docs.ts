// GET /api/v1/openapi.json (generated from the route schemas) and GET /llms.txt (the guide for LLM agents).
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../api/endpoint.js';
import { guideText } from '../self-description/guide.js';
import { latestBody, precompressedAnswer } from '../precompressed.js';
import { GUIDE_PATH, OPENAPI_PATH, documentAt, routeAccounting } from '../../api/catalogue.js';

/**
 * Both are the same for every client and large: each is serialised and compressed once (precompressed.ts), not
 * by @fastify/compress on every request. The OpenAPI document is one object for the app's life; the guide a new
 * string for each dataset and Japanese day (guideText), and so a new body then.
 */
export function guideRoute(app: FastifyInstance, context: RouteContext): void {
  const guide = latestBody('text/plain; charset=utf-8', (text: string) => text);
  app.get(GUIDE_PATH, { config: config(GUIDE_PATH), compress: false }, (request, reply) =>
    precompressedAnswer(request, reply, guide(guideText(context))),
  );
}

/** The OpenAPI document, at its path within the scope of `prefix` (the /api/v1 scope's). */
export function openApiRoute(app: FastifyInstance, prefix: string): void {
  const openApi = latestBody('application/json; charset=utf-8', (document: unknown) => JSON.stringify(document));
  app.get(OPENAPI_PATH.slice(prefix.length), { config: config(OPENAPI_PATH), compress: false }, (request, reply) =>
    precompressedAnswer(request, reply, openApi(app.swagger())),
  );
}

const config = (path: string) => routeAccounting(documentAt(path));
