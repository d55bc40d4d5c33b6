// The floods of a refused address, for bench/fair-share.ts: the attacker at 127.0.0.21 first spends its address's
// allowance, then floods as fast as the server lets it: requests with 15 KB paths, refused requests pipelined 16 deep,
// refused requests of 1,400 parameters, MCP batches of calls with 520 arguments. Each connection the server closes
// is opened again at once, as an attacker would.
import { connect, type Socket } from 'node:net';
import { ATTACKER_ADDRESS, MCP_HEADERS, rpcBatch, type AttackResult } from './fair-share-attacks.js';
import { clientFrom, Tally } from './fair-share-client.js';

/** The attacker's own address, in the forms a client might write it into a path; none may reach the server's log. */
export const ATTACKER_ADDRESS_FORMS = [
  '127.0.0.21',
  'ip-127-0-0-21.ec2.internal',
  '21.0.0.127.in-addr.arpa',
  '127.0.21',
];

/**
 * Spends the attacker address's allowance (30 counted requests a minute at the defaults), so that it is refused: look-ups
 * of its own address in the forms above, which the server answers 400 and logs.
 */
async function spendAllowance(url: string): Promise<void> {
  const client = clientFrom(url, ATTACKER_ADDRESS, 1);
  for (let i = 0; i < 40; i++) {
    const path = `/api/v1/companies/${ATTACKER_ADDRESS_FORMS[i % ATTACKER_ADDRESS_FORMS.length]}`;
    await client.send({ path, headers: { 'user-agent': `spend/${i}` } });
  }
  await client.close();
}

/** One request as a raw client writes it, with the headers an MCP client or a browser would send. */
function rawRequest(method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body = ''): string {
  const head = Object.entries({
    host: 'localhost',
    'user-agent': 'flood',
    ...headers,
    ...(method === 'POST' ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`;
}

/** Keeps `depth` requests under way on one connection, opening another when the server closes it, until `end`. */
async function floodOne(url: string, end: number, depth: number, request: string, tally: Tally, counts: Counts) {
  const { hostname, port } = new URL(url);
  while (Date.now() < end) {
    counts.connections++;
    await new Promise<void>((resolve) => {
      const socket: Socket = connect({ host: hostname, port: Number(port), localAddress: ATTACKER_ADDRESS });
      let tail = '';
      let answered = 0;
      const stop = setTimeout(() => socket.destroy(), Math.max(0, end - Date.now()));
      socket.on('connect', () => {
        socket.write(request.repeat(depth));
        counts.sent += depth;
      });
      socket.on('data', (chunk: Buffer) => {
        const text = tail + chunk.toString('latin1');
        let more = 0;
        for (const match of text.matchAll(/HTTP\/1\.1 (\d{3}) /gu)) {
          tally.add(Number(match[1]), 0);
          more++;
        }
        tail = text.slice(-16);
        answered += more;
        tally.bytes += chunk.length;
        // the pipeline kept full: one request for each answer
        if (more > 0 && Date.now() < end && socket.writable) {
          socket.write(request.repeat(more));
          counts.sent += more;
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(stop);
        if (answered === 0) counts.closedUnanswered++;
        resolve();
      });
    });
  }
}

interface Counts {
  connections: number;
  closedUnanswered: number;
  sent: number;
}

/** `connections` connections each kept `depth` deep in `request` for `seconds`. */
async function flood(
  url: string,
  seconds: number,
  connections: number,
  depth: number,
  request: string,
): Promise<AttackResult> {
  await spendAllowance(url);
  const end = Date.now() + seconds * 1000;
  const answers = new Tally();
  const counts: Counts = { connections: 0, closedUnanswered: 0, sent: 0 };
  await Promise.all(Array.from({ length: connections }, () => floodOne(url, end, depth, request, answers, counts)));
  return {
    requests: counts.sent,
    answers,
    note:
      `${connections} connections ${depth} deep; ${counts.connections} opened in all, ${counts.closedUnanswered} ` +
      `closed by the server without an answer; ${answers.count} answers to ${counts.sent} requests`,
  };
}

/** A path of about 15 KB under /api/v1/ that no route takes (the request line stays under Node's 16 KB). */
const LONG_PATH = `/api/v1/${'x'.repeat(15_000)}`;

/** (f) 8 connections, 4 deep, of 15 KB paths from the refused address: what its refusals add to the server's log. */
export const longPaths = (url: string, seconds: number) => flood(url, seconds, 8, 4, rawRequest('GET', LONG_PATH));

/** (g) 16 connections, 16 deep, of refused searches. */
export const pipelinedRefusals = (url: string, seconds: number) =>
  flood(url, seconds, 16, 16, rawRequest('GET', '/api/v1/companies?q=%E6%9E%B6%E7%A9%BA'));

/** A search with 1,400 distinct parameters besides `q` (about 14 KB). */
const WIDE_PATH = `/api/v1/companies?q=a&${Array.from({ length: 1400 }, (_, i) => `p${i}=${i}`).join('&')}`;

/** (h) 8 connections, 4 deep, of refused searches with 1,400 parameters each. */
export const wideRefusals = (url: string, seconds: number) => flood(url, seconds, 8, 4, rawRequest('GET', WIDE_PATH));

/** A batch of 10 calls of `search`, each with 520 arguments besides `q` (under the 64 KB a POST may hold). */
const WIDE_CALLS = rpcBatch(10, 'tools/call', () => ({
  name: 'search',
  arguments: { q: 'a', ...Object.fromEntries(Array.from({ length: 520 }, (_, i) => [`a${i}`, i])) },
}));

/** (i) 4 connections, 2 deep, of MCP batches of 10 refused calls with 520 arguments each. */
export const wideCalls = (url: string, seconds: number) =>
  flood(url, seconds, 4, 2, rawRequest('POST', '/mcp', MCP_HEADERS, WIDE_CALLS));
