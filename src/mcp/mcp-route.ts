// POST /mcp: the MCP server over Streamable HTTP, stateless (one server per request, JSON answers, no session), so
// that any replica can answer any request. Tool calls are made as the HTTP client that sent them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/errors.js';
import { originAllowed } from './mcp-origin.js';
import { MCP_PATH } from '../api/catalogue.js';
import type { EndpointCall } from './mcp-server.js';
import type { Tool } from './tools.js';
import { endpointCall } from './endpoint-call.js';
import { inTurn } from '../limits/turns.js';
import { propertyOf } from '../lib/is-object.js';
import type { RouteLimits } from '../limits/limiter.js';
import { LimitRefusal } from '../limits/limit-refusal.js';
import { refusedAnswer } from './refused-messages.js';

export { MCP_PATH };

/** A JSON-RPC message or batch is small; anything larger is not a tool call. */
const BODY_LIMIT = 64 * 1024;

/** The headers that say who the client is (the limiter's and the usage log's reading of it) and how it is reached. */
const IDENTITY_HEADERS = [
  'host',
  'user-agent',
  'x-forwarded-for',
  'x-kohyo-client',
  'x-kohyo-contact',
  'x-service-client',
  'x-service-contact',
];

export interface McpRouteOptions {
  readonly tools: readonly Tool[];
  readonly guide: () => Promise<string>;
  /** The most messages one JSON-RPC batch may hold (KOHYO_MCP_MAX_BATCH). */
  readonly maxBatch: number;
  /**
   * The limits each message falls under (buildApp's): a message that returns data (a call of a counted tool, a
   * resource read) counts as one request of the client that sent it, any other as one uncounted answer of its
   * address. Absent, none (a test's app without limits).
   */
  readonly limits?: RouteLimits;
  /** KOHYO_PUBLIC_URL: its origin may post to /mcp from a browser, besides loopback ones (mcp-origin.ts). */
  readonly publicUrl: string | null;
}

/** The headers of a counted call's answer that tell the client where it stands against the limits. */
const LIMIT_HEADERS = ['ratelimit', 'ratelimit-policy', 'retry-after'];

export async function mcpRoutes(app: FastifyInstance, options: McpRouteOptions): Promise<void> {
  const countedTools = new Set(options.tools.filter((tool) => tool.counted).map((tool) => tool.name));
  await app.register(async (scope) => {
    // the transport reads the JSON-RPC body itself, so that a malformed one gets JSON-RPC's parse error
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    // a body past the limit is a JSON-RPC client's mistake: answered as JSON-RPC, with the status that names it
    scope.setErrorHandler((error, request, reply) => {
      if (isBodyTooLarge(error))
        return reply
          .code(413)
          .send(rpcError(`A message to ${MCP_PATH} is at most ${BODY_LIMIT / 1024} KB; send smaller batches.`));
      // any other error is the app's handler's to answer, in the contract's shape
      throw error;
    });
    scope.post(MCP_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      // a page on another origin must not reach the tools through its visitor's browser (DNS rebinding included)
      if (!originAllowed(request.headers.origin, options.publicUrl))
        return reply.code(403).send(rpcError('This origin may not post to the MCP endpoint.'));
      // each call in a batch is a request of its own (counted as it is made); the batch itself is bounded first
      const batch = readBatch(request.body, countedTools);
      if (batch.messages.length > options.maxBatch)
        throw new ApiError(
          'invalid_parameter',
          `A JSON-RPC batch holds at most ${options.maxBatch} messages (this one holds ${batch.messages.length}); send the calls in smaller batches.`,
        );
      const refused = refusedBatch(batch, request, reply, options.limits);
      if (refused !== undefined) return refused === null ? reply.code(202).send() : reply.send(refused);
      const { createMcpServer, WebStandardStreamableHTTPServerTransport } = await loadSdk();
      // the SDK's work on a POST (its server, the messages read and dispatched) takes a turn of the event loop of its
      // own, as each call does: batches posted at once otherwise ran their setups as one block
      const { server, answering } = await inTurn(async () => {
        const mcp = createMcpServer({
          tools: options.tools,
          call: callAs(app, request, reply),
          guide: options.guide,
          admit: async () => options.limits?.count(request, reply),
          refused: () => options.limits?.standingRefusal(request, reply) ?? null,
        });
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await mcp.connect(transport);
        // wrapped, so that the turn ends once the messages are dispatched, not once they are answered
        return { server: mcp, answering: [transport.handleRequest(webRequest(request))] as const };
      });
      try {
        const response = await answering[0];
        void reply.code(response.status);
        response.headers.forEach((value, name) => void reply.header(name, value));
        return await response.text();
      } finally {
        await server.close();
      }
    });
  });
}

/**
 * The SDK, loaded when /mcp is first asked: it takes about half a second to load, which every process that
 * builds the app (the server, each test file) would otherwise pay whether or not an agent ever comes. So this module
 * imports nothing of the SDK itself: its types.js alone loads zod and every schema of the protocol.
 */
async function loadSdk() {
  const [server, transport] = await Promise.all([
    import('./mcp-server.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
  return {
    createMcpServer: server.createMcpServer,
    WebStandardStreamableHTTPServerTransport: transport.WebStandardStreamableHTTPServerTransport,
  };
}

/**
 * Calls an endpoint of this app as the client that sent `request`: same address, same identifying headers. Each
 * call's RateLimit headers are passed on to `reply`, so the answer to a batch tells where its last call left the client.
 */
function callAs(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): EndpointCall {
  const headers: Record<string, string> = {};
  for (const name of IDENTITY_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return endpointCall(
    app,
    () => ({ headers, remoteAddress: request.socket.remoteAddress }),
    (answered) => {
      for (const name of LIMIT_HEADERS) {
        const value = answered[name];
        if (typeof value === 'string') void reply.header(name, value);
      }
    },
  );
}

function isBodyTooLarge(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
}

/** JSON-RPC 2.0's Invalid Request, the SDK's ErrorCode.InvalidRequest (not imported: see loadSdk). */
const INVALID_REQUEST = -32600;

/** A JSON-RPC error answer to no message in particular (the body could not be taken). */
function rpcError(message: string) {
  return { jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message } };
}

/** The messages of a JSON-RPC body (one that is not JSON is one message, the SDK's to refuse), read once. */
interface Batch {
  readonly messages: readonly unknown[];
  /** Whether the body is a batch (an array), answered with an array. */
  readonly batched: boolean;
  /** How many of them return data, and so count against the limits. */
  readonly counted: number;
}

/** The methods whose messages return data, and so count against the limits (a tool call: when its tool counts). */
const COUNTED_METHODS: ReadonlySet<string> = new Set(['resources/read']);

function readBatch(body: unknown, countedTools: ReadonlySet<string>): Batch {
  let parsed: unknown = null;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = null;
    }
  }
  const batched = Array.isArray(parsed);
  const messages: readonly unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const counts = (message: unknown): boolean => {
    const method = propertyOf(message, 'method');
    if (method === 'tools/call') {
      const name = propertyOf(propertyOf(message, 'params'), 'name');
      return typeof name === 'string' && countedTools.has(name);
    }
    return typeof method === 'string' && COUNTED_METHODS.has(method);
  };
  return { messages, batched, counted: messages.filter(counts).length };
}

/**
 * The bounds a batch meets before the SDK reads any of it: each message that returns no data is one uncounted answer
 * of the address (the POST itself was one: app.ts), and a batch of calls only, from a client or address the limits
 * refuse, is refused whole with the refusal standing, before any of its arguments is read: its answer (null when it
 * holds no request to answer), or undefined to go on. A batch with calls among other messages goes on, each call
 * refused as it comes, before its arguments are read (mcp-server.ts).
 */
function refusedBatch(
  batch: Batch,
  request: FastifyRequest,
  reply: FastifyReply,
  limits: RouteLimits | undefined,
): unknown {
  if (limits === undefined) return undefined;
  const uncounted = batch.messages.length - batch.counted;
  if (uncounted > 1) limits.chargeUncounted(request, uncounted - 1);
  if (batch.counted === 0 || batch.counted < batch.messages.length) return undefined;
  const refusal = limits.standingRefusal(request, reply);
  if (refusal === null) return undefined;
  if (!(refusal instanceof LimitRefusal)) throw refusal;
  return refusedAnswer(batch.messages, batch.batched, refusal);
}

/** Headers about the connection and the body's framing, which belong to the HTTP request, not to the message. */
const FRAMING_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect']);

function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !FRAMING_HEADERS.has(name))
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const body = typeof request.body === 'string' ? request.body : '';
  return new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers, body });
}
