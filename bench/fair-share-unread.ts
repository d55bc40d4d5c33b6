// Attack (e) of bench/fair-share.ts: 300 connections from 127.0.0.21, each posting a batch of 10 guide reads to /mcp
// and never reading the answer, with the server's resident memory watched before, during and after, until the server
// has cut them all and its memory is back.
import {
  ATTACKER_ADDRESS,
  GUIDE_READS,
  MCP_HEADERS,
  SETTLE_MS,
  openMany,
  type AttackResult,
} from './fair-share-attacks.js';
import { Tally, sleep } from './fair-share-client.js';
import { connectionsHeldFor, residentMiB } from './fair-share-server.js';

export interface MemoryCourse {
  readonly beforeMiB: number;
  readonly peakMiB: number;
  /** When the attack's `seconds` were over (its connections may still be held). */
  readonly endMiB: number;
  /** When the server had closed every connection, or when the watch gave up. */
  readonly afterMiB: number;
  /** Seconds from the attack's start until the server had closed every connection it kept; null if it had not. */
  readonly closedAfterS: number | null;
  /** Seconds from the attack's start until the resident memory was back near its level before; null if it was not. */
  readonly backAfterS: number | null;
}

/** How long the watch lasts at most after the attack's seconds: past the send timeout (30 s) with room. */
const WATCH_AFTER_MS = 60_000;
const SAMPLE_MS = 250;
/** "Back": within this much of the level before the attack. */
const BACK_WITHIN_MIB = 5;

function rawMcpPost(user: string): string {
  const head = Object.entries({ ...MCP_HEADERS, 'user-agent': user, 'content-length': Buffer.byteLength(GUIDE_READS) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `POST /mcp HTTP/1.1\r\nhost: localhost\r\n${head}\r\n${GUIDE_READS}`;
}

/** (e) 300 connections each posting a batch and never reading; resolves once the server is back or the watch ends. */
export async function unreadAnswers(
  url: string,
  pid: number,
  seconds: number,
  count = 300,
): Promise<AttackResult & { readonly memory: MemoryCourse }> {
  const rss = () => residentMiB(pid) ?? Number.NaN;
  const beforeMiB = rss();
  const start = performance.now();
  const connections = await openMany(url, count);
  connections.forEach((connection, i) => {
    connection.socket.pause();
    connection.socket.write(rawMcpPost(`unread/${i}`));
  });
  await sleep(SETTLE_MS);
  const held = () => connectionsHeldFor(url, ATTACKER_ADDRESS) ?? Number.NaN;
  const heldAfterBurst = held();
  let peakMiB = beforeMiB;
  const elapsedS = () => (performance.now() - start) / 1000;
  while (elapsedS() < seconds) {
    peakMiB = Math.max(peakMiB, rss());
    await sleep(SAMPLE_MS);
  }
  const endMiB = rss();
  const watch = await watchRecovery(held, rss, beforeMiB, elapsedS);
  const received = connections.reduce((sum, connection) => sum + connection.received(), 0);
  for (const connection of connections) connection.socket.destroy();
  const answers = new Tally();
  answers.bytes = received;
  return {
    requests: connections.length,
    answers,
    note:
      `${connections.length} of ${count} connected, a batch posted on each; held by the server ` +
      `${SETTLE_MS} ms after the burst: ${heldAfterBurst}`,
    memory: { beforeMiB, endMiB, ...watch, peakMiB: Math.max(peakMiB, watch.peakMiB) },
  };
}

/** Samples the memory until the server holds none of the attacker's connections and the memory is back, or the watch ends. */
async function watchRecovery(
  held: () => number,
  rss: () => number,
  beforeMiB: number,
  elapsedS: () => number,
): Promise<Pick<MemoryCourse, 'afterMiB' | 'closedAfterS' | 'backAfterS'> & { peakMiB: number }> {
  const end = performance.now() + WATCH_AFTER_MS;
  let closedAfterS: number | null = null;
  let backAfterS: number | null = null;
  let peakMiB = 0;
  let now = rss();
  while (performance.now() < end) {
    now = rss();
    peakMiB = Math.max(peakMiB, now);
    if (closedAfterS === null && held() === 0) closedAfterS = elapsedS();
    if (backAfterS === null && now <= beforeMiB + BACK_WITHIN_MIB) backAfterS = elapsedS();
    else if (backAfterS !== null && now > beforeMiB + BACK_WITHIN_MIB) backAfterS = null;
    if (closedAfterS !== null && backAfterS !== null) break;
    await sleep(SAMPLE_MS);
  }
  return { afterMiB: now, closedAfterS, backAfterS, peakMiB };
}
