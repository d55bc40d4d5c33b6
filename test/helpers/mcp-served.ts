// The real app with a limiter and a usage log the test reads, for the MCP endpoint's tests; and a raw JSON-RPC POST
// to /mcp, for what the SDK's client does not send (batches) or hides (the bytes of an answer).
import { loadConfig } from '../../src/config.js';
import type { FinishedRequest } from '../../src/usage/usage-log.js';
import { startServer, TEST_NOW, type TestServer } from './server.js';
import { fixtureDatabase } from './fixture-dataset.js';
import { memoryLimiter } from './memory-limiter.js';

/**
 * Limits no test of whole answers reaches: a test that asks every company of a dataset, by each of its spellings and
 * numbers (close together, as a run of look-ups would be), measures the answers, not the limits.
 */
export const UNLIMITED = {
  KOHYO_LIMIT_PER_MINUTE: '100000',
  KOHYO_LIMIT_PER_DAY: '1000000',
  KOHYO_ENUM_DISTINCT_TERMS: '100000',
  KOHYO_ADDRESS_LIMIT_FACTOR: '0',
  KOHYO_UNCOUNTED_PER_MINUTE: '100000',
  KOHYO_UNCOUNTED_BYTES_PER_MINUTE: '1000000000000',
  KOHYO_ENUM_SEQUENTIAL: '1000',
};

export interface McpServed {
  readonly server: TestServer;
  /** The usage log's entries, in the order the requests were answered. */
  readonly logged: FinishedRequest[];
  close(): Promise<void>;
}

/** The app over `dbPath` (the endpoint fixtures by default), limited and logged as the service is. */
export async function serveMcp(env: Record<string, string> = {}, dbPath?: string): Promise<McpServed> {
  const limiter = memoryLimiter(loadConfig(env), () => TEST_NOW);
  const logged: FinishedRequest[] = [];
  const server = await startServer({
    dbPath: dbPath ?? (await fixtureDatabase()),
    env,
    deps: {
      limiter,
      usageLog: { record: (r) => void logged.push(r) },
    },
  });
  return {
    server,
    logged,
    close: async () => {
      await server.close();
      await limiter.close();
    },
  };
}

/** A JSON-RPC request to /mcp. */
export interface RpcMessage {
  readonly jsonrpc: '2.0';
  readonly id: number;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/** A tool call as a JSON-RPC request. */
export function toolCall(id: number, name: string, args: Record<string, unknown>): RpcMessage {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

/** What /mcp answered: the status, its headers, the body's bytes as sent, and its JSON (null when it is none). */
export interface RpcAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: number;
  readonly body: unknown;
}

/** POSTs one message or a batch to /mcp, as a client of that User-Agent. */
export async function postMcp(
  url: string,
  message: RpcMessage | readonly RpcMessage[],
  userAgent = 'mcp-raw-test',
  init: { readonly headers?: Record<string, string>; readonly body?: string } = {},
): Promise<RpcAnswer> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      'user-agent': userAgent,
      ...init.headers,
    },
    body: init.body ?? JSON.stringify(message),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the test reads the status
  }
  return { status: response.status, headers: response.headers, bytes: Buffer.byteLength(text), body };
}
