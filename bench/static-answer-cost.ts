// The server's CPU for each uncounted document and asset (`node --import tsx bench/static-answer-cost.ts [--requests N]`):
// the reference page's files, the OpenAPI document and its copy under /docs, the guide and the vocabularies, each
// asked for with Accept-Encoding br, gzip and none, one request at a time on one keep-alive connection to a server in
// its own process (bench/serve.ts over the demo dataset). CPU is read from /proc, so it is the server's alone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { processCpuSplitMs } from './process-cpu.js';
import { markdownTable } from './report.js';

const PATHS = [
  '/docs/static/swagger-ui-bundle.js',
  '/docs/static/swagger-ui.css',
  '/docs/json',
  '/api/v1/openapi.json',
  '/llms.txt',
  '/api/v1/vocabularies',
];
const ENCODINGS = ['br', 'gzip', 'identity'];
const WARM_UP = 3;

interface Answer {
  readonly status: number;
  readonly encoding: string;
  readonly bytes: number;
}

function get(base: string, path: string, encoding: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { agent, headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'] ?? 'none', bytes }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function startServer(dbPath: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const serve = fileURLToPath(new URL('serve.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', serve, 'kohyo', dbPath], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.stdin.end();
      await once(child, 'exit');
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '30' } } });
  const requests = Number(values.requests);
  const dbPath = join(mkdtempSync(join(tmpdir(), 'kohyo-static-bench-')), 'demo.sqlite');
  buildDemoDatabase(dbPath, { now: new Date() });
  const server = await startServer(dbPath);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const rows: string[][] = [];
  try {
    for (const path of PATHS) {
      for (const encoding of ENCODINGS) {
        for (let i = 0; i < WARM_UP; i++) await get(server.url, path, encoding, agent);
        const before = processCpuSplitMs(server.pid);
        let last: Answer | undefined;
        for (let i = 0; i < requests; i++) last = await get(server.url, path, encoding, agent);
        const after = processCpuSplitMs(server.pid);
        const cpuMs =
          before === null || after === null
            ? NaN
            : (after.userMs + after.systemMs - before.userMs - before.systemMs) / requests;
        rows.push([path, encoding, String(last?.status), last?.encoding ?? '', String(last?.bytes), cpuMs.toFixed(2)]);
      }
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
  console.log(`${requests} requests each, after ${WARM_UP} to warm up; CPU of the server process per request\n`);
  console.log(markdownTable(['path', 'asked', 'status', 'sent', 'bytes', 'CPU ms'], rows));
}

await main();
