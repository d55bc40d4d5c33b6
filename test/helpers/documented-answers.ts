// The answers the tests read, typed by what the API documents: a JSON endpoint's answer by the OpenAPI document (as
// the generated client, clients/typescript/schema.ts, states it), chosen by the path a test requests; the documents
// served beside the endpoints by what the catalogue (src/api/catalogue.ts) says they hold.
import type { components, paths } from '../../clients/typescript/schema.js';
import type { OpenApiDocument } from './openapi-document.js';

/** The paths of the endpoints the OpenAPI document describes. */
export type DocumentedPath = keyof paths;

/** A request for a path: the path alone or with a query. */
export type RequestPath<Path extends string> = Path | `${Path}?${string}`;

/** The documented endpoints that list records, each under its own key of `data`. */
export type RecordListPath = '/api/v1/enforcements' | '/api/v1/procurement-suspensions' | '/api/v1/license-actions';

/** The body of a documented endpoint's 200 answer. */
type EndpointAnswer<Path extends keyof paths> = paths[Path]['get']['responses'][200]['content']['application/json'];

/** The JSON the landing page answers a client asking for JSON (the catalogue's description of `/`). */
interface LandingAnswer {
  readonly service: string;
  readonly description: string;
  readonly links: Readonly<Record<string, string>>;
  readonly contact: string | null;
}

/**
 * The JSON body of a 200 answer to the request path P, as documented: a literal or a template literal type
 * (`/api/v1/enforcements?${string}`) picks its endpoint's answer, a union of paths the union of their answers; a path
 * of no documented JSON answer (a text document, or any `string`) gives unknown, which a test must narrow before it
 * reads a field. Distributive over P, so that in a function generic over a path the answer of its constraint shows.
 */
export type Answer<P extends string> =
  P extends RequestPath<infer Path extends keyof paths>
    ? EndpointAnswer<Path>
    : P extends RequestPath<'/api/v1/openapi.json'>
      ? OpenApiDocument
      : P extends '/'
        ? LandingAnswer
        : unknown;

/** The body of every error answer, as the OpenAPI document declares it (its `details` by the codes that give them). */
export type ErrorAnswer = components['schemas']['Error'];

/** A schema the OpenAPI document names: Schema<'Enforcement'>. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
