// The OpenAPI 3.1 document's frame; its paths come from the routes' own schemas via @fastify/swagger.
import type { SwaggerOptions } from '@fastify/swagger';
import { ERRORS } from '../../api/errors.js';
import { clientShare } from '../../limits/address-ceilings.js';
import type { Config } from '../../config.js';
import { decorateDocument } from './openapi-document.js';
import { guideRules, type GuideRule } from './guide-rules.js';
import { MAX_TARGET } from '../hooks/route-accounting.js';
import { MAX_PARAMETER_REPEATS } from '../../limits/http/early-refusals.js';
import { PACKAGE_VERSION } from '../../package-version.js';

export function openApiOptions(config: Config): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kohyo API',
        // the release's, as the MCP server says it; the API's own version is its path, /api/v1 (docs/versioning.md)
        version: PACKAGE_VERSION,
        description: documentDescription(config),
        // the licence of what the API serves: the data of the public sources, reused under their terms
        license: {
          name: 'Public Data License 1.0 (公共データ利用規約 第1.0版), the terms of the government sources; each record cites its source',
          url: 'https://www.digital.go.jp/resources/open_data/public_data_license_v1.0',
        },
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
    transformObject: (generated) =>
      decorateDocument('openapiObject' in generated ? generated.openapiObject : generated.swaggerObject, {
        contact: config.contact,
      }),
  };
}

/**
 * The document's description: the limits in force, the rules every request meets (the guide's, written from the same
 * settings and constants the server checks them by), and the error codes.
 */
function documentDescription(config: Config): string {
  const { perMinute, perDay } = config.limits;
  const rules = guideRules(config);
  const list = (items: readonly GuideRule[]) => items.map((rule) => `- ${rule.text}`).join('\n');
  const errorTable = Object.entries(ERRORS)
    .map(([code, e]) => `| ${e.status} | \`${code}\` | ${e.message} |`)
    .join('\n');
  return [
    'A public, read-only JSON API over Japanese company profiles and public enforcement records: enforcement ' +
      'actions, procurement suspensions and licence actions. No key or account; anonymous clients are rate limited ' +
      `(${perMinute} requests per 60 s, ${perDay} per rolling 24 h) and bulk enumeration is refused. Send ` +
      '`X-Kohyo-Client` (your application name) and `X-Kohyo-Contact` (an address we can reach you at). The guide ' +
      'for LLM agents is at /llms.txt (an index) and /llms-full.txt (the whole of it).',
    `## Queries\n\n${list(rules.query)}`,
    `## Limits\n\n${list([...rules.limits, ...rules.headers])}`,
    `## Requests\n\n${list(requestRules(config))}`,
    '## Error codes\n\nEvery error answer is `{ "error": { "code", "message", "details" } }`.\n\n' +
      `| Status | Code | Meaning |\n|---|---|---|\n${errorTable}\n\n` +
      '`404 not_found` answers any path that is not listed here. Every answer carries `X-Request-Id`; conditional ' +
      'requests (`If-None-Match`, `If-Modified-Since`) answer 304, which is not counted against the limits.',
  ].join('\n\n');
}

/** What a request must be, whatever it asks: the bounds the server reads it within. */
function requestRules(config: Config): GuideRule[] {
  return [
    {
      id: null,
      text: `The request line and headers together are at most ${MAX_TARGET} bytes (431 \`request_too_large\`), and the request arrives whole within ${config.requestTimeoutSeconds} s (408 \`request_timeout\`).`,
    },
    {
      id: null,
      text: `A parameter given more than ${MAX_PARAMETER_REPEATS} times is refused before any other work (400 \`invalid_parameter\`); an HTTP/1.1 request needs a Host header (400 \`malformed_request\`).`,
    },
    {
      id: null,
      text: "What another site's page makes a browser ask for as an image, script, style, font, frame or prefetch (`Sec-Fetch-Site: cross-site`) is refused on every path before anything counts it (403 `cross_site_request_refused`); a `fetch()` with CORS (`Sec-Fetch-Mode: cors`, `Sec-Fetch-Dest: empty`) from any origin and a link followed are answered and counted as any request.",
    },
    {
      id: null,
      text: uncountedRule(config.limits),
    },
  ];
}

/** The ceiling on answers that do not count: each client's share, and its address's whole (none with the factor 0). */
function uncountedRule(l: Config['limits']): string {
  const { uncountedPerMinute: answers, uncountedBytesPerMinute: bytes, addressFactor: f } = l;
  const client = `One client has at most ${clientShare(answers, f)} answers that do not count (304s, documents, /health, /api/v1/vocabularies, refusals of malformed requests outside /api/v1), of at most ${clientShare(bytes, f)} bytes, in any 60 seconds; past either, 429 \`rate_limited\` with \`details.scope\` \`"client"\`, on every path`;
  return f === 0
    ? `${client}.`
    : `${client}; one address, all its clients together, at most ${answers} answers and ${bytes} bytes (\`"address"\`).`;
}
