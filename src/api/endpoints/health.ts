// GET /health: whether a dataset is open and the service can answer.
import { Type, type TObject } from '@sinclair/typebox';
import type { Endpoint } from '../endpoint.js';
import { ApiError } from '../errors.js';
import { servedPublication } from '../../replica/dataset-follower.js';

const Health = Type.Object({
  status: Type.Literal('ok'),
  dataset: Type.Object({
    kind: Type.Union([Type.Literal('demo'), Type.Literal('production')], { description: 'as `meta.dataset.kind`' }),
    version: Type.String({
      format: 'date-time',
      description: 'when the dataset served was built, as `meta.dataset.version`',
    }),
    published_version: Type.Union([Type.String(), Type.Null()], {
      description:
        "on a replica (KOHYO_DATASET_URL), the published version served (the manifest's `version`); null otherwise",
    }),
  }),
});

export const HEALTH: Endpoint<TObject, typeof Health> = {
  path: '/health',
  operationId: 'getHealth',
  summary: 'Health',
  description: () =>
    '200 once the dataset is open, with the dataset served (`dataset.kind`, `dataset.version`, and on a replica ' +
    'following a published dataset `dataset.published_version`); 503 `service_unavailable` before. Outside the rate limit.',
  tags: ['reference'],
  query: null,
  response: Health,
  counted: false,
  conditional: false,
  paged: false,
  listAnswer: false,
  needsDataset: true,
  landingLink: { name: 'health' },
  tools: [],
  answer(context) {
    const store = context.dataset();
    if (store === null) throw new ApiError('service_unavailable');
    // a replica: the published version, once the file it put in place is the one open
    const published = servedPublication(context.config.dbPath);
    const publishedVersion = published !== null && published.built_at === store.meta.version ? published.version : null;
    return {
      status: 'ok',
      dataset: { kind: store.meta.kind, version: store.meta.version, published_version: publishedVersion },
    };
  },
};
