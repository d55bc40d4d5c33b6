// Route options shared by the API endpoints: the query schema, the contract's query rules, the answer schemas.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FastifySerializerCompiler, preValidationHookHandler } from 'fastify';
import { applyQueryRules, type CleanQuery } from './query-rules.js';
import { parameterNames } from '../api/schemas/queries.js';
import { ErrorBody } from '../api/schemas/common.js';

export interface EndpointDoc {
  /** The name code generators give the operation (OpenAPI operationId). */
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
}

/**
 * `serializerCompiler` replaces Fastify's serialisers of the route's answers (the 200 and the errors), for a route
 * whose answers it can write more cheaply than from the schema alone (list-answer-serializer.ts).
 */
export function endpointOptions<Q extends TObject, R extends TSchema>(
  doc: EndpointDoc,
  querystring: Q,
  response: R,
  serializerCompiler?: FastifySerializerCompiler<unknown>,
) {
  const allowed = parameterNames(querystring);
  const integers = new Set(Object.entries(querystring.properties).filter(([, s]) => s.type === 'integer').map(([name]) => name));
  // a callback hook, not an async one: no promise and microtask per request (issue 13)
  const enforceRules: preValidationHookHandler = (request, _reply, done) => {
    try {
      request.query = applyQueryRules(request.query as Record<string, unknown>, allowed, integers) as CleanQuery;
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
  return {
    schema: {
      operationId: doc.operationId,
      summary: doc.summary,
      description: doc.description,
      tags: [...doc.tags],
      querystring,
      response: { 200: response, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    preValidation: enforceRules,
    ...(serializerCompiler === undefined ? {} : { serializerCompiler }),
  };
}
