// GET /health: whether a dataset is open and the service can answer.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../api/context.js';
import { ErrorBody } from '../../api/schemas/common.js';
import { ApiError } from '../../api/errors.js';
import { servedPublication } from '../../replica/dataset-follower.js';

const Health = Type.Object({
  status: Type.Literal('ok'),
  dataset: Type.Object({
    kind: Type.Union([Type.Literal('demo'), Type.Literal('production')], { description: 'as `meta.dataset.kind`' }),
    version: Type.String({ format: 'date-time', description: 'when the dataset served was built, as `meta.dataset.version`' }),
    published_version: Type.Union([Type.String(), Type.Null()], {
      description: 'on a replica (KOHYO_DATASET_URL), the published version served (the manifest\'s `version`); null otherwise',
    }),
  }),
});

export function healthRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Health',
        description: '200 once the dataset is open, 503 before, with the dataset served. Outside the rate limit.',
        tags: ['reference'],
        response: { 200: Health, 503: ErrorBody },
      },
    },
    async () => {
      const store = context.dataset();
      if (store === null) throw new ApiError('service_unavailable');
      // a replica: the published version, once the file it put in place is the one open
      const published = servedPublication(context.config.dbPath);
      const publishedVersion = published !== null && published.built_at === store.meta.version ? published.version : null;
      return { status: 'ok' as const, dataset: { kind: store.meta.kind, version: store.meta.version, published_version: publishedVersion } };
    },
  );
}
