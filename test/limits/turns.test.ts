// MCP work in turns: each piece waits for the connections the kernel holds to be accepted (libuv accepts one a turn of
// the event loop), so that a newcomer is not accepted after every piece of work queued before it (issue 79, point 3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectionsAccepted, inTurn } from '../../src/limits/turns.js';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

test('connections waiting to be accepted are accepted before the next piece of queued work, not one a piece', async () => {
  const events: string[] = [];
  const server = createServer((socket) => {
    connectionsAccepted.count++;
    events.push('accept');
    socket.destroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const connected = join(mkdtempSync(join(tmpdir(), 'kohyo-turns-')), 'connected');
  // 21 clients whose handshakes the kernel completes while this process is held by the first piece of work
  const clients = spawn(process.execPath, [
    '-e',
    `const net = require('node:net');
     let open = 0;
     for (let i = 0; i < 21; i++)
       net.connect(${port}, '127.0.0.1').on('connect', () => ++open === 21 && require('node:fs').writeFileSync(${JSON.stringify(connected)}, ''));
     setTimeout(() => {}, 60_000);`,
  ]);
  const waitForClients = inTurn(async () => {
    const end = Date.now() + 20_000;
    while (!existsSync(connected) && Date.now() < end) busy(1);
    events.push('work');
  });
  // then sixty pieces of 5 ms queued at once, as twenty batches' calls are
  const work = Array.from({ length: 60 }, () => inTurn(async () => (busy(5), events.push('work'))));
  await Promise.all([waitForClients, ...work]);
  clients.kill();
  server.close();
  assert.ok(existsSync(connected), 'the clients connected');
  const first = events.indexOf('accept');
  const last = events.lastIndexOf('accept');
  assert.equal(events.filter((e) => e === 'accept').length, 21);
  const between = events.slice(first, last).filter((e) => e === 'work').length;
  assert.ok(between <= 1, `pieces of work run between the first and the last accept: ${between} (${events.join(' ')})`);
});

test('a flood of connections holds work back for a bounded number of turns only', async () => {
  let stop = false;
  // a connection noted every turn, for ever: the work runs all the same
  const flood = () => {
    connectionsAccepted.count++;
    if (!stop) setImmediate(flood);
  };
  flood();
  const done = await inTurn(async () => 'ran');
  stop = true;
  assert.equal(done, 'ran');
});
