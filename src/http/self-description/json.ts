// A JSON value as a type: what the OpenAPI document is built and rewritten from, and the checks that read a value
// from outside the types (@fastify/swagger's document, a generated example) as one.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Whether a value is JSON through and through, as JSON.parse gives it or a literal written as JSON is. */
function isJson(value: unknown): value is Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return typeof value === 'object' && Object.values(value).every(isJson);
}

/** Whether a JSON value is an object (neither an array nor null). */
export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value known to be JSON (a generated example); `what` names it in the error when it is not. */
export function jsonOf(value: unknown, what: string): Json {
  if (!isJson(value)) throw new Error(`${what} is not JSON`);
  return value;
}

/** A copy of an object as JSON.stringify writes it and JSON.parse reads it back (symbol keys and undefined left out). */
export function jsonCopy(value: object): JsonObject {
  const copy = jsonOf(JSON.parse(JSON.stringify(value)), 'the copy');
  if (!isJsonObject(copy)) throw new Error('the copy of an object is not an object');
  return copy;
}

/** The object `node` holds at `key`, where the document's shape puts one; anything else there is an error. */
export function objectAt(node: JsonObject, key: string): JsonObject {
  const value = node[key];
  if (!isJsonObject(value)) throw new Error(`expected an object at "${key}"`);
  return value;
}

/** The objects held under `node[key]`, by their keys: where the shape holds objects only (responses by status). */
export function objectsAt(node: JsonObject, key: string): Record<string, JsonObject> {
  const held = objectAt(node, key);
  return Object.fromEntries(Object.keys(held).map((name) => [name, objectAt(held, name)]));
}
