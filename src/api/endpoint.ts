// What an endpoint is, and the meta block of its answer: the facts the routes, the OpenAPI document, /llms.txt, the
// limiter, the conditional requests, the MCP tools and the landing page read, stated once per endpoint in
// ./catalogue.ts.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Enforcement, LicenseAction, ProcurementSuspension } from './schemas/records.js';
import type { Store } from '../store/read/store.js';
import { ApiError } from './errors.js';

/**
 * What a route declaring schema S is handed (`Checked`, its query or path parameters) and may answer (`Answer`), as
 * Fastify's TypeBox type provider types them: the catalogue's answers are typed from their schemas as a route of
 * Fastify's own would be. The routes are made from the catalogue in a loop (src/http/routes/endpoints.ts), where no
 * endpoint's own schema is known to the type check, so the check happens here, where each endpoint is declared.
 */
type Checked<S extends TSchema> = (TypeBoxTypeProvider & { schema: S })['validator'];
export type Answer<S extends TSchema> = (TypeBoxTypeProvider & { schema: S })['serializer'];

/** A record as a record endpoint presents it. */
export type PresentedRecord = Enforcement | ProcurementSuspension | LicenseAction;

/** How an endpoint answers as an Atom feed too. */
interface FeedSpec<Q extends TObject = TObject> {
  /** What the feed lists, as its title says it: a kind of record, or every kind. */
  readonly lists: string;
  /** The records the JSON answer to the same checked query lists. A method, as `answer` is. */
  records(context: RouteContext, query: Checked<Q>, requestId: string): readonly PresentedRecord[];
  /** What the feed follows, in the words of its title (feed-follows.ts): a company, or the query's filters. */
  follows(context: RouteContext, query: Checked<Q>): readonly string[];
}

/** An MCP tool that calls the endpoint. */
export interface ToolSpec {
  readonly name: string;
  /** The tool's title; the endpoint's summary when absent. */
  readonly title?: string;
  /** What the tool does; the endpoint's description when absent. */
  readonly description?: string | ((config: Config) => string);
  /** The tool's arguments when they are not the endpoint's query parameters. */
  readonly input?: TObject;
  /** The query parameters of the call, from the tool's arguments (already checked against `input`). */
  readonly query?: (args: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /**
   * The path the call goes to when the arguments choose it (a record's kind is its id's prefix); the endpoint's own
   * when absent.
   */
  readonly path?: (args: Readonly<Record<string, unknown>>) => string;
  /** The tool's answer from the endpoint's (a 2xx body), when it answers less than the endpoint does. */
  readonly answer?: (
    body: Readonly<Record<string, unknown>>,
    args: Readonly<Record<string, unknown>>,
  ) => Readonly<Record<string, unknown>>;
}

/**
 * An endpoint of the catalogue: `Q` its query's schema, `R` its answer's, so that what `answer` returns is typed from the
 * schema that serialises it and that the OpenAPI document gives (as a Fastify type provider types a handler's reply).
 */
export interface Endpoint<Q extends TObject = TObject, R extends TObject = TObject> {
  readonly path: string;
  /** The name code generators give the operation (OpenAPI operationId). */
  readonly operationId: string;
  readonly summary: string;
  /** What it answers, for people and agents alike: the OpenAPI document, /llms.txt and the MCP tools all say this. */
  readonly description: (config: Config) => string;
  readonly tags: readonly string[];
  /**
   * Where the parameters of `query` are read: the query string (absent), or the path (`path`, whose `:name` segments
   * they are; the query string then takes no parameter).
   */
  readonly parametersIn?: 'path';
  /** The query schema; null for an endpoint that ignores any parameter given. */
  readonly query: ((config: Config) => Q) | null;
  readonly response: R;
  /** Whether a request counts against the rate limits. */
  readonly counted: boolean;
  /** Whether the answer is a function of the dataset, the query and the day, so that ETag and a 304 apply. */
  readonly conditional: boolean;
  /** Whether the answer is paged (`page`, `meta.max_page`). */
  readonly paged: boolean;
  /** Whether `data` holds lists only, with `meta.limit` and `meta.has_more`: the list answers' serialiser writes it. */
  readonly listAnswer: boolean;
  /** Whether the answer needs an open dataset (503 `service_unavailable` before one is open). */
  readonly needsDataset: boolean;
  readonly landingLink?: LandingLink;
  /** For an endpoint that answers Atom too: the records its feed lists. */
  readonly feed?: FeedSpec<Q>;
  readonly tools: readonly ToolSpec[];
  /** The answer to a checked query. A method, so that an endpoint of any query type is an Endpoint. */
  answer(context: RouteContext, query: Checked<Q>, requestId: string): Answer<R>;
}

/**
 * What an endpoint answering one resource of the dataset is (a company's or a record's address, the coverage):
 * counted and conditional like the lists, neither paged nor a list answer, and with a dataset open.
 */
export const DATASET_RESOURCE: Pick<Endpoint, 'counted' | 'conditional' | 'paged' | 'listAnswer' | 'needsDataset'> = {
  counted: true,
  conditional: true,
  paged: false,
  listAnswer: false,
  needsDataset: true,
};

/**
 * A document the service serves beside the endpoints, not in the OpenAPI paths: never counted unless it is a page for
 * people that stands for an API request (`counted`), never conditional.
 */
export interface ServiceDocument {
  readonly path: string;
  /** What it is, in a few words (the guide's index lists it so). */
  readonly summary: string;
  readonly description: string;
  readonly counted?: true;
  readonly landingLink?: LandingLink;
}

/** How the landing page links an endpoint or document: under `name` in its JSON, and in its HTML list when titled. */
export interface LandingLink {
  readonly name: string;
  readonly title?: string;
  readonly note?: string;
}

// What every route is given: settings, the open dataset, the clock.
export interface RouteContext {
  readonly config: Config;
  /** The dataset being served, or null while none is open. */
  readonly dataset: () => Store | null;
  readonly clock: () => Date;
}

export function openDataset(context: RouteContext): Store {
  const store = context.dataset();
  if (store === null) throw new ApiError('service_unavailable');
  return store;
}

// The meta block of every success answer, built from the request's id and the open dataset.
export function baseMeta(requestId: string, store: Store) {
  return { request_id: requestId, dataset: datasetMeta(store) };
}

function datasetMeta(store: Store) {
  return { version: store.meta.version, kind: store.meta.kind };
}

// One object literal for each shape of the block, rather than baseMeta spread into a copy and that copy spread again.
export function listMeta(
  requestId: string,
  store: Store,
  list: { limit: number; returned: number; hasMore: boolean; notices?: readonly string[] },
) {
  const dataset = datasetMeta(store);
  const { limit, returned, hasMore: has_more, notices } = list;
  return notices !== undefined && notices.length > 0
    ? { request_id: requestId, dataset, limit, returned, has_more, notice: notices.join(' ') }
    : { request_id: requestId, dataset, limit, returned, has_more };
}
