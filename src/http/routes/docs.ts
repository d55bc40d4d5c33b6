// GET /api/v1/openapi.json (generated from the route schemas), and the guide for LLM agents: GET /llms.txt (its index)
// and GET /llms-full.txt (the whole of it).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RouteContext } from '../../api/endpoint.js';
import { guideTexts, type GuideTexts } from '../self-description/guide.js';
import { latestBody, precompressedAnswer } from '../answers/precompressed.js';
import { FULL_GUIDE_PATH, GUIDE_PATH, OPENAPI_PATH, documentAt, routeAccounting } from '../../api/catalogue.js';

/**
 * Each is the same for every client and large: serialised and compressed once (precompressed.ts), not by
 * @fastify/compress on every request. The OpenAPI document is one object for the app's life; the guide's texts new
 * strings for each dataset and Japanese day (guideTexts), and so new bodies then.
 */
export function guideRoutes(app: FastifyInstance, context: RouteContext): void {
  const texts: readonly (readonly [string, keyof GuideTexts])[] = [
    [GUIDE_PATH, 'index'],
    [FULL_GUIDE_PATH, 'full'],
  ];
  for (const [path, text] of texts) {
    const guide = latestBody('text/plain; charset=utf-8', (body: string) => body);
    app.get(path, { config: config(path), compress: false }, async (request, reply) =>
      answered(reply, await precompressedAnswer(request, reply, guide(guideTexts(context)[text]))),
    );
  }
}

/** The OpenAPI document, at its path within the scope of `prefix` (the /api/v1 scope's). */
export function openApiRoute(app: FastifyInstance, prefix: string): void {
  const openApi = latestBody('application/json; charset=utf-8', (document: unknown) => JSON.stringify(document));
  app.get(
    OPENAPI_PATH.slice(prefix.length),
    { config: config(OPENAPI_PATH), compress: false },
    async (request, reply) => answered(reply, await precompressedAnswer(request, reply, openApi(app.swagger()))),
  );
}

/** A handler's answer of a precompressed payload: the payload, or a 304 sent without one (null). */
function answered(reply: FastifyReply, payload: Buffer | string | null): Buffer | string | FastifyReply {
  return payload ?? reply.send();
}

const config = (path: string) => routeAccounting(documentAt(path));
