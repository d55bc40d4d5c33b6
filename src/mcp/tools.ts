// The MCP tools: the tools the endpoint catalogue names, each calling its endpoint. Inputs are the endpoints' own
// query schemas made short for an agent (./tool-input.ts), so a tool cannot drift from the endpoint behind it.
import type { TObject } from '@sinclair/typebox';
import type { Config } from '../config.js';
import { ENDPOINTS, GUIDE_URI } from '../api/catalogue.js';
import type { ToolSpec } from '../api/endpoint.js';
import { NoQuery } from '../api/schemas/queries.js';
import { textOf } from '../lib/is-object.js';
import { toolInput, type ToolInput } from './tool-input.js';

export { GUIDE_URI };

export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The arguments as an agent is shown them, and the vocabulary each coded parameter takes. */
  readonly input: ToolInput;
  /** The endpoint the tool calls. */
  readonly path: string;
  /** Whether that endpoint counts against the limits: then so does each call of the tool. */
  readonly counted: boolean;
  /** The endpoint the call goes to, when the arguments choose it. */
  readonly pathOf?: ToolSpec['path'];
  /** Whether the endpoint's answer is lists under `data` (what the answer's bound may shorten). */
  readonly listAnswer: boolean;
  /**
   * The tool's own arguments, when they are not the endpoint's query parameters: checked here, since the endpoint
   * would name its own parameters in a refusal, not the tool's.
   */
  readonly own?: TObject;
  /** The query parameters of the call, from the tool's arguments (already checked against `own`). */
  readonly query?: ToolSpec['query'];
  /** The tool's answer from the endpoint's, when it answers less. */
  readonly answer?: ToolSpec['answer'];
}

/** What an empty list means, said with every list tool (an agent may read one tool's description and not the guide). */
const EMPTY_LIST =
  'An empty list: nothing held as of `meta.data_as_of` (`meta.dataset.kind` `demo` is fictional), never that the ' +
  'company is clean.';

/**
 * A description as an agent reads it: an endpoint's path, which a tool client cannot GET, named by the tool that
 * calls it.
 */
function inToolTerms(text: string): string {
  return text.replace(ENDPOINT_PATH, (path) => TOOL_OF_PATH.get(path) ?? path);
}

/** The first tool of each endpoint that has one, by the endpoint's path. */
const TOOL_OF_PATH: ReadonlyMap<string, string> = new Map(
  ENDPOINTS.flatMap((endpoint) => (endpoint.tools[0] === undefined ? [] : [[endpoint.path, endpoint.tools[0].name]])),
);

/** An endpoint's path in running text: the longest first, and never the start of a longer path. */
const ENDPOINT_PATH = new RegExp(
  [...TOOL_OF_PATH.keys()]
    .sort((a, b) => b.length - a.length)
    .map((path) => `${path.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\w/-])`)
    .join('|'),
  'gu',
);

export function mcpTools(config: Config): readonly Tool[] {
  return ENDPOINTS.flatMap((endpoint) =>
    endpoint.tools.map((tool): Tool => {
      const stated = typeof tool.description === 'function' ? tool.description(config) : tool.description;
      const description = stated ?? endpoint.description(config);
      const arguments_ = tool.input ?? endpoint.query?.(config) ?? NoQuery;
      return {
        name: tool.name,
        title: tool.title ?? endpoint.summary,
        description: inToolTerms(endpoint.listAnswer ? `${description} ${EMPTY_LIST}` : description),
        input: toolInput(arguments_, inToolTerms),
        path: endpoint.path,
        counted: endpoint.counted,
        listAnswer: endpoint.listAnswer,
        ...(tool.input === undefined ? {} : { own: tool.input }),
        ...(tool.query === undefined ? {} : { query: tool.query }),
        ...(tool.path === undefined ? {} : { pathOf: tool.path }),
        ...(tool.answer === undefined ? {} : { answer: tool.answer }),
      };
    }),
  );
}

/**
 * The path and query string a tool call sends, values percent-encoded as UTF-8. A parameter the path names
 * (`/…/{id}` or `/…/:id`) goes into the path.
 */
export function toolCallUrl(path: string, query: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  let filled = path;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = textOf(value);
    const marker = /^\w+$/u.test(name) ? new RegExp(`\\{${name}\\}|:${name}(?=/|$)`, 'u') : null;
    if (marker === null || !marker.test(filled)) search.append(name, text);
    else filled = filled.replace(marker, encodeURIComponent(text));
  }
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}
