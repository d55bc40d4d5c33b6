// What one warm request runs of the project: the functions of src/ that V8's precise coverage sees called while the
// production service (startService, as npm start runs it) answers it over HTTP. Read by the architecture walk's test
// and by bench/trace-request.ts (npm run bench:trace).
import type { Profiler } from 'node:inspector/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.js';
import { createLogger, logDestination } from '../../src/logger.js';
import { startService } from '../../src/service.js';
import { countCalls } from './call-counts.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

export interface RequestTrace {
  readonly status: number;
  /** The functions that ran, by file (its path in the repository, `src/…`). */
  readonly ran: ReadonlyMap<string, readonly string[]>;
}

/** The functions of src/ that ran since the counters were last reset, by file. */
function ranInSrc(scripts: readonly Profiler.ScriptCoverage[]): Map<string, string[]> {
  const ran = new Map<string, string[]>();
  for (const script of scripts) {
    if (!script.url.startsWith('file:')) continue;
    const path = fileURLToPath(script.url);
    if (!path.startsWith(SRC)) continue;
    // a function's first range is the function itself; a module's top level (no name, at offset 0) runs only on load;
    // __name is the helper tsx's transform adds to keep a function's name, which the build (tsc) does not have
    const names = script.functions
      .filter((fn) => (fn.ranges[0]?.count ?? 0) > 0 && fn.functionName !== '__name')
      .map((fn) => fn.functionName || `(anonymous @${fn.ranges[0]?.startOffset ?? 0})`);
    if (names.length > 0) ran.set(`src/${path.slice(SRC.length)}`, names);
  }
  return ran;
}

/** What is asked before the traced request: the target itself so many times, or other clients' requests. */
export type Warming = number | readonly { readonly path: string; readonly userAgent: string }[];

/**
 * Three other clients' company= questions, as ../shared/tools/request-trace/run.sh asks them before a new client's:
 * what is traced after them is a new client's first question on a warm server.
 */
export const OTHER_CLIENTS_FIRST: Warming = ['北辰建設', 'ユニオン', '山田'].map((name, i) => ({
  path: `/api/v1/enforcements?company=${encodeURIComponent(name)}`,
  userAgent: `trace-w${i + 1}`,
}));

/**
 * Serves the dataset at `dbPath` as npm start does (the request log, the limiter, the usage log; `env`: more
 * settings), warms it (`warm`: the target asked that many times by the same client, or the requests of other clients
 * given, so that what is traced is a new client's first question), then asks `target` once more with precise coverage
 * counting calls.
 */
export async function traceRequest(
  dbPath: string,
  target: string,
  warm: Warming,
  env: Readonly<Record<string, string>> = {},
): Promise<RequestTrace> {
  const folder = mkdtempSync(join(tmpdir(), 'kohyo-trace-'));
  const config = loadConfig({
    KOHYO_DB: dbPath,
    KOHYO_USAGE_DB: join(folder, 'usage.sqlite'),
    KOHYO_USAGE_SECRET: 'trace',
    LOG_LEVEL: 'info',
    ...env,
  });
  const service = await startService(config, createLogger('info', logDestination('/dev/null')));
  try {
    await service.ready();
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    const address = service.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
    const ask = async (path = target, userAgent = 'request-trace') => {
      const response = await fetch(`http://127.0.0.1:${address.port}${path}`, {
        headers: { 'user-agent': userAgent },
      });
      await response.arrayBuffer();
      return response.status;
    };
    const { value: status, scripts } = await countCalls(
      async () => {
        if (typeof warm === 'number') for (let i = 0; i < warm; i += 1) await ask();
        else for (const { path, userAgent } of warm) await ask(path, userAgent);
      },
      () => ask(),
    );
    return { status, ran: ranInSrc(scripts) };
  } finally {
    await service.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
