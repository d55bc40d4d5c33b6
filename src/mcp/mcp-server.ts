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
import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ERRORS, errorBody } from '../api/errors.js';
import { GUIDE_URI, toolCallUrl, type Tool } from './tools.js';
import { isRecord } from '../domain/is-object.js';

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
  /** The text of /llms.txt for the dataset being served. */
  readonly guide: () => Promise<string>;
}

export const SERVER_INFO = { name: 'kohyo', version: '1.0.0' } as const;

export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: `Kohyo answers whether a Japanese company has been sanctioned, suspended from bidding or had a licence acted on, from public records. Read the resource ${GUIDE_URI} (the LLM guide) first: how to cite, what an empty answer means, and the limits.`,
  });
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: options.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchema(tool.input),
      outputSchema: jsonSchema(tool.output),
      annotations: { readOnlyHint: true, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (tool === undefined)
      throw new McpError(ErrorCode.InvalidParams, `There is no tool ${request.params.name}; tools/list names them.`);
    const args = request.params.arguments ?? {};
    // a tool that rewrites its arguments into another endpoint's query checks them first; others are checked by the endpoint
    if (tool.query !== undefined && !Value.Check(tool.input, args)) {
      const [first] = Value.Errors(tool.input, args);
      return failure(
        errorBody(
          'invalid_parameter',
          `The arguments do not fit the tool's input schema: ${first?.path || '/'} ${first?.message ?? ''}`.trim(),
        ),
      );
    }
    const answer = await options.call(toolCallUrl(tool, args), server.getClientVersion());
    if (answer.status >= 200 && answer.status < 300) {
      // every endpoint answers an object; anything else is a fault, which no structured content could describe
      if (!isRecord(answer.body)) return failure(errorBody('internal_error', ERRORS.internal_error.message));
      return {
        content: [{ type: 'text', text: JSON.stringify(answer.body) }],
        structuredContent: answer.body,
      };
    }
    return failure(answer.body);
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [{ uri: GUIDE_URI, name: 'llms.txt', title: 'Kohyo: the guide for LLM agents', mimeType: 'text/plain' }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    if (request.params.uri !== GUIDE_URI)
      throw new McpError(ErrorCode.InvalidParams, `There is no resource ${request.params.uri}.`);
    return { contents: [{ uri: GUIDE_URI, mimeType: 'text/plain', text: await options.guide() }] };
  });
  return server;
}

/** An error answer: the endpoint's error body as text, so the agent reads the same code and advice as an HTTP client. */
function failure(body: unknown): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** A TypeBox object schema as plain JSON Schema (TypeBox's symbol-keyed markers dropped), typed as MCP types a tool's. */
function jsonSchema(schema: TObject) {
  const copy: unknown = JSON.parse(JSON.stringify(schema));
  if (!isRecord(copy)) throw new Error('the JSON of an object schema is not an object');
  // the copy's `type` is already 'object': said again so that the type says so too
  return { ...copy, type: 'object' as const };
}
