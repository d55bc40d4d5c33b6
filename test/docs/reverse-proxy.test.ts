// The example reverse proxy (deploy/nginx, the proxy service of compose.yaml): checked by nginx's own `nginx -t`, and
// held to what docs/operating.md says of it: the bounds it sets on one address and the address Kohyo trusts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { missingMessage } from '../../scripts/test-prerequisites.js';
import { assertSectionNames } from '../helpers/markdown.js';

const NGINX = '/usr/sbin/nginx';
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const SITE = fileURLToPath(new URL('deploy/nginx/kohyo.conf', root));
const site = read('deploy/nginx/kohyo.conf');
const upstream = read('deploy/nginx/upstream.conf');

/**
 * `nginx -t` on a main configuration whose http block includes upstream.conf, with the replicas' names read as
 * loopback (they resolve only on the compose network, and nginx resolves them when it reads its configuration), and
 * then `site`: every path nginx writes is in a folder of its own, so the check runs as any user. Gives nginx's exit
 * status and what it said.
 */
function nginxCheck(site: string): { status: number | null; said: string } {
  assert.ok(existsSync(NGINX), missingMessage(NGINX));
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-nginx-'));
  const loopbackUpstream = join(dir, 'upstream.conf');
  writeFileSync(loopbackUpstream, upstream.replace(/\bserver api-\d+:/gu, 'server 127.0.0.1:'));
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  const main = join(dir, 'nginx.conf');
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(temp, kind)};`)
    .join('\n    ');
  writeFileSync(
    main,
    `error_log ${join(dir, 'error.log')};
pid ${join(dir, 'nginx.pid')};
events {}
http {
    ${temps}
    access_log off;
    include ${loopbackUpstream};
    include ${site};
}
`,
  );
  const result = spawnSync(NGINX, ['-t', '-q', '-e', join(dir, 'error.log'), '-p', dir, '-c', main], {
    encoding: 'utf8',
  });
  return { status: result.status, said: `${result.stdout}${result.stderr}` };
}

/** The arguments of every directive of that name in an nginx file, comments dropped. */
function directives(text: string, name: string): string[] {
  const uncommented = text.replace(/#[^\n]*/gu, '');
  return [...uncommented.matchAll(new RegExp(`(?:^|[;{}\\s])${name}\\s+([^;]*);`, 'gu'))].map((m) => m[1]!.trim());
}

test('nginx -t accepts deploy/nginx/kohyo.conf and upstream.conf', () => {
  const checked = nginxCheck(SITE);
  assert.equal(checked.status, 0, checked.said);
});

test('nginx -t fails on a mistake, so the check above is worth something', () => {
  const broken = join(mkdtempSync(join(tmpdir(), 'kohyo-nginx-broken-')), 'broken.conf');
  writeFileSync(broken, site.replace('client_max_body_size 64k;', 'client_max_body_size sixty-four;'));
  const checked = nginxCheck(broken);
  assert.notEqual(checked.status, 0);
  assert.match(checked.said, /client_max_body_size/u);
});

test('the proxy bounds each address: connections, request rate, slow clients, idle keep-alive, body size', () => {
  assert.deepEqual(directives(site, 'limit_conn_zone'), ['$binary_remote_addr zone=kohyo_connections:10m']);
  assert.match(directives(site, 'limit_req_zone')[0]!, /^\$binary_remote_addr zone=kohyo_requests:\S+ rate=\d+r\/s$/u);
  assert.match(directives(site, 'limit_conn')[0]!, /^kohyo_connections \d+$/u);
  assert.match(directives(site, 'limit_req')[0]!, /^zone=kohyo_requests burst=\d+ nodelay$/u);
  for (const status of ['limit_conn_status', 'limit_req_status']) assert.deepEqual(directives(site, status), ['429']);
  for (const timeout of ['client_header_timeout', 'client_body_timeout', 'send_timeout', 'keepalive_timeout'])
    assert.match(directives(site, timeout)[0] ?? '', /^\d+s$/u, timeout);
  assert.deepEqual(directives(site, 'client_max_body_size'), ['64k']);
  // the peer alone, never a value the client sent, is the address Kohyo counts
  assert.ok(directives(site, 'proxy_set_header').includes('X-Forwarded-For $remote_addr'));
  assert.deepEqual(directives(site, 'proxy_pass'), ['http://kohyo']);
});

test("the proxy's own refusals are in the contract's JSON shape", () => {
  const bodies = directives(site, 'return').map((args) => {
    const m = /^(\d{3}) '(.*)\\n'$/u.exec(args);
    assert.ok(m, args);
    return [Number(m[1]), (JSON.parse(m[2]!) as { error: { code: string } }).error.code] as const;
  });
  assert.deepEqual(bodies, [
    [429, 'rate_limited'],
    [503, 'service_unavailable'],
  ]);
});

interface ComposeService {
  readonly image?: string;
  readonly environment?: Record<string, string>;
  readonly volumes?: string[];
  readonly ports?: string[];
  readonly networks?: Record<string, { ipv4_address?: string }>;
}

test('compose puts the proxy in front of every replica, and the replicas trust its address alone', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  const proxy = compose.services.proxy!;
  assert.match(proxy.image!, /^nginx:/u, 'the official image, which includes conf.d/*.conf in its http block');
  assert.deepEqual(proxy.volumes, [
    './deploy/nginx/kohyo.conf:/etc/nginx/conf.d/default.conf:ro',
    './deploy/nginx/upstream.conf:/etc/nginx/conf.d/upstream.conf:ro',
  ]);
  const address = proxy.networks?.default?.ipv4_address;
  assert.ok(address);
  const apis = Object.keys(compose.services).filter((name) => name.startsWith('api-'));
  assert.ok(apis.length >= 2);
  const servers = directives(upstream, 'server').map((args) => args.split(/\s+/u)[0]);
  assert.deepEqual(servers, apis.map((name) => `${name}:3000`).sort(), 'upstream.conf names every replica');
  for (const name of apis) {
    const api = compose.services[name]!;
    assert.equal(api.environment!.KOHYO_TRUST_PROXY, `${address}/32`, `${name} trusts the proxy alone`);
    for (const port of api.ports ?? []) assert.match(port, /^127\.0\.0\.1:/u, `${name} is reached through the proxy`);
  }
});

test('docs/operating.md says what each bound protects, how to size it, and shows the proxy', () => {
  assertSectionNames(read('docs/operating.md'), '## Bounds on one address', [
    'KOHYO_MAX_CONNECTIONS_PER_ADDRESS',
    'KOHYO_MAX_CONNECTIONS',
    'KOHYO_KEEP_ALIVE_S',
    'KOHYO_SEND_TIMEOUT_S',
    'KOHYO_UNCOUNTED_PER_MINUTE',
    'KOHYO_TRUST_PROXY',
    'deploy/nginx/kohyo.conf',
    'limit_conn',
    'limit_req',
    'nginx -t',
  ]);
});
