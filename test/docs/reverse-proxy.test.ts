// The example reverse proxy (deploy/nginx, the proxy service of compose.yaml): checked by nginx's own `nginx -t`, and
// held to what docs/operating.md says of it: the bounds it sets on one address and the address Kohyo trusts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { parse } from 'yaml';
import { assertSectionNames } from '../helpers/markdown.js';
import { nginxCheck, runNginx, SITE_TEXT, UPSTREAM_TEXT } from '../helpers/nginx.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const site = SITE_TEXT;
const upstream = UPSTREAM_TEXT;

/** The arguments of every directive of that name in an nginx file, comments dropped. */
function directives(text: string, name: string): string[] {
  const uncommented = text.replace(/#[^\n]*/gu, '');
  return [...uncommented.matchAll(new RegExp(`(?:^|[;{}\\s])${name}\\s+([^;]*);`, 'gu'))].map((m) => m[1]!.trim());
}

test('nginx -t accepts deploy/nginx/kohyo.conf and upstream.conf', () => {
  const checked = nginxCheck(site);
  assert.equal(checked.status, 0, checked.said);
});

test('nginx -t fails on a mistake, so the check above is worth something', () => {
  const checked = nginxCheck(site.replace('client_max_body_size 64k;', 'client_max_body_size sixty-four;'));
  assert.notEqual(checked.status, 0);
  assert.match(checked.said, /client_max_body_size/u);
});

test('the proxy bounds each address: connections, request rate, slow clients, idle keep-alive, body size', () => {
  assert.deepEqual(directives(site, 'limit_conn_zone'), [
    '$binary_remote_addr zone=kohyo_connections:10m',
    '$kohyo_network zone=kohyo_networks:10m',
  ]);
  // issue 79: a ceiling per network as well as per address, Kohyo's default KOHYO_MAX_CONNECTIONS_PER_NETWORK
  assert.deepEqual(directives(site, 'limit_conn').slice(1), ['kohyo_networks 256']);
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
  assertSectionNames(read('docs/operating.md'), '## Limits', [
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

interface Exchange {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** One request on a connection of its own (so that many can be under way at once from one address). */
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Exchange>((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A stand-in for Kohyo behind the proxy: keeps each request's headers, and answers when `answer` says. */
async function replica(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: IncomingMessage['headers'][] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    answer(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  assert.ok(address !== null && typeof address !== 'string');
  let closed: Promise<unknown> | undefined;
  const close = () => {
    if (closed === undefined) {
      closed = once(server, 'close');
      server.closeAllConnections();
      server.close();
    }
    return closed;
  };
  return { port: address.port, seen, close };
}

const ok = (_req: IncomingMessage, res: ServerResponse) => res.end('{"data":{}}');

test('through nginx: the forwarded address is the peer whatever the client wrote, and a large body is refused', async () => {
  const kohyo = await replica(ok);
  const nginx = await runNginx(kohyo.port);
  try {
    const answer = await send(`${nginx.url}/api/v1/companies?q=a`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    assert.equal(answer.status, 200);
    assert.equal(kohyo.seen.at(-1)!['x-forwarded-for'], '127.0.0.1');
    const large = await send(`${nginx.url}/mcp`, { method: 'POST', body: 'x'.repeat(65 * 1024) });
    assert.equal(large.status, 413);
    assert.equal(kohyo.seen.length, 1, 'the large body never reached the replica');
  } finally {
    await nginx.stop();
    await kohyo.close();
  }
});

test("through nginx: one address's connections past limit_conn, and no replica answering, in the contract's shape", async () => {
  // the replica holds every answer until released, so the requests stay under way together
  const held: ServerResponse[] = [];
  const kohyo = await replica((_req, res) => held.push(res));
  const nginx = await runNginx(kohyo.port);
  try {
    const limit = Number(/^kohyo_connections (\d+)$/u.exec(directives(site, 'limit_conn')[0]!)![1]);
    const underWay = Array.from({ length: limit }, () => send(`${nginx.url}/api/v1/vocabularies`));
    // bounded: the requests reach the replica within milliseconds
    for (let tries = 0; tries < 400 && kohyo.seen.length < limit; tries++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(kohyo.seen.length, limit);
    const refused = await send(`${nginx.url}/api/v1/vocabularies`);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(refused.headers['retry-after'], '1');
    assert.deepEqual((JSON.parse(refused.body) as { error: { code: string } }).error.code, 'rate_limited');
    for (const res of held) res.end('{"data":{}}');
    assert.deepEqual(
      (await Promise.all(underWay)).map((a) => a.status),
      Array.from({ length: limit }, () => 200),
    );
    await kohyo.close();
    const down = await send(`${nginx.url}/api/v1/vocabularies`);
    assert.equal(down.status, 503);
    assert.equal((JSON.parse(down.body) as { error: { code: string } }).error.code, 'service_unavailable');
  } finally {
    await nginx.stop();
    await kohyo.close();
  }
});
