// The MCP tools: the tools the endpoint catalogue names, each calling its endpoint. Inputs are the endpoints' own
// query schemas and outputs their response schemas, so a tool cannot drift from the endpoint behind it.
import type { TObject } from '@sinclair/typebox';
import type { Config } from '../config.js';
import { ENDPOINTS, GUIDE_URI } from '../api/catalogue.js';
import { NoQuery } from '../api/schemas/queries.js';
import { textOf } from '../domain/text-of.js';

export { GUIDE_URI };

export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: TObject;
  readonly output: TObject;
  /** The endpoint the tool calls. */
  readonly path: string;
  /** The query parameters of the call, from the tool's arguments (already checked against `input`). */
  readonly query?: (args: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

const AS_OF =
  '`meta.dataset.kind` says whether the data is the fictional `demo` or `production`, and record lists carry ' +
  '`meta.data_as_of` and `meta.coverage` (how many sources feed the answer, and how many are fresh, stale, failing or ' +
  'never collected): an empty list means "nothing in what Kohyo held as of data_as_of", never that the company is clean.';

export function mcpTools(config: Config): readonly Tool[] {
  return ENDPOINTS.flatMap((endpoint) =>
    endpoint.tools.map((tool) => ({
      name: tool.name,
      title: tool.title ?? endpoint.summary,
      // an agent reading a list answer is told what an empty one means
      description:
        tool.description ??
        (endpoint.listAnswer ? `${endpoint.description(config)} ${AS_OF}` : endpoint.description(config)),
      input: tool.input ?? endpoint.query?.(config) ?? NoQuery,
      output: endpoint.response,
      path: endpoint.path,
      ...(tool.query === undefined ? {} : { query: tool.query }),
    })),
  );
}

/** The path and query string a tool call sends, values percent-encoded as UTF-8. */
export function toolCallUrl(tool: Tool, args: Readonly<Record<string, unknown>>): string {
  const query = tool.query ? tool.query(args) : args;
  const inPath = new Set<string>();
  // an address's parameters are segments of its path (`/x/{id}`), the rest go in the query string
  const path = tool.path.replace(/\{(\w+)\}/gu, (_, name: string) => {
    inPath.add(name);
    return encodeURIComponent(textOf(query[name] ?? ''));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && !inPath.has(name)) search.append(name, textOf(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}
