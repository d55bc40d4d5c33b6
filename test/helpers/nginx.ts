// Running Debian's nginx on the example reverse proxy's configuration (deploy/nginx) in the tests: `nginx -t`, or a
// real nginx in the foreground on loopback, every file it writes in a folder of its own, so either runs as any user.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingMessage } from '../../scripts/test-prerequisites.js';

const NGINX = '/usr/sbin/nginx';
const root = new URL('../../', import.meta.url);
export const SITE_TEXT = readFileSync(new URL('deploy/nginx/kohyo.conf', root), 'utf8');
export const UPSTREAM_TEXT = readFileSync(new URL('deploy/nginx/upstream.conf', root), 'utf8');

/**
 * A main configuration whose http block includes upstream.conf with its replicas at `upstreamPort` on loopback
 * (their names resolve only on the compose network, and nginx resolves them when it reads its configuration), then
 * `site`. Gives the folder and the main file's path.
 */
function mainConfig(site: string, upstreamPort: number, foreground: boolean): { dir: string; main: string } {
  assert.ok(existsSync(NGINX), missingMessage(NGINX));
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-nginx-'));
  const upstream = join(dir, 'upstream.conf');
  writeFileSync(upstream, UPSTREAM_TEXT.replace(/\bserver api-\d+:\d+/gu, `server 127.0.0.1:${upstreamPort}`));
  const sitePath = join(dir, 'site.conf');
  writeFileSync(sitePath, site);
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(temp, kind)};`)
    .join('\n    ');
  const main = join(dir, 'nginx.conf');
  writeFileSync(
    main,
    `${foreground ? 'daemon off;\nmaster_process off;\n' : ''}error_log ${join(dir, 'error.log')};
pid ${join(dir, 'nginx.pid')};
events {}
http {
    ${temps}
    access_log off;
    include ${upstream};
    include ${sitePath};
}
`,
  );
  return { dir, main };
}

/** `nginx -t` on `site` (the text of a site file): nginx's exit status and what it said. */
export function nginxCheck(site: string): { status: number | null; said: string } {
  const { dir, main } = mainConfig(site, 3000, false);
  const result = spawnSync(NGINX, ['-t', '-q', '-e', join(dir, 'error.log'), '-p', dir, '-c', main], {
    encoding: 'utf8',
  });
  return { status: result.status, said: `${result.stdout}${result.stderr}` };
}

export interface RunningNginx {
  readonly url: string;
  stop(): Promise<void>;
}

/** A loopback port free just now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  assert.ok(address !== null && typeof address !== 'string');
  server.close();
  await once(server, 'close');
  return address.port;
}

/** Whether something accepts connections on the port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * nginx in the foreground, one process, serving the site file (its `listen`s moved to a free loopback port) in front
 * of the replicas at `upstreamPort`; stopped by the process id it was started with.
 */
export async function runNginx(upstreamPort: number): Promise<RunningNginx> {
  const port = await freePort();
  const site = SITE_TEXT.replace(/^\s*listen \[::\]:80[^;]*;\n/mu, '').replace(
    /\blisten 80 default_server;/u,
    `listen 127.0.0.1:${port} default_server;`,
  );
  const { dir, main } = mainConfig(site, upstreamPort, true);
  const child: ChildProcess = spawn(NGINX, ['-e', join(dir, 'error.log'), '-p', dir, '-c', main], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  // bounded: nginx listens within milliseconds, or has failed and said why in its error log
  let listening = false;
  for (let tries = 0; tries < 400 && !listening && child.exitCode === null; tries++) {
    listening = await accepting(port);
    if (!listening) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!listening) child.kill('SIGKILL');
  assert.ok(listening, `nginx does not listen: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
