// A tool's input as an agent reads it: the endpoint's query schema made short enough for an agent's context (a
// vocabulary named, not listed), and the arguments an agent sends read back into query values.
import { illFormedText } from '../domain/text/well-formed.js';
import type { TObject } from '@sinclair/typebox';
import { VOCABULARIES, VOCABULARY_NAMES } from '../domain/vocabularies/index.js';
import { isRecord, textOf } from '../lib/is-object.js';
import { errorBody } from '../api/errors.js';

/** The JSON Schema of a tool's arguments, as tools/list gives it. */
interface InputSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required?: readonly string[];
  readonly additionalProperties: false;
}

export interface ToolInput {
  readonly schema: InputSchema;
  /** The vocabulary (as list_vocabularies names it) of each parameter whose values are its codes or labels. */
  readonly vocabularies: ReadonlyMap<string, string>;
}

/**
 * Parameters that choose the HTTP representation (`format=atom`): a tool always answers JSON, so a tool does not take
 * them.
 */
const HTTP_ONLY_PARAMETERS: ReadonlySet<string> = new Set(['format']);

/** The tool that lists a vocabulary's codes and labels. */
const VOCABULARIES_TOOL = 'list_vocabularies';

/** A vocabulary of at most this many codes is listed in the parameter's description; a longer one is named. */
const CODES_LISTED = 8;

/** The longest `pattern` kept: a longer one is for machines, and the description says the same in words. */
const PATTERN_KEPT = 40;

/**
 * The schema an agent is shown for `query` (an endpoint's query schema, or a tool's own arguments), its descriptions
 * as `say` words them for an agent.
 */
export function toolInput(query: TObject, say: (text: string) => string = (text) => text): ToolInput {
  const properties: Record<string, Record<string, unknown>> = {};
  const vocabularies = new Map<string, string>();
  for (const [name, property] of Object.entries(plain(query.properties))) {
    if (HTTP_ONLY_PARAMETERS.has(name) || !isRecord(property)) continue;
    const { schema, vocabulary } = shortSchema(property, say);
    properties[name] = schema;
    if (vocabulary !== null) vocabularies.set(name, vocabulary);
  }
  const required = (query.required ?? []).filter((name) => name in properties);
  return {
    schema: {
      type: 'object',
      properties,
      ...(required.length === 0 ? {} : { required }),
      additionalProperties: false,
    },
    vocabularies,
  };
}

/** A property's schema as an agent needs it: its type, bounds and description; codes named or briefly listed. */
function shortSchema(
  property: Readonly<Record<string, unknown>>,
  say: (text: string) => string,
): { schema: Record<string, unknown>; vocabulary: string | null } {
  const description = typeof property.description === 'string' ? say(property.description) : '';
  const { codes, freeText } = codesOf(property);
  if (codes.length === 2 && codes.includes('true') && codes.includes('false'))
    return { schema: { type: 'boolean', description }, vocabulary: null };
  if (codes.length > 0) {
    const vocabulary = vocabularyWithCodes(codes);
    if (codes.length <= CODES_LISTED || vocabulary === null) {
      // a description that names every code already lists them
      if (codes.every((code) => new RegExp(`\\b${code}\\b`, 'u').test(description)))
        return { schema: { type: 'string', description }, vocabulary };
      const listed = `Codes: ${codes.join(', ')}${freeText ? ' (or a label)' : ''}.`;
      return { schema: { type: 'string', description: joined(description, listed) }, vocabulary };
    }
    // a long vocabulary is named, not listed (the endpoint's description says whether a label will do); where the
    // description already points to the vocabularies, the pointer names the field there
    const pointer = `list_vocabularies field "${vocabulary}"`;
    const pointed = description.replace(`(see ${VOCABULARIES_TOOL})`, `(${pointer})`);
    return {
      schema: { type: 'string', description: pointed === description ? joined(description, `${pointer}.`) : pointed },
      vocabulary,
    };
  }
  const schema: Record<string, unknown> = {};
  for (const key of ['type', 'minimum', 'maximum'] as const) {
    if (property[key] !== undefined) schema[key] = property[key];
  }
  if (typeof property.pattern === 'string' && property.pattern.length <= PATTERN_KEPT)
    schema.pattern = property.pattern;
  if (description !== '') schema.description = description;
  return { schema, vocabulary: null };
}

function joined(description: string, more: string): string {
  return description === '' ? more : `${description}. ${more}`;
}

/** The fixed values a property takes (`const`, `enum`, or unions of them) and whether it also takes free text. */
function codesOf(property: Readonly<Record<string, unknown>>): { codes: string[]; freeText: boolean } {
  const codes: string[] = [];
  let freeText = false;
  const visit = (schema: unknown): void => {
    if (!isRecord(schema)) return;
    if (typeof schema.const === 'string') codes.push(schema.const);
    else if (Array.isArray(schema.enum)) codes.push(...schema.enum.filter((v): v is string => typeof v === 'string'));
    else if (Array.isArray(schema.anyOf)) schema.anyOf.forEach(visit);
    else if (schema.type === 'string') freeText = true;
  };
  visit(property);
  return { codes, freeText: freeText && codes.length > 0 };
}

/** The vocabulary whose codes are exactly `codes`, by the name list_vocabularies gives it. */
function vocabularyWithCodes(codes: readonly string[]): string | null {
  const given = new Set(codes);
  return (
    VOCABULARY_NAMES.find((name) => {
      const own = VOCABULARIES[name].codes();
      return own.length === given.size && own.every((code) => given.has(code));
    }) ?? null
  );
}

/** A TypeBox schema as plain JSON (its symbol-keyed markers dropped). */
function plain(value: unknown): Readonly<Record<string, unknown>> {
  const copy: unknown = JSON.parse(JSON.stringify(value));
  return isRecord(copy) ? copy : {};
}

/** The query values of a call, or the error body that refuses its arguments. */
export type ReadArguments =
  | { readonly ok: true; readonly values: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly error: ReturnType<typeof errorBody> };

/**
 * Reads an agent's arguments as query values: a string, number or boolean each as the text a query string would
 * carry (a Corporate Number sent as a JSON number, `limit` as "5" or 5), checked by the endpoint as any other
 * request is, unknown names included (the endpoint names what it takes, or refuses `offset` as bulk access). A
 * parameter of the HTTP representation, or a list or object, is refused here.
 */
export function readArguments(args: Readonly<Record<string, unknown>>): ReadArguments {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (HTTP_ONLY_PARAMETERS.has(name))
      return refuse('unknown_parameter', `A tool takes no ${name}: it always answers JSON.`, name);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return refuse('invalid_parameter', `${name.slice(0, 40)} must be a string, a number or true or false.`, name);
    const wrong = typeof value === 'string' ? illFormedText(value) : null;
    if (wrong !== null)
      return refuse('invalid_parameter', `${name.slice(0, 40)} is not well-formed text: it holds ${wrong}.`, name);
    values[name] = textOf(value);
  }
  return { ok: true, values };
}

function refuse(code: 'unknown_parameter' | 'invalid_parameter', message: string, parameter: string): ReadArguments {
  return { ok: false, error: errorBody(code, message, { parameter: parameter.slice(0, 40) }) };
}
