// How much of the project one warm request runs: the files and functions of src/ that V8's precise coverage sees
// called while the production service (startService, as npm start runs it) answers one request over HTTP.
//
//   node --import tsx bench/trace-request.ts [--path '/api/v1/enforcements?company=東海運輸'] [--warm 50] [--list]
//
// The demo dataset is built in a temporary folder; the request is asked --warm times first (compiled schemas, memos,
// prepared statements), then once more with coverage counting. --list prints every function the request ran, by file.
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { loadConfig } from '../src/config.js';
import { createLogger, logDestination } from '../src/logger.js';
import { startService } from '../src/service.js';
import { RAISED_LIMITS_ENV } from './fair-share-catalogue.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

interface FunctionCoverage {
  readonly functionName: string;
  readonly ranges: readonly { readonly startOffset: number; readonly count: number }[];
}
interface ScriptCoverage {
  readonly url: string;
  readonly functions: readonly FunctionCoverage[];
}

/** The functions of src/ that ran since the counters were last reset, by file (relative to the repository). */
function ranInSrc(scripts: readonly ScriptCoverage[]): Map<string, string[]> {
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

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      path: { type: 'string', default: '/api/v1/enforcements?company=東海運輸' },
      warm: { type: 'string', default: '50' },
      list: { type: 'boolean', default: false },
    },
  });
  const folder = mkdtempSync(join(tmpdir(), 'kohyo-trace-'));
  const dbPath = join(folder, 'demo.sqlite');
  buildDemoDatabase(dbPath, { now: new Date() });
  const config = loadConfig({
    KOHYO_DB: dbPath,
    KOHYO_USAGE_DB: join(folder, 'usage.sqlite'),
    KOHYO_USAGE_SECRET: 'trace',
    LOG_LEVEL: 'info',
    // the limits of the production benchmark: the warm requests and the traced one are answered, none refused
    ...RAISED_LIMITS_ENV,
  });
  const service = await startService(config, createLogger('info', logDestination('/dev/null')));
  await service.ready();
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const address = service.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  const url = `http://127.0.0.1:${address.port}${values.path}`;
  const ask = async () => {
    const response = await fetch(url, { headers: { 'user-agent': 'trace-request' } });
    await response.arrayBuffer();
    return response.status;
  };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  for (let i = 0; i < Number(values.warm); i += 1) await ask();
  // taking the coverage resets the counters: the next take holds the traced request alone
  await session.post('Profiler.takePreciseCoverage');
  const status = await ask();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
  await service.close();
  rmSync(folder, { recursive: true, force: true });

  const ran = ranInSrc(result);
  const functions = [...ran.values()].reduce((sum, names) => sum + names.length, 0);
  console.log(`GET ${values.path} (status ${status}, warm after ${values.warm})`);
  console.log(`project files: ${ran.size}, functions: ${functions}`);
  if (values.list)
    for (const [file, names] of [...ran].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`${names.length.toString().padStart(4)}  ${file}: ${names.join(', ')}`);
}

await main();
