// GET /api/v1/vocabularies: every code of every enumerated field, with its labels.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { endpointOptions } from '../route-options.js';
import type { RouteContext } from '../../api/context.js';
import { NoQuery } from '../../api/schemas/queries.js';
import { VOCABULARIES } from '../../domain/vocabularies/index.js';
import { closeCauses } from '../../domain/close-causes.js';

const ALL = Object.assign({}, VOCABULARIES, { close_cause: closeCauses });

const TermSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  name_en: Type.String(),
  group: Type.Optional(Type.String({ description: 'for authorities: the publisher group' })),
  parent: Type.Optional(Type.Union([Type.String(), Type.Null()], {
    description: 'for authorities: the code of the body it is an office or agency of, or null; `authority=` matches a code and every office under it',
  })),
});

export const VocabulariesResponse = Type.Object({
  data: Type.Object({
    vocabularies: Type.Object(Object.fromEntries(Object.keys(ALL).map((name) => [name, Type.Array(TermSchema)]))),
  }),
  meta: Type.Object({ request_id: Type.String() }),
});

const body = Object.fromEntries(
  Object.entries(ALL).map(([name, vocabulary]) => [
    name,
    vocabulary.terms.map((t) => {
      const { group, parent } = t as { group?: string; parent?: string | null };
      return group === undefined ? { code: t.code, name: t.name, name_en: t.name_en } : { code: t.code, name: t.name, name_en: t.name_en, group, parent };
    }),
  ]),
);

export function vocabulariesRoutes(app: FastifyInstance, _context: RouteContext): void {
  app.get(
    '/api/v1/vocabularies',
    endpointOptions(
      {
        operationId: 'listVocabularies',
        summary: 'Every code of every enumerated field',
        description:
          'The codes and their Japanese and English labels for every enumerated field and filter. A filter accepts the ' +
          'code or either label. Each authority names its publisher `group` and its `parent` (the body it is an office ' +
          'or agency of, or null); `authority=` matches that authority and every office under it. Outside the rate limit.',
        tags: ['reference'],
      },
      NoQuery,
      VocabulariesResponse,
    ),
    (request) => ({ data: { vocabularies: body }, meta: { request_id: request.id } }),
  );
}
