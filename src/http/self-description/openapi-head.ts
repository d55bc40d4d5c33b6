// HEAD beside every GET in the OpenAPI document: Fastify answers HEAD on every GET route (exposeHeadRoutes), which
// @fastify/swagger leaves out, so a client or a proxy that follows the document (Prism answers 405) refuses it.
import { textOf } from '../../lib/is-object.js';
import { objectsAt, type JsonObject } from './json.js';

const REF = '#/components/responses/';

/** Named responses (components.responses) by name. */
type Shared = Readonly<Record<string, JsonObject>>;

/**
 * A response as HEAD gives it: the same status and headers, no body. A named one with a body becomes a $ref to its
 * bodiless twin (name + `Head`), written into `twins`, so each is declared once however many operations answer it.
 */
function withoutBody(response: JsonObject, shared: Shared, twins: Record<string, JsonObject>): JsonObject {
  const { content: _body, ...rest } = response;
  if (typeof response.$ref !== 'string') return rest;
  const name = response.$ref.slice(REF.length);
  const named = shared[name];
  if (named === undefined) throw new Error(`no component for ${response.$ref}`);
  if (named.content === undefined) return response;
  const { content: _namedBody, ...bodiless } = named;
  twins[`${name}Head`] = bodiless;
  return { $ref: `${REF}${name}Head` };
}

/** The HEAD operation of a GET one: its parameters and statuses, a unique operationId (suffix `Head`). */
function headOf(get: JsonObject, shared: Shared, twins: Record<string, JsonObject>): JsonObject {
  const responses = Object.entries(objectsAt(get, 'responses')).map(
    ([status, response]) => [status, withoutBody(response, shared, twins)] as const,
  );
  return {
    operationId: `${textOf(get.operationId)}Head`,
    summary: `${textOf(get.summary)} (headers only)`,
    description:
      'HEAD: the status and headers the same GET would answer, without a body; counted against the limits as that GET is.',
    ...(get.tags === undefined ? {} : { tags: get.tags }),
    ...(get.parameters === undefined ? {} : { parameters: get.parameters }),
    responses: Object.fromEntries(responses),
  };
}

/** Adds `head` after each `get` of the path items, in place; returns the bodiless responses to add to components. */
export function addHeadOperations(
  paths: Record<string, Record<string, JsonObject>>,
  shared: Shared,
): Record<string, JsonObject> {
  const twins: Record<string, JsonObject> = {};
  for (const [path, item] of Object.entries(paths)) {
    const get = item.get;
    if (get !== undefined) paths[path] = { ...item, head: headOf(get, shared, twins) };
  }
  return twins;
}
