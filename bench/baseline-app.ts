// The baseline: a bare Fastify app (the project's Fastify version, logger off) with one GET route and a fixed JSON body.
import Fastify, { type FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';

export const BASELINE_PATH = '/baseline';

/** Shaped like a small API answer, so the baseline pays for JSON serialisation too. */
const BODY = { data: { status: 'ok' }, meta: { request_id: '00000000-0000-4000-8000-000000000000' } };

/** The floor of a data API on this stack: one prepared primary-key look-up in the same SQLite file, as JSON. */
export const BASELINE_LOOKUP_PATH = '/baseline-lookup';

/**
 * The bare route after `us` microseconds of busy work on the CPU: a stand-in for a server that does more a request,
 * to measure what a slower answer costs besides its own work (bench/slow-answer-cost.ts).
 */
export const BASELINE_BUSY_PATH = '/baseline-busy';

export async function buildBaselineApp(dbPath?: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get(BASELINE_PATH, async () => BODY);
  app.get<{ Querystring: { us?: string } }>(BASELINE_BUSY_PATH, async (request) => {
    busyWait(Number(request.query.us ?? 0));
    return BODY;
  });
  if (dbPath !== undefined) {
    const db = new Database(dbPath, { readonly: true });
    const byNumber = db.prepare(
      'SELECT corporate_number, name, name_kana, name_en, prefecture_code, city FROM companies WHERE corporate_number = ?',
    );
    app.get<{ Querystring: { q?: string } }>(BASELINE_LOOKUP_PATH, async (request) => ({
      data: { companies: [byNumber.get(request.query.q ?? '')] },
      meta: BODY.meta,
    }));
    app.addHook('onClose', async () => db.close());
  }
  await app.ready();
  return app;
}

/** Keeps the CPU busy for `us` microseconds of the clock (the process is alone on its core, so that is CPU time too). */
function busyWait(us: number): void {
  const until = process.hrtime.bigint() + BigInt(Math.round(us * 1000));
  while (process.hrtime.bigint() < until);
}
