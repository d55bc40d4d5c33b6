// The OpenAPI 3.1 document's frame; its paths come from the routes' own schemas via @fastify/swagger.
import type { SwaggerOptions } from '@fastify/swagger';
import { ERRORS } from './errors.js';

export function openApiOptions(): SwaggerOptions {
  const errorTable = Object.entries(ERRORS)
    .map(([code, e]) => `| ${e.status} | \`${code}\` | ${e.message} |`)
    .join('\n');
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kohyo API',
        version: '1.0.0',
        description:
          'A public, read-only JSON API over Japanese company profiles and public enforcement records: enforcement ' +
          'actions, procurement suspensions and licence actions. No key or account; anonymous clients are rate limited ' +
          '(10 requests per 60 s, 300 per rolling 24 h) and bulk enumeration is refused. Send `X-Kohyo-Client` ' +
          '(your application name) and `X-Kohyo-Contact` (an address we can reach you at). An LLM guide is at /llms.txt.\n\n' +
          '## Error codes\n\nEvery error answer is `{ "error": { "code", "message", "details" } }`.\n\n' +
          '| Status | Code | Meaning |\n|---|---|---|\n' +
          errorTable,
      },
      servers: [{ url: '/' }],
      tags: [
        { name: 'search', description: 'Companies and records in one request' },
        { name: 'companies', description: 'Company profiles' },
        { name: 'records', description: 'Enforcement records, procurement suspensions, licence actions' },
        { name: 'coverage', description: 'What the dataset covers' },
        { name: 'reference', description: 'Vocabularies, health and documents' },
      ],
    },
    hideUntagged: true,
  };
}
