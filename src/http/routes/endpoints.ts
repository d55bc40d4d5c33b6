// Every endpoint of the catalogue as a GET route: its query schema and rules, its answer schemas, its answer.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../api/catalogue.js';
import type { RouteContext } from '../../api/context.js';
import { endpointOptions } from '../route-options.js';
import { listAnswerSerializerCompiler } from '../list-answer-serializer.js';

export function endpointRoutes(app: FastifyInstance, context: RouteContext): void {
  for (const endpoint of ENDPOINTS) {
    const options = endpointOptions(endpoint, context.config, endpoint.listAnswer ? listAnswerSerializerCompiler : undefined);
    // the query has passed the endpoint's own schema (and its rules) by the time the handler runs
    app.get(endpoint.path, options, (request) => endpoint.answer(context, request.query as Record<string, unknown>, request.id));
  }
}
