// Starts bench/serve.ts, compiled, in a child process (its own core, apart from the load generator) and stops it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../src/server-node-flags.js';
import { compileProject } from './compile-project.js';

export type ServerKind =
  | { readonly kind: 'baseline'; readonly dbPath?: string }
  | {
      readonly kind: 'production';
      readonly dbPath: string;
      readonly cacheEntries: number;
      readonly usageDbPath: string;
      /** KOHYO_DB_CACHE_MB; its default when absent. */
      readonly dbCacheMiB?: number;
    }
  | {
      readonly kind: 'kohyo';
      readonly dbPath: string;
      /** The rate limiter, built by limiterFromConfig as main.ts builds it; off when absent. */
      readonly limiter?: { readonly store: 'memory' } | { readonly store: 'redis'; readonly redisUrl: string };
      /** The usage log's database; the log is off when absent. */
      readonly usageDbPath?: string;
      readonly cacheEntries?: number;
      /** The request log, written to /dev/null as the production server writes it. */
      readonly requestLog?: boolean;
      /** The production benchmark's raised limits, so that the limiter refuses nothing. */
      readonly raiseLimits?: boolean;
    };

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** serve.ts compiled by tsc, as `npm start` runs dist/ (under tsx every named closure also pays esbuild's __name). */
const SERVE = join(ROOT, 'dist-bench', 'bench', 'serve.js');
let compiled = false;

/** Compiles serve.ts and what it imports into dist-bench/ once per benchmark run, not once per server. */
function compileServe(): void {
  if (compiled) return;
  compileProject('tsconfig.bench.json');
  compiled = true;
}
// a server starts in about a second, and in tens of seconds on a machine shared with other work
const START_TIMEOUT_MS = 120_000;

/** `nodeOptions` go to the child's node, before the script (e.g. `--cpu-prof`, to profile the server). */
export async function startServerProcess(
  server: ServerKind,
  nodeOptions: readonly string[] = [],
): Promise<ServerProcess> {
  const args =
    server.kind === 'baseline'
      ? ['baseline', ...(server.dbPath === undefined ? [] : [server.dbPath])]
      : server.kind === 'production'
        ? [
            'production',
            server.dbPath,
            '--cache-entries',
            String(server.cacheEntries),
            '--usage-db',
            server.usageDbPath,
            ...(server.dbCacheMiB === undefined ? [] : ['--db-cache-mb', String(server.dbCacheMiB)]),
          ]
        : kohyoArgs(server);
  compileServe();
  // every server with the flags npm start gives node, the bare routes too: the stack's own ceiling and floor
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeOptions, SERVE, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').catch(() => undefined);
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve.ts ${args[0]} did not report a port in ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      const parsed = JSON.parse(line) as { port?: unknown };
      if (typeof parsed.port === 'number') resolve(parsed.port);
      else reject(new Error(`serve.ts printed ${line}, not a port`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.ts ${args[0]} exited with code ${code} before listening`));
    });
  }).catch(async (error: unknown) => {
    child.kill();
    await exited;
    throw error;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('serve.ts has no pid');
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function kohyoArgs(server: Extract<ServerKind, { kind: 'kohyo' }>): string[] {
  const args = ['kohyo', server.dbPath];
  if (server.limiter !== undefined) args.push('--limiter', server.limiter.store);
  if (server.limiter?.store === 'redis') args.push('--redis-url', server.limiter.redisUrl);
  if (server.usageDbPath !== undefined) args.push('--usage-db', server.usageDbPath);
  if (server.cacheEntries !== undefined) args.push('--cache-entries', String(server.cacheEntries));
  if (server.requestLog === true) args.push('--request-log');
  if (server.raiseLimits === true) args.push('--raise-limits');
  return args;
}

/** Runs `use` against a fresh server process of this kind, stopping it afterwards whatever happens. */
export async function withServer<T>(server: ServerKind, use: (url: string) => Promise<T>): Promise<T> {
  const running = await startServerProcess(server);
  try {
    return await use(running.url);
  } finally {
    await running.stop();
  }
}
