// What many addresses, or one patient one, can take from another (issue 79, points 1 and 2), against a listening
// server, the attackers in a child process (test/helpers/slow-clients.ts), the victim on an address of its own; the
// attack scaled down (a pool of 200 connections): `npm run bench:fair-share` runs it at the default bounds.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { answered, getRequest, holdConnection } from '../helpers/raw-connection.js';
import { attackerAddress, startSlowClients } from '../helpers/slow-clients.js';

/** Asks /health on a connection of its own from `address`, `count` times one after another; how many were answered. */
async function probes(url: string, address: string, count: number): Promise<number> {
  let answers = 0;
  for (let i = 0; i < count; i++) {
    const connection = await holdConnection(url, address).catch(() => null);
    if (connection === null) continue;
    connection.socket.write(getRequest('/health'));
    if (await answered(connection, 5_000)) answers++;
    connection.socket.destroy();
  }
  return answers;
}

describe('slow connections from many addresses fill the pool', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer({ KOHYO_MAX_CONNECTIONS: '200', KOHYO_MAX_CONNECTIONS_PER_ADDRESS: '12' });
  });
  after(() => s.close());

  test('a victim on another address is still answered: the connections without a head in time go first', async () => {
    // 20 addresses, each in a /24 of its own, each holding 12 connections that send a byte of a head a second
    const attack = startSlowClients({
      url: s.server.url,
      mode: 'slow-heads',
      addresses: Array.from({ length: 20 }, (_, i) => attackerAddress(i)),
      perAddress: 12,
      byteEveryMs: 1000,
      seconds: 8,
    });
    await attack.ready;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answers = await probes(s.server.url, '127.0.0.2', 20);
    const report = await attack.done;
    assert.ok(report.opened >= 240, `the attackers opened ${report.opened} connections`);
    assert.ok(answers >= 19, `${answers} of 20 probes answered`);
  });
});

describe('an address reconnecting at its cap', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer({ KOHYO_MAX_CONNECTIONS_PER_ADDRESS: '4' });
  });
  after(() => s.close());

  test('its connections past the cap wait rather than be closed, so that its loops cannot turn', async () => {
    const attack = startSlowClients({
      url: s.server.url,
      mode: 'reconnect',
      addresses: ['127.0.0.61'],
      idle: 4,
      loops: 12,
      seconds: 3,
    });
    await attack.ready;
    const answers = await probes(s.server.url, '127.0.0.62', 10);
    const report = await attack.done;
    // 16 connections, each opened once: none closed at once for its loop to open another (thousands a second before)
    assert.ok(report.opened < 100, `${report.opened} connections opened in 3 s, ${report.closedByServer} closed`);
    assert.equal(answers, 10, 'a victim on another address is answered');
  });
});
