// Serialises a list answer whose items may be shared between answers (kept by the answer cache), each such item once.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';

/** Marks an answer whose items are shared objects: the same ones come back in later answers (see sharedItemsSerializer). */
export const ITEMS_SHARED = Symbol('items shared');

type ListAnswer = { readonly data: Readonly<Record<string, readonly object[]>>; readonly meta: unknown; readonly [ITEMS_SHARED]?: boolean };

/**
 * The serialiser of an envelope `{ data: { <list>: [item, …] }, meta }`. For an answer marked ITEMS_SHARED it keeps
 * each item's JSON for as long as the item itself is kept: an answer served from the answer cache hands the same
 * item objects out again (the route presents each cached hit once, not anew), so its items are written once however
 * often it is asked. Writing them was most of serving a cached company search: 16 µs of an answer's 18 in-process
 * (issue 13). Other answers are written as they come, with no weak map entry for items nobody will ask for again.
 * The bytes are those of the envelope's own schema serialiser (test/http/shared-items-serializer.test.ts).
 */
export function sharedItemsSerializer(envelope: TObject, list: string): (answer: ListAnswer) => string {
  const data = envelope.properties.data as TObject;
  const listSchema = data.properties[list] as TSchema & { items?: TSchema };
  if (Object.keys(data.properties).length !== 1 || listSchema?.type !== 'array' || listSchema.items === undefined) {
    throw new Error(`the envelope's data must hold the one list "${list}"`);
  }
  // object schemas: fast-json-stringify's typings allow undefined only for schemas that may serialise to nothing
  const item = fastJsonStringify(listSchema.items) as (x: object) => string;
  const meta = fastJsonStringify(envelope.properties.meta as TSchema) as (x: unknown) => string;
  const written = new WeakMap<object, string>();
  const opening = `{"data":{${JSON.stringify(list)}:[`;
  const writeShared = (x: object) => {
    let json = written.get(x);
    if (json === undefined) {
      json = item(x);
      written.set(x, json);
    }
    return json;
  };
  return (answer) => {
    const write = answer[ITEMS_SHARED] === true ? writeShared : item;
    let items = '';
    for (const x of answer.data[list]!) {
      const json = write(x);
      items = items === '' ? json : `${items},${json}`;
    }
    return `${opening}${items}]},"meta":${meta(answer.meta)}}`;
  };
}

/** A route's serialiser compiler: `sharedItemsSerializer` for its 200 answer, the schema's own serialiser for the rest. */
export function sharedItemsSerializerCompiler<S>(envelope: TObject, list: string): FastifySerializerCompiler<S> {
  const ok = sharedItemsSerializer(envelope, list);
  return ({ schema, httpStatus }) => (httpStatus === '200' ? ok : fastJsonStringify(schema as TSchema)) as (data: unknown) => string;
}
