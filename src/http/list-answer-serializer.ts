// Serialises the list answers `{ data: { <list>: [item, …], … }, meta }`: each item with V8's own JSON.stringify, the
// meta block from its schema, and the items of an answer the answer cache keeps once each.
import { KindGuard, type TObject } from '@sinclair/typebox';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { memoPerObject } from '../domain/bounded-memo.js';

import { ITEMS_SHARED } from '../api/envelope.js';

export { ITEMS_SHARED };

type ListAnswer = {
  readonly data: Readonly<Record<string, readonly object[]>>;
  readonly meta: unknown;
  readonly [ITEMS_SHARED]?: boolean;
};

/**
 * The serialiser of an envelope whose `data` holds lists only. The items are the presenters' object literals
 * (api/present), built field by field in their schema's order with nothing else in them, so JSON.stringify writes
 * the bytes the schema's own serialiser writes: test/http/list-answer-serializer.test.ts holds every answer of the
 * demo dataset to that. It writes Japanese text faster than fast-json-stringify, and as one flat string where the
 * other leaves a tree of joined pieces for the socket write to copy out again (bench/README.md).
 *
 * For an answer marked ITEMS_SHARED it keeps each item's JSON for as long as the item itself is kept: an answer
 * served from the answer cache hands the same item objects out again (the route presents each cached hit once, not
 * anew), so its items are written once however often it is asked. Other answers are written as they come, with no
 * weak map entry for items nobody will ask for again.
 */
export function listAnswerSerializer(envelope: TObject): (answer: ListAnswer) => string {
  const { data, meta: metaSchema } = envelope.properties;
  if (!KindGuard.IsObject(data) || metaSchema === undefined)
    throw new Error('the envelope must hold `data`, an object of lists, and `meta`');
  const lists = Object.keys(data.properties);
  for (const list of lists) {
    const schema = data.properties[list];
    if (!KindGuard.IsArray(schema) || !KindGuard.IsObject(schema.items))
      throw new Error(`the envelope's data must hold lists of objects only ("${list}")`);
  }
  const meta: (x: unknown) => string = fastJsonStringify(metaSchema);
  const parts = lists.map((list, i) => ({ list, opening: `${i === 0 ? '{"data":{' : '],'}${JSON.stringify(list)}:[` }));
  const write = (x: object) => JSON.stringify(x);
  const writeShared = memoPerObject(write);
  return (answer) => {
    const writeItem = answer[ITEMS_SHARED] === true ? writeShared : write;
    let json = '';
    for (const { list, opening } of parts) {
      const items = answer.data[list];
      // as the schema's own serialiser refuses an answer without a required property
      if (items === undefined) throw new Error(`the answer has no "${list}" list`);
      json += opening + items.map(writeItem).join(',');
    }
    return `${json}]},"meta":${meta(answer.meta)}}`;
  };
}

/**
 * A route's serialiser compiler: `listAnswerSerializer` for its 200 answer, from the envelope schema Fastify hands it,
 * and the schema's own serialiser for the rest.
 */
export const listAnswerSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, httpStatus }) => {
  if (httpStatus !== '200') {
    if (typeof schema !== 'object' || schema === null) throw new Error(`the ${httpStatus} answer has no schema`);
    return fastJsonStringify(schema);
  }
  if (!KindGuard.IsObject(schema)) throw new Error('the 200 answer of a list endpoint must be an object schema');
  return listAnswerSerializer(schema);
};
