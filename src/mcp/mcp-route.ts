// POST /mcp: the MCP server over Streamable HTTP, stateless (one server per request, JSON answers, no session), so
// that any replica can answer any request. Tool calls are made as the HTTP client that sent them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, methodNotAllowed } from '../api/errors.js';
import { originAllowed } from './mcp-origin.js';
import { MCP_PATH } from '../api/catalogue.js';
import type { EndpointCall } from './mcp-server.js';
import type { Tool } from './tools.js';
import { endpointCall } from './endpoint-call.js';

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
  /** Counts a message that returns data (a resource read) as one request of the client that sent it (buildApp). */
  readonly countRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** KOHYO_PUBLIC_URL: its origin may post to /mcp from a browser, besides loopback ones (mcp-origin.ts). */
  readonly publicUrl: string | null;
}

/** The headers of a counted call's answer that tell the client where it stands against the limits. */
const LIMIT_HEADERS = ['ratelimit', 'ratelimit-policy', 'retry-after'];

export async function mcpRoutes(app: FastifyInstance, options: McpRouteOptions): Promise<void> {
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
      const messages = messageCount(request.body);
      if (messages > options.maxBatch)
        throw new ApiError(
          'invalid_parameter',
          `A JSON-RPC batch holds at most ${options.maxBatch} messages (this one holds ${messages}); send the calls in smaller batches.`,
        );
      const { createMcpServer, WebStandardStreamableHTTPServerTransport } = await loadSdk();
      const server = createMcpServer({
        tools: options.tools,
        call: callAs(app, request, reply),
        guide: options.guide,
        admit: async () => options.countRequest?.(request, reply),
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(webRequest(request));
        void reply.code(response.status);
        response.headers.forEach((value, name) => void reply.header(name, value));
        return await response.text();
      } finally {
        await server.close();
      }
    });
    // no server-sent stream and no session to end: the stateless transport answers only POST
    scope.route({
      method: ['GET', 'DELETE'],
      url: MCP_PATH,
      handler: async () => {
        throw methodNotAllowed(['POST'], 'The MCP endpoint answers POST (Streamable HTTP, stateless, JSON answers).');
      },
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

/** How many messages a JSON-RPC body holds: a batch's length, else 1 (a body that is not JSON is the SDK's to refuse). */
function messageCount(body: unknown): number {
  if (typeof body !== 'string' || !body.trimStart().startsWith('[')) return 1;
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 1;
  }
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
