// The baseline: a bare Fastify app (the project's Fastify version, logger off) with one GET route and a fixed JSON body.
import Fastify, { type FastifyInstance } from 'fastify';

export const BASELINE_PATH = '/baseline';

/** Shaped like a small API answer, so the baseline pays for JSON serialisation too. */
const BODY = { data: { status: 'ok' }, meta: { request_id: '00000000-0000-4000-8000-000000000000' } };

export async function buildBaselineApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get(BASELINE_PATH, async () => BODY);
  await app.ready();
  return app;
}
