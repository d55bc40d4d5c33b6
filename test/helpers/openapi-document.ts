// The OpenAPI 3.1 document as the service writes it (src/http/self-description/openapi-document.ts): each path with its GET and the
// HEAD beside it, parameters inline, an error response written once in components.responses and referred to. The
// parts the tests read; test/http/reference.test.ts checks the whole against the OpenAPI 3.1 schema.

/** A JSON Schema of the document, in the keywords the tests read. */
interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly pattern?: string;
}

export interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path' | 'cookie';
  readonly required?: boolean;
  readonly schema: JsonSchema;
  /** A value from the demo dataset, typed as the schema says. */
  readonly example?: string | number;
}

/** A response written out, or (`$ref` alone) a reference to one of components.responses. */
export interface Response {
  readonly $ref?: string;
  readonly description?: string;
  /** Each header a reference to components.headers. */
  readonly headers?: Readonly<Record<string, { readonly $ref: string }>>;
  /** By media type: the schema, and an example answer. */
  readonly content?: Readonly<Record<string, { readonly schema: JsonSchema; readonly example?: unknown }>>;
}

interface Operation {
  readonly operationId: string;
  /** Inline, then the request headers as references to components.parameters. */
  readonly parameters?: readonly (Parameter | { readonly $ref: string })[];
  /** By status, as a string ("200"). */
  readonly responses: Readonly<Record<string, Response>>;
}

export type OpenApiDocument = {
  readonly openapi: string;
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly description: string;
    /** When KOHYO_CONTACT is set: an e-mail address or a URL. */
    readonly contact?: { readonly name: string; readonly email?: string; readonly url?: string };
    readonly license: { readonly name: string; readonly url: string };
  };
  readonly paths: Readonly<Record<string, { readonly get: Operation; readonly head: Operation }>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly responses: Readonly<Record<string, Response>>;
    readonly parameters: Readonly<Record<string, Parameter>>;
    readonly headers: Readonly<Record<string, { readonly required?: boolean; readonly schema: JsonSchema }>>;
  };
  readonly security: readonly unknown[];
};
