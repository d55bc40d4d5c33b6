// The attacks of bench/fair-share.ts, each from 127.0.0.21 for a few seconds, each ending by itself: held connections,
// MCP batches of guide reads, a parameter repeated 1,800 times, the Swagger UI bundle in brotli, and unread answers.
import { holdConnection, getRequest, type HeldConnection } from '../test/helpers/raw-connection.js';
import { GUIDE_URI } from '../src/mcp/mcp-server.js';
import { clientFrom, loopFor, sleep, Tally } from './fair-share-client.js';
import { connectionsHeldFor } from './fair-share-server.js';

export const ATTACKER_ADDRESS = '127.0.0.21';

export interface AttackResult {
  /** Requests the attacker sent (an MCP batch is one). */
  readonly requests: number;
  /** The attacker's answers by HTTP status ('none' where nothing came back). */
  readonly answers: Tally;
  /** What else there is to say (connections kept, JSON-RPC outcomes). */
  readonly note: string;
}

/** The headers of a POST to /mcp as an MCP client sends them (test/helpers/mcp-served.ts). */
export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
} as const;

/** A JSON-RPC batch of `size` messages of one method and params. */
export function rpcBatch(size: number, method: string, params: (i: number) => Record<string, unknown>): string {
  return JSON.stringify(
    Array.from({ length: size }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method, params: params(i) })),
  );
}

export const GUIDE_READS = rpcBatch(10, 'resources/read', () => ({ uri: GUIDE_URI }));

/** Each attacker request names another User-Agent: the attacker claims to be many clients, as one would. */
let attackerRequests = 0;
const attackerAgent = () => ({ 'user-agent': `attacker/${attackerRequests++}` });

/** HTTP statuses read off a raw connection's bytes as they arrive (answers to /health and errors are small). */
function countStatuses(connection: HeldConnection, tally: Tally): void {
  let tail = '';
  connection.socket.on('data', (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    for (const match of text.matchAll(/HTTP\/1\.1 (\d{3}) /gu)) tally.add(Number(match[1]), 0);
    tail = text.slice(-16);
  });
}

/** Opens `count` connections from the attacker's address at once; those the server closes at once are not kept. */
export async function openMany(url: string, count: number): Promise<HeldConnection[]> {
  const opened = await Promise.all(
    Array.from({ length: count }, () => holdConnection(url, ATTACKER_ADDRESS).catch(() => null)),
  );
  return opened.filter((connection) => connection !== null);
}

/** How long a burst of connections is given to be accepted or closed before the server's share is counted. */
export const SETTLE_MS = 1000;

/** (a) A few hundred connections held open, each kept one asking /health once a second. */
export async function heldConnections(url: string, seconds: number, count = 300): Promise<AttackResult> {
  const connections = await openMany(url, count);
  await sleep(SETTLE_MS);
  const kept = connections.filter((connection) => !connection.closed);
  const heldAfterBurst = connectionsHeldFor(url, ATTACKER_ADDRESS);
  const answers = new Tally();
  for (const connection of kept) countStatuses(connection, answers);
  let requests = 0;
  for (let second = 0; second < seconds; second++) {
    for (const connection of kept) {
      if (connection.closed) continue;
      connection.socket.write(getRequest('/health'));
      requests++;
    }
    await sleep(1000);
  }
  const heldAtEnd = connectionsHeldFor(url, ATTACKER_ADDRESS);
  let bytes = 0;
  for (const connection of connections) {
    bytes += connection.received();
    connection.socket.destroy();
  }
  answers.bytes = bytes;
  return {
    requests,
    answers,
    note:
      `${connections.length} of ${count} connected; held by the server ${SETTLE_MS} ms after the burst: ` +
      `${heldAfterBurst ?? 'n/a'} (${kept.length} not yet closed as the attacker saw them), at the end: ${heldAtEnd ?? 'n/a'}`,
  };
}

/** (b) 4 connections, each posting batches of 10 reads of the guide, one after another. */
export async function guideReads(url: string, seconds: number): Promise<AttackResult> {
  const client = clientFrom(url, ATTACKER_ADDRESS, 4);
  const answers = new Tally();
  const outcomes = { served: 0, refused: 0 };
  await loopFor(seconds, 4, async () => {
    const answer = await client.send({
      path: '/mcp',
      method: 'POST',
      headers: { ...MCP_HEADERS, ...attackerAgent() },
      body: GUIDE_READS,
      keepText: true,
    });
    answers.add(answer.status, answer.bytes);
    for (const outcome of rpcOutcomes(answer.text)) outcomes[outcome]++;
  });
  await client.close();
  return {
    requests: answers.count,
    answers,
    note: `reads: ${outcomes.served} served, ${outcomes.refused} refused (JSON-RPC errors)`,
  };
}

/** Each message of a JSON-RPC batch's answer: served (a result) or refused (an error). */
export function rpcOutcomes(text: string | undefined): ('served' | 'refused')[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    return [];
  }
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  // a tool that failed answers a result with isError: served as far as the limits go, but not an answer
  return messages.map((message) => {
    if (typeof message !== 'object' || message === null || !('result' in message)) return 'refused';
    const { result } = message;
    return typeof result === 'object' && result !== null && 'isError' in result && result.isError === true
      ? 'refused'
      : 'served';
  });
}

/** A company search whose `q` is given 1,800 times (short values: the request line stays under 16 KB). */
const REPEATED_Q_PATH = `/api/v1/companies?${Array.from({ length: 1800 }, (_, i) => `q=${i % 10}`).join('&')}`;

/** (c) 2 connections of searches with 1,800 values of `q`. */
export async function repeatedParameter(url: string, seconds: number): Promise<AttackResult> {
  return getLoop(url, seconds, 2, REPEATED_Q_PATH, {});
}

export const BUNDLE_PATH = '/docs/static/swagger-ui-bundle.js';

/** (d) The Swagger UI bundle in brotli, over and over, on 2 connections. */
export async function bundleInBrotli(url: string, seconds: number): Promise<AttackResult> {
  return getLoop(url, seconds, 2, BUNDLE_PATH, { 'accept-encoding': 'br' });
}

async function getLoop(
  url: string,
  seconds: number,
  connections: number,
  path: string,
  headers: Record<string, string>,
): Promise<AttackResult> {
  const client = clientFrom(url, ATTACKER_ADDRESS, connections);
  const answers = new Tally();
  await loopFor(seconds, connections, async () => {
    const answer = await client.send({ path, headers: { ...headers, ...attackerAgent() } });
    answers.add(answer.status, answer.bytes);
  });
  await client.close();
  return { requests: answers.count, answers, note: '' };
}
