// How a tool call reaches its endpoint: an ordinary GET through the app (routing, limits, enumeration refusal, usage
// log and all), made as the client the call came from, one call at a time, each in a turn of the event loop of its
// own (src/limits/turns.ts); shared by the HTTP transport and stdio.
import type { FastifyInstance } from 'fastify';
import type { EndpointCall } from './mcp-server.js';
import { inTurn } from '../limits/turns.js';

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

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
