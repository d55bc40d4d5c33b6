// The answer schemas as Fastify's serialiser (fast-json-stringify) is given them: a union it can write without
// asking a validator which branch a value takes, written as the type list it means.
import fastJson from 'fast-json-stringify';
import { isObject } from '../../lib/is-object.js';

type Schema = Readonly<Record<string, unknown>>;

/**
 * fast-json-stringify writes an `anyOf` by running ajv on the value against each branch until one validates (formats
 * included), for every value of every answer: TypeBox's Nullable(X) and its unions of literals are such unions, and
 * they cost /search a visible share of its CPU. Two of them say no more to a writer than a type list does:
 * - X or null, X of one type: `{ ...X, type: [X's type, 'null'] }`;
 * - literals of one primitive type: that type.
 * Any other union is left to fast-json-stringify. What is written for an answer that fits its schema is the same;
 * answers are checked against the schemas as published by the tests (test/http/self-description/openapi-answers.test.ts), not by
 * the writer.
 */
export function serialiserView(schema: Schema): Schema {
  const view: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) view[keyword] = viewOf(value);
  return Array.isArray(view.anyOf) ? (typeList(view, view.anyOf) ?? view) : view;
}

function viewOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(viewOf);
  return isObject(value) ? serialiserView(value) : value;
}

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);

function typeList(schema: Schema, branches: readonly unknown[]): Schema | null {
  const { anyOf: _anyOf, ...siblings } = schema;
  if (!branches.every(isObject)) return null;
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  const nullable = nonNull.length < branches.length;
  const types = new Set(nonNull.map((branch) => branch.type));
  if (types.size !== 1) return null;
  const [type] = types;
  if (typeof type !== 'string') return null;
  if (nonNull.length === 1 && nonNull[0] !== undefined && !('anyOf' in nonNull[0]) && nullable) {
    return { ...siblings, ...nonNull[0], type: [type, 'null'] };
  }
  if (!nullable && PRIMITIVE.has(type) && nonNull.every((branch) => 'const' in branch)) return { ...siblings, type };
  return null;
}

/** An answer's writer: fast-json-stringify, as Fastify's own compiler would use it, from its schema's serialiser view. */
export function answerWriter(schema: unknown): (data: unknown) => string {
  return fastJson(isObject(schema) ? serialiserView(schema) : {});
}
