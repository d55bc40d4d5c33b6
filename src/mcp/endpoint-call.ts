// How a tool call reaches its endpoint: an ordinary GET through the app (routing, limits, enumeration refusal, usage
// log and all), made as the client the call came from, one call at a time, each in a turn of the event loop of its
// own; shared by the HTTP transport and stdio.
import type { FastifyInstance } from 'fastify';
import type { EndpointCall } from './mcp-server.js';

/** The client a call is made as: the headers that say who it is, and its address. */
export interface CallIdentity {
  readonly headers: Readonly<Record<string, string>>;
  readonly remoteAddress: string | undefined;
}

export function endpointCall(
  app: FastifyInstance,
  identity: (client: Parameters<EndpointCall>[1]) => CallIdentity,
  onAnswer?: (headers: Readonly<Record<string, unknown>>) => void,
) {
  const call: EndpointCall = async (url, client) => {
    const { headers, remoteAddress } = identity(client);
    const response = await inTurn(() => app.inject({ method: 'GET', url, headers, remoteAddress }));
    onAnswer?.(response.headers);
    // every endpoint a tool calls answers JSON; anything else (a body a proxy or a fault made) is no answer
    const json = /^application\/json\b/u.test(String(response.headers['content-type'] ?? ''));
    return { status: response.statusCode, body: json ? parsed(response.body) : null };
  };
  return call;
}

/** The end of the last call queued: each call starts after it, in a turn of the event loop of its own. */
let lastCall: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` once every piece of MCP work queued before it in this process has ended (a call, a POST's reading by the
 * SDK), and after a turn of the event loop (setImmediate), so that the requests waiting on other connections are read
 * and answered between two of them. The calls of a batch, and of all batches at once, so take the event loop one at a
 * time: a batch of ten dear searches ran
 * as one block of 110 to 190 ms, and twenty such batches held a victim's /health for two seconds (issue 79).
 */
export function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = lastCall.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
  lastCall = turn.catch(() => undefined);
  return turn;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
