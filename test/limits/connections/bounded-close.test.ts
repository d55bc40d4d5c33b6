// A closing server ends in bounded time: a connection that has sent nothing is closed at once, a request under way
// is answered within the grace, and one that does not finish in it has its connection cut.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { connectionLimits } from '../../../src/limits/connections/connection-limits.js';
import { loadConfig } from '../../../src/config.js';
import { parseTrustedProxies } from '../../../src/limits/client-identity.js';
import { startServer } from '../../helpers/server.js';

/** Whether the promise settles within `ms`: a guard, so that a close that would wait forever fails the test instead. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function silentConnection(url: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  return { socket, closed };
}

/** A bare app with the bounds on connections (a grace of `graceMs`) and a route that answers when the test says. */
async function slowApp(graceMs: number) {
  const app: FastifyInstance = Fastify();
  await app.register(connectionLimits, {
    connections: loadConfig({}).connections,
    headTimeoutSeconds: 30,
    closeGraceSeconds: graceMs / 1000,
    trusted: parseTrustedProxies([]),
  });
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    entered();
    await released;
    return { answered: true };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, inHandler, release };
}

function get(url: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent: false, headers: { connection: 'keep-alive' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

test('the service closes while a client holds a connection that has sent nothing, and closes that connection', async () => {
  const server = await startServer({ dbPath: null });
  const silent = await silentConnection(server.url);
  assert.ok(await settlesWithin(server.close(), 5_000), 'close waited for the silent connection');
  assert.ok(await settlesWithin(silent.closed, 1_000), 'the silent connection was left open');
});

test('a request under way when the close begins is answered, then the close ends', async () => {
  const { app, url, inHandler, release } = await slowApp(60_000);
  const answer = get(`${url}/slow`);
  await inHandler;
  const closing = app.close();
  release();
  const { status, body } = await answer;
  assert.equal(status, 200);
  assert.deepEqual(JSON.parse(body), { answered: true });
  assert.ok(await settlesWithin(closing, 5_000), 'close did not end once the request was answered');
});

test('a request that does not finish within the grace has its connection cut, and the close ends', async () => {
  const { app, url, inHandler } = await slowApp(100);
  const answer = get(`${url}/slow`).then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code,
  );
  await inHandler;
  assert.ok(await settlesWithin(app.close(), 5_000), 'close waited past its grace');
  assert.equal(await answer, 'ECONNRESET');
});

test('a request whose body trickles in is answered 408 request_timeout once KOHYO_REQUEST_TIMEOUT_S has passed', async () => {
  const server = await startServer({ dbPath: null, env: { KOHYO_REQUEST_TIMEOUT_S: '1' } });
  try {
    const { socket, closed } = await silentConnection(server.url);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: kohyo.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"',
    );
    assert.ok(await settlesWithin(closed, 5_000), 'the connection was held past the request timeout');
    const answer = Buffer.concat(received).toString('utf8');
    assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/u);
    assert.match(answer, /\r\n\r\n\{"error":\{"code":"request_timeout"/u);
  } finally {
    await server.close();
  }
});
