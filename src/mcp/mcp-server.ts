// The MCP server: the tools of ./tools.ts and the LLM guide as a resource. A tool call is answered by calling the
// endpoint behind it as an ordinary request from the same client, so limits, enumeration refusal and the usage log
// apply to an agent exactly as to any other client.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { Value } from '@sinclair/typebox/value';
import { ERRORS, errorBody } from '../api/errors.js';
import { LimitRefusal } from '../limits/limit-refusal.js';
import { LIMIT_REFUSED, refusalBody, toolFailure } from './refused-messages.js';
import { GUIDE_URI, toolCallUrl, type Tool } from './tools.js';
import { readArguments } from './tool-input.js';
import { ANSWER_BYTES, answerBytes, boundAnswer } from './answer-bound.js';
import { isRecord, propertyOf, textOf } from '../lib/is-object.js';
import { PACKAGE_VERSION } from '../package-version.js';

export { GUIDE_URI };

/** The client as it introduced itself when the session began (stdio; a stateless HTTP request has none). */
export interface ClientInfo {
  readonly name: string;
  readonly version: string;
}

/** Answers a GET of the path and query string as the HTTP server would: its status and parsed JSON body. */
export type EndpointCall = (
  url: string,
  client: ClientInfo | undefined,
) => Promise<{ readonly status: number; readonly body: unknown }>;

export interface McpServerOptions {
  readonly tools: readonly Tool[];
  readonly call: EndpointCall;
  /** The whole guide (/llms-full.txt) for the dataset being served. */
  readonly guide: () => Promise<string>;
  /**
   * Counts a message that returns data without calling an endpoint (a resource read) as one request of its client;
   * rejects with the limits' LimitRefusal when they refuse it, which the agent gets as a JSON-RPC error. Absent: such
   * reads are not counted (stdio).
   */
  readonly admit?: () => Promise<void>;
  /**
   * The refusal standing for the client under the limits, or null: a call of a counted tool is refused with it before
   * its arguments are read. Absent: calls are refused only by the endpoint they call.
   */
  readonly refused?: () => Error | null;
}

const SERVER_INFO = { name: 'kohyo', version: PACKAGE_VERSION };

export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: `Kohyo answers whether a Japanese company has been sanctioned, suspended from bidding or had a licence acted on, from public records. Read the resource ${GUIDE_URI} (the LLM guide) first: how to cite, what an empty answer means, and the limits. Each tool call and each resource read counts against the limits as one request. A tool answers its endpoint's JSON as text, at most ${ANSWER_BYTES / 1024} KB: a list that would be longer holds fewer rows, with \`meta.has_more\`.`,
  });
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    // no output schema: an answer is its endpoint's JSON as text, which the description and the guide describe
    tools: options.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input.schema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (tool === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `There is no tool ${JSON.stringify(request.params.name.slice(0, 60))}; tools/list names them.`,
      );
    const standing = tool.counted ? (options.refused?.() ?? null) : null;
    if (standing instanceof LimitRefusal) return failure(refusalBody(standing));
    const args = request.params.arguments ?? {};
    const read = readArguments(args);
    if (!read.ok) return failure(read.error);
    const query = queryOf(tool, read.values);
    if (!query.ok) return failure(query.error);
    const path = tool.pathOf?.(query.values) ?? tool.path;
    const answer = await options.call(toolCallUrl(path, query.values), server.getClientVersion());
    // every endpoint answers an object (an error body for an error); anything else is a fault
    if (!isRecord(answer.body)) return failure(errorBody('internal_error', ERRORS.internal_error.message));
    if (answer.status < 200 || answer.status >= 300) return failure(briefError(tool, answer.body));
    const body = tool.answer ? tool.answer(answer.body, read.values) : answer.body;
    const bounded = boundAnswer(body, tool.listAnswer);
    if (bounded === null)
      return failure(
        errorBody(
          'invalid_parameter',
          `The answer is ${Math.ceil(answerBytes(body) / 1024)} KB, more than a tool answers (${ANSWER_BYTES / 1024} KB): narrow the arguments, or ask the HTTP endpoint ${tool.path}.`,
        ),
      );
    return { content: [{ type: 'text', text: JSON.stringify(bounded) }] };
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      { uri: GUIDE_URI, name: 'llms-full.txt', title: 'Kohyo: the whole guide for LLM agents', mimeType: 'text/plain' },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    if (request.params.uri !== GUIDE_URI)
      throw new McpError(
        ErrorCode.InvalidParams,
        `There is no resource ${JSON.stringify(request.params.uri.slice(0, 100))}; resources/list names it.`,
      );
    await admitted(options.admit);
    return { contents: [{ uri: GUIDE_URI, mimeType: 'text/plain', text: await options.guide() }] };
  });
  return server;
}

/** An error answer: the endpoint's error body as text, so the agent reads the same code and advice as an HTTP client. */
function failure(body: unknown): CallToolResult {
  return toolFailure(body);
}

/**
 * The query of a call: the tool's own arguments checked and rewritten into the endpoint's query, or the arguments
 * themselves (the endpoint checks them, as it checks any request).
 */
function queryOf(
  tool: Tool,
  values: Readonly<Record<string, string>>,
): { ok: true; values: Readonly<Record<string, unknown>> } | { ok: false; error: unknown } {
  if (tool.own === undefined || tool.query === undefined) return { ok: true, values };
  // a value arrives as text (./tool-input.ts): read back into the type the tool's schema names
  const converted: unknown = Value.Convert(tool.own, values);
  if (!Value.Check(tool.own, converted) || !isRecord(converted)) {
    const [first] = Value.Errors(tool.own, converted);
    const parameter = first?.path.replace(/^\//u, '') ?? '';
    const said = propertyOf(tool.input.schema.properties[parameter], 'description');
    const message = `The arguments do not fit the tool's input schema: ${parameter || '/'} ${first?.message ?? ''}`;
    return {
      ok: false,
      error: errorBody(
        'invalid_parameter',
        typeof said === 'string' ? `${message}. ${parameter}: ${said}` : message,
        parameter === '' ? undefined : { parameter },
      ),
    };
  }
  return { ok: true, values: tool.query(converted) };
}

/**
 * The endpoint's error as an agent needs it: a refusal that lists a long vocabulary in `details.allowed` names the
 * vocabulary instead (list_vocabularies lists it once, with labels), rather than fill the context with codes.
 */
function briefError(tool: Tool, body: unknown): unknown {
  const error = propertyOf(body, 'error');
  const details = propertyOf(error, 'details');
  const allowed = propertyOf(details, 'allowed');
  const parameter = propertyOf(details, 'parameter');
  const vocabulary = typeof parameter === 'string' ? tool.input.vocabularies.get(parameter) : undefined;
  if (!isRecord(error) || !isRecord(details) || !Array.isArray(allowed) || vocabulary === undefined) return body;
  if (allowed.length <= BRIEF_ALLOWED) return body;
  const rest = Object.fromEntries(Object.entries(details).filter(([key]) => key !== 'allowed'));
  return {
    error: {
      ...error,
      message: `${textOf(error.message)} list_vocabularies with field "${vocabulary}" lists the ${allowed.length} codes and their labels.`,
      details: rest,
    },
  };
}

/** The most codes a refusal lists to an agent; a longer vocabulary is named instead. */
const BRIEF_ALLOWED = 12;

/**
 * Admits a resource read; one the limits refused becomes the JSON-RPC error the agent gets, with the contract's error
 * body (the one an HTTP client would get) in `data`.
 */
async function admitted(admit: McpServerOptions['admit']): Promise<void> {
  try {
    await admit?.();
  } catch (error) {
    if (!(error instanceof LimitRefusal)) throw error;
    throw new McpError(LIMIT_REFUSED, error.message, refusalBody(error));
  }
}
