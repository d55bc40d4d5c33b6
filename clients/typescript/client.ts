// The Kohyo TypeScript client: a thin wrapper over openapi-fetch with the types generated from the OpenAPI document
// (schema.ts). One method per operation; an error answer becomes a KohyoError carrying the contract's code.
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type Company = components['schemas']['Company'];
export type Enforcement = components['schemas']['Enforcement'];
export type ProcurementSuspension = components['schemas']['ProcurementSuspension'];
export type LicenseAction = components['schemas']['LicenseAction'];
export type CoverageEntry = components['schemas']['CoverageEntry'];
export type SourceCoverage = components['schemas']['SourceCoverage'];
export type ErrorBody = components['schemas']['Error'];

/** The GET operations, which the methods below call; their HEAD twins (suffix Head) answer no body. */
type GetOperation = Exclude<keyof operations, `${string}Head`>;
/** A JSON client: the record endpoints' `format` (json or atom) is not offered, and every answer is read as JSON. */
type Query<O extends GetOperation> = Omit<NonNullable<operations[O]['parameters']['query']>, 'format'>;
type Answer<O extends GetOperation> = operations[O]['responses'][200]['content']['application/json'];

export interface KohyoClientOptions {
  /** Where the service is, e.g. `http://127.0.0.1:3000`. */
  readonly baseUrl: string;
  /** Your application's name, sent as X-Kohyo-Client. */
  readonly clientName?: string;
  /** An address where you can be reached, sent as X-Kohyo-Contact. */
  readonly contact?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  readonly fetch?: typeof globalThis.fetch;
}

/** An error answer: the contract's code and message, the status, and for a 429 the seconds to wait. */
export class KohyoError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorBody['error']['code'],
    message: string,
    readonly details: Record<string, unknown> | undefined,
    readonly retryAfterSeconds: number | null,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = 'KohyoError';
  }
}

export function createKohyoClient(options: KohyoClientOptions) {
  const headers: Record<string, string> = {};
  if (options.clientName !== undefined) headers['X-Kohyo-Client'] = options.clientName;
  if (options.contact !== undefined) headers['X-Kohyo-Contact'] = options.contact;
  const client: Client<paths, 'application/json'> = createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });

  /** The body of a success, or a KohyoError built from the error body and headers. */
  async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (data !== undefined) return data;
    const body = (error ?? {}) as Partial<ErrorBody>;
    const retryAfter = response.headers.get('Retry-After');
    throw new KohyoError(
      response.status,
      body.error?.code ?? 'internal_error',
      body.error?.message ?? `HTTP ${response.status}`,
      body.error?.details,
      retryAfter === null ? null : Number(retryAfter),
      response.headers.get('X-Request-Id'),
    );
  }

  return {
    /** The openapi-fetch client itself, for what the methods below do not cover (headers, middleware). */
    raw: client,
    search: (query: Query<'search'>): Promise<Answer<'search'>> =>
      answer(client.GET('/api/v1/search', { params: { query } })),
    companies: (query: Query<'searchCompanies'>): Promise<Answer<'searchCompanies'>> =>
      answer(client.GET('/api/v1/companies', { params: { query } })),
    enforcements: (query: Query<'listEnforcements'>): Promise<Answer<'listEnforcements'>> =>
      answer(client.GET('/api/v1/enforcements', { params: { query } })),
    procurementSuspensions: (
      query: Query<'listProcurementSuspensions'>,
    ): Promise<Answer<'listProcurementSuspensions'>> =>
      answer(client.GET('/api/v1/procurement-suspensions', { params: { query } })),
    licenseActions: (query: Query<'listLicenseActions'>): Promise<Answer<'listLicenseActions'>> =>
      answer(client.GET('/api/v1/license-actions', { params: { query } })),
    procurementSuspensionCoverage: (): Promise<Answer<'getProcurementSuspensionCoverage'>> =>
      answer(client.GET('/api/v1/procurement-suspension-coverage')),
    coverage: (): Promise<Answer<'getCoverage'>> => answer(client.GET('/api/v1/coverage')),
    vocabularies: (): Promise<Answer<'listVocabularies'>> => answer(client.GET('/api/v1/vocabularies')),
    health: (): Promise<Answer<'getHealth'>> => answer(client.GET('/health')),
  };
}

export type KohyoClient = ReturnType<typeof createKohyoClient>;
