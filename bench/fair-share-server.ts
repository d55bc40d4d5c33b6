// The production server as `npm start` runs it (dist/src/main.js, its node flags, settings from the environment,
// the request log to a file or /dev/null), in a child process on a loopback port, for bench/fair-share.ts: unlike
// bench/serve.ts, every bound of the service is its own default unless `env` says otherwise.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../src/server-node-flags.js';
import { compileProject } from './compile-project.js';
import type { ServerProcess } from './server-process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** `npm run build`: the compiled code the production server runs. */
export function buildProduction(): void {
  compileProject('tsconfig.build.json');
}

/** A port free on 127.0.0.1 a moment ago (main.ts listens on the PORT it is given, and prints no port of its own). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

/**
 * Starts main.js over the dataset `dbPath` with the service's defaults and `env` over them, and resolves once it
 * answers /health (asked from 127.0.0.1, an address the benchmark's clients never use).
 */
export async function startProductionServer(
  dbPath: string,
  usageDbPath: string,
  env: Readonly<Record<string, string>> = {},
  logPath?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  // the server's log (stdout) to a file the benchmark measures, else to /dev/null
  const log = logPath === undefined ? 'ignore' : openSync(logPath, 'w');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      KOHYO_DB: dbPath,
      KOHYO_USAGE_DB: usageDbPath,
      KOHYO_USAGE_SECRET: 'fair-share-bench',
      LOG_LEVEL: 'info',
      // e.g. --require a preload that watches the server's event loop (bench/HISTORY.md, 2026-11-28, attack (l))
      NODE_OPTIONS: process.env.KOHYO_BENCH_SERVER_NODE_OPTIONS ?? '',
      ...env,
    },
    stdio: ['ignore', log, 'inherit'],
  });
  if (typeof log === 'number') closeSync(log);
  const exited = once(child, 'exit').catch(() => undefined);
  const pid = child.pid;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    if (pid === undefined) throw new Error('main.js has no pid');
    await untilHealthy(url, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid, stop };
}

async function untilHealthy(url: string, exited: () => boolean): Promise<void> {
  const end = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < end) {
    if (exited()) throw new Error('main.js exited before it answered');
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`main.js did not answer /health within ${START_TIMEOUT_MS} ms`);
}

/** The process's resident memory (VmRSS in /proc/PID/status), in MiB; null where /proc is not there. */
export function residentMiB(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** TCP states in /proc/net/tcp of a socket its process still holds: established, or closed by the peer alone. */
const HELD_STATES = new Set(['01', '08']);

/**
 * The connections from `peer` (an IPv4 address) that the server on `url`'s port holds, as the kernel lists them: a
 * client that does not read cannot see its connection closed, and the server's own count is not published. Queued
 * connections it has not accepted yet count too. Null where /proc/net/tcp is not there.
 */
export function connectionsHeldFor(url: string, peer: string): number | null {
  let table: string;
  try {
    table = readFileSync('/proc/net/tcp', 'utf8');
  } catch {
    return null;
  }
  const port = Number(new URL(url).port);
  // /proc/net/tcp writes an IPv4 address as the hexadecimal of its 32 bits in the host's (little-endian) order
  const peerHex = peer
    .split('.')
    .reverse()
    .map((octet) => Number(octet).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  let held = 0;
  for (const line of table.split('\n').slice(1)) {
    const [, local, remote, state] = line.trim().split(/\s+/u);
    if (local === undefined || remote === undefined || state === undefined) continue;
    if (parseInt(local.split(':')[1] ?? '', 16) === port && remote.startsWith(`${peerHex}:`) && HELD_STATES.has(state))
      held++;
  }
  return held;
}
