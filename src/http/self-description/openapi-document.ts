// Turns the document @fastify/swagger generates from the route schemas into a generator-friendly one: named
// schemas as $refs, every status an operation answers with its headers, an example answer per operation, HEAD beside GET.
import {
  NAMED_SCHEMAS,
  errorResponseRef,
  requestHeaderRefs,
  sharedComponents,
  successHeaders,
  type ErrorStatus,
} from './openapi-components.js';
import { MAX_QUERY_WORDS, queryWordsPattern } from '../../domain/text/query-words.js';
import { textOf } from '../../lib/is-object.js';
import { DOCUMENT_EXAMPLES } from './document-examples.generated.js';
import { BASE_PATH, endpointAt } from '../../api/catalogue.js';
import { addHeadOperations } from './openapi-head.js';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { isJsonObject, jsonCopy, jsonOf, objectAt, objectsAt, type Json, type JsonObject } from './json.js';

/** A key that is the same for two schemas that say the same thing, whatever the order of their keys. */
function canonical(node: Json): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(',')}]`;
  if (node !== null && typeof node === 'object') {
    return `{${Object.entries(node)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${JSON.stringify(key)}:${canonical(value)}`)
      .join(',')}}`;
  }
  return JSON.stringify(node);
}

/**
 * The OpenAPI form of a schema, as @fastify/swagger writes it (`const` becomes a one-value `enum`), with one more
 * step for generators: a union of one-value string enums becomes one enum (`"a" | "b"`, not a union of unions).
 */
function openApiForm(node: Json): Json {
  if (Array.isArray(node)) return node.map(openApiForm);
  return isJsonObject(node) ? openApiObject(node) : node;
}

function openApiObject(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'const') out.enum = [value];
    else out[key] = openApiForm(value);
  }
  const members = out.anyOf;
  if (Array.isArray(members) && members.length > 0 && members.every(isOneStringValue)) {
    delete out.anyOf;
    out.type = 'string';
    out.enum = members.map((m) => m.enum[0]);
  }
  return out;
}

/** A schema of one string value, as @fastify/swagger writes a string `const`. */
type OneStringValue = { type: 'string'; enum: [Json] };

function isOneStringValue(node: Json): node is OneStringValue {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
  const keys = Object.keys(node).sort().join(',');
  return keys === 'enum,type' && node.type === 'string' && Array.isArray(node.enum) && node.enum.length === 1;
}

/** Replaces every schema equal to a named one (except the named one's own root) by a $ref to it. */
function named(node: Json, byKey: ReadonlyMap<string, string>, root = true): Json {
  if (Array.isArray(node)) return node.map((item) => named(item, byKey, false));
  if (node === null || typeof node !== 'object') return node;
  const name = root ? undefined : byKey.get(canonical(node));
  if (name !== undefined) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, named(value, byKey, false)]));
}

/** The statuses an operation answers besides 200, and what its 200 carries, from the endpoint's entry in the catalogue. */
function responsesOf(path: string, operation: JsonObject): JsonObject {
  const endpoint = endpointAt(path);
  const api = path.startsWith(`${BASE_PATH}/`);
  const counted = api && endpoint?.counted === true;
  const conditional = endpoint?.conditional === true;
  const success = objectAt(objectAt(operation, 'responses'), '200');
  const content = objectAt(success, 'content');
  const example = DOCUMENT_EXAMPLES.openapi[path];
  if (example !== undefined) objectAt(content, 'application/json').example = jsonOf(example, `the example of ${path}`);
  if (endpoint?.feed !== undefined) {
    content['application/atom+xml'] = {
      schema: {
        type: 'string',
        description: 'the same records as an Atom feed (RFC 4287), for `Accept: application/atom+xml` or `format=atom`',
      },
    };
  }
  const when = (holds: boolean, statuses: readonly ErrorStatus[]) => (holds ? statuses : []);
  // what any request may be answered (a malformed one, another site's load, one too long or too slow, a method, the
  // ceilings on every address, a fault), and what an address or an open dataset adds
  const errors: ErrorStatus[] = [
    400,
    403,
    ...when(endpoint?.parametersIn === 'path', [404]),
    405,
    408,
    429,
    431,
    500,
    ...when(endpoint?.needsDataset !== false, [503]),
  ];
  return {
    200: {
      ...success,
      description: api ? 'The answer: `data`, then `meta`.' : 'The service is up.',
      headers: successHeaders({ counted, conditional }),
    },
    ...(conditional ? { 304: { $ref: '#/components/responses/NotModified' } } : {}),
    ...Object.fromEntries(errors.map((status) => [String(status), errorResponseRef(status)])),
  };
}

/**
 * An operation's parameters as a client reads them: each with an example from the demo dataset (as its answer's is),
 * typed as its schema, `q` with the words it may hold, an optional one's empty value allowed (read as absent, as a
 * value of white space alone is: the query rules), then the request headers the server reads.
 */
function parametersOf(path: string, operation: JsonObject): Json[] {
  const examples = DOCUMENT_EXAMPLES.parameters[path] ?? {};
  const given = Array.isArray(operation.parameters) ? operation.parameters.filter(isJsonObject) : [];
  const parameters = given.map((parameter) => {
    const name = textOf(parameter.name);
    const schema = isJsonObject(parameter.schema) ? parameter.schema : {};
    const example = examples[name];
    const decorated: JsonObject = { ...parameter };
    if (example !== undefined) decorated.example = schema.type === 'integer' ? Number(example) : example;
    if (parameter.in === 'query' && parameter.required !== true) decorated.allowEmptyValue = true;
    if (name === 'q') {
      decorated.schema = { ...schema, pattern: queryWordsPattern(parameter.required === true) };
      decorated.description = `${textOf(parameter.description)}; at most ${MAX_QUERY_WORDS} words (split at white space, every word must match)`;
    }
    return decorated;
  });
  return [...parameters, ...requestHeaderRefs(endpointAt(path)?.conditional === true)];
}

export interface DocumentSettings {
  readonly contact: string | null;
}

/** What @fastify/swagger's transformObject answers: the document it serves. */
type ServedDocument = ReturnType<SwaggerTransformObject>;

/** For @fastify/swagger's transformObject: the generated document, decorated. */
export function decorateDocument(generated: object, settings: DocumentSettings): ServedDocument {
  const document = openApiObject(jsonCopy(generated));
  const schemas = Object.fromEntries(
    Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [name, openApiObject(jsonCopy(schema))]),
  );
  const byKey = new Map(Object.entries(schemas).map(([name, schema]) => [canonical(schema), name]));
  const pathItems = objectAt(document, 'paths');
  // each path item holds its operations by method
  const paths = Object.fromEntries(Object.keys(pathItems).map((path) => [path, objectsAt(pathItems, path)]));
  for (const [path, item] of Object.entries(paths)) {
    for (const operation of Object.values(item)) {
      operation.parameters = parametersOf(path, operation);
      operation.responses = responsesOf(path, operation);
    }
  }
  const shared = sharedComponents();
  const headResponses = addHeadOperations(paths, shared.responses);
  const info = objectAt(document, 'info');
  if (settings.contact !== null) {
    info.contact =
      settings.contact.includes('@') && !settings.contact.includes('/')
        ? { name: 'Kohyo operator', email: settings.contact }
        : { name: 'Kohyo operator', url: settings.contact };
  }
  const decorated = {
    ...document,
    info,
    security: [],
    paths: named(paths, byKey, false),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, named(schema, byKey)])),
      ...shared,
      responses: { ...shared.responses, ...headResponses },
    },
  };
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- @fastify/swagger's own OpenAPI 3.1 document, as JSON, with only OpenAPI 3.1 objects added (test/http/self-description/openapi-lint.test.ts lints it)
  return decorated as unknown as ServedDocument;
}
