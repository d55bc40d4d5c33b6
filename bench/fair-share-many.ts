// The attacks of issue 79 for bench/fair-share.ts: slow connections from many addresses, one address reconnecting at
// its cap (both in a child process: test/helpers/slow-clients.ts), MCP batches of the dearest searches allowed from
// twenty addresses, and a device flooding a dropped address while another device of that address asks now and then.
import { attackerAddress, startSlowClients } from '../test/helpers/slow-clients.js';
import { ATTACKER_ADDRESS, MCP_HEADERS, rpcBatch, rpcOutcomes, type AttackResult } from './fair-share-attacks.js';
import { clientFrom, latencyOf, sleep, Tally } from './fair-share-client.js';
import { MAX_QUERY_WORDS } from '../src/domain/text/query-words.js';

/** (j) 480 addresses, each in a /24 of its own, each holding 32 connections that send a byte of a head every 5 s. */
export async function slowHeads(url: string, seconds: number): Promise<AttackResult> {
  const attack = startSlowClients({
    url,
    mode: 'slow-heads',
    addresses: Array.from({ length: 480 }, (_, i) => attackerAddress(i)),
    perAddress: 32,
    byteEveryMs: 5000,
    seconds: seconds + 40,
  });
  // the victim's attack phase begins once every connection has been opened once (the pool full)
  await attack.ready;
  const report = await Promise.race([attack.done, sleep(seconds * 1000).then(() => null)]);
  return {
    requests: 0,
    answers: new Tally(),
    note: `15,360 slow connections ${report === null ? 'held through the phase' : `ended early: ${JSON.stringify(report)}`}`,
  };
}

/** (k) The attacker's address at its cap: 32 silent connections, and 50 loops that reconnect as soon as closed. */
export async function reconnectLoops(url: string, seconds: number): Promise<AttackResult> {
  const attack = startSlowClients({
    url,
    mode: 'reconnect',
    addresses: [ATTACKER_ADDRESS],
    idle: 32,
    loops: 50,
    seconds,
  });
  const report = await attack.done;
  return {
    requests: report.opened,
    answers: new Tally(),
    note: `connections opened ${report.opened} (${(report.opened / seconds).toFixed(0)} a second), closed by the server ${report.closedByServer}, open at the end ${report.openAtEnd}`,
  };
}

/** The dearest `q` a query may hold: MAX_QUERY_WORDS one-character words, each in many records. */
const DEAREST_Q = Array.from({ length: MAX_QUERY_WORDS }, (_, i) => '株会社事業所建設工業'[i % 10]).join(' ');

/** (l) 20 addresses each posting a batch of 10 `search` calls of the dearest query allowed, three times. */
export async function dearBatches(url: string): Promise<AttackResult> {
  const answers = new Tally();
  const outcomes = { served: 0, refused: 0 };
  const batch = rpcBatch(10, 'tools/call', () => ({ name: 'search', arguments: { q: DEAREST_Q } }));
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const client = clientFrom(url, attackerAddress(i), 1);
      for (let round = 0; round < 3; round++) {
        const answer = await client.send({
          path: '/mcp',
          method: 'POST',
          headers: { ...MCP_HEADERS, 'user-agent': `batcher/${i}` },
          body: batch,
          keepText: true,
        });
        answers.add(answer.status, answer.bytes);
        for (const outcome of rpcOutcomes(answer.text)) outcomes[outcome]++;
      }
      await client.close();
    }),
  );
  return { requests: answers.count, answers, note: `calls: ${outcomes.served} served, ${outcomes.refused} refused` };
}

/**
 * (m) One device of the attacker's address ignores its 429s at 5 requests a second past the drop; another device of
 * the address (its own User-Agent and client name) asks every half second: what it is answered, and how fast.
 */
export async function droppedNeighbour(url: string, seconds: number): Promise<AttackResult> {
  const flooder = clientFrom(url, ATTACKER_ADDRESS, 1);
  // past 120 refusals in a minute the address is dropped
  for (let i = 0; i < 160; i++)
    await flooder.send({ path: `/api/v1/companies?q=a${i}`, headers: { 'user-agent': 'flood' } });
  const end = Date.now() + seconds * 1000;
  const flood = (async () => {
    while (Date.now() < end) {
      await flooder.send({ path: '/api/v1/companies?q=b', headers: { 'user-agent': 'flood' } });
      await sleep(200);
    }
  })();
  const neighbour = clientFrom(url, ATTACKER_ADDRESS, 1);
  const answers = new Tally();
  const ms: number[] = [];
  let said = 0;
  while (Date.now() < end) {
    const answer = await neighbour.send({
      path: '/api/v1/companies?q=hokushin',
      headers: { 'user-agent': 'another-device', 'x-kohyo-client': 'another-app' },
      keepText: true,
    });
    answers.add(answer.status, answer.bytes);
    ms.push(answer.ms);
    if (answer.text?.includes('Too many refusals') === true) said++;
    await sleep(500);
  }
  await flood;
  await Promise.all([flooder.close(), neighbour.close()]);
  const latency = latencyOf(ms);
  return {
    requests: answers.count,
    answers,
    note: `the neighbour's answers: ${answers.describe()}, p50 ${latency.p50.toFixed(0)} ms, max ${latency.max.toFixed(0)} ms; ${said} of them say the address is refused for too many refusals`,
  };
}
