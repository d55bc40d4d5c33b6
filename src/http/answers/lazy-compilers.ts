// Fastify's own compilers (ajv for the queries; fast-json-stringify for the answers, given the serialiser's view of
// their schemas, serialiser-schema.ts), run at a route's first use or once the server listens, rather than for every
// route before it listens: compiling them was a large share of a start's CPU, and /health needs none of them.
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { answerWriter } from './serialiser-schema.js';

/** What Fastify calls and reads of a validator: the call, and the errors of a failed one. */
type Validator = ((data: unknown) => unknown) & { errors?: unknown };
type Serializer = (data: unknown) => string;
type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

export interface LazyCompilers {
  /** Fastify's `schemaController.compilersFactory`. */
  readonly compilersFactory: {
    readonly buildValidator: BuildCompilerFromPool;
    readonly buildSerializer: SerializerFactory;
  };
  /**
   * Compiles what no request has yet, one schema a turn of the event loop, so that a request arriving meanwhile waits
   * for one compilation at most and the first request of a route finds its schemas ready.
   */
  warmUp(): Promise<void>;
}

/**
 * What is compiled is kept for the process, shared by every app it builds: @fastify/ajv-compiler keeps one ajv a set of
 * shared schemas and options, the validators it compiled are kept by its compiler and the schema's text (Fastify hands
 * each app copies of some schemas), and a serialiser is kept by its schema object. A process builds one app in
 * production; the tests build hundreds in a few processes, and each app compiled every route's schemas again, more
 * CPU than the rest of a test server's start.
 */
const validatorsBySchema = new WeakMap<object, Map<string, Validator>>();
const serializers = new WeakMap<object, Serializer>();

/** What compiles a schema: @fastify/ajv-compiler's validators, and the answers' writer (serialiser-schema.ts). */
export interface SchemaCompilers {
  readonly validators: BuildCompilerFromPool;
  readonly writer: (schema: unknown) => Serializer;
}

const COMPILERS: SchemaCompilers = { validators: AjvCompiler(), writer: answerWriter };

type Compile = ReturnType<BuildCompilerFromPool>;

/** The validator `compile` (an ajv of the pool) gives for the route's schema, compiled the first time it is asked. */
function sharedValidator(compile: Compile, route: Parameters<Compile>[0]): Validator {
  let bySchema = validatorsBySchema.get(compile);
  if (bySchema === undefined) {
    bySchema = new Map();
    validatorsBySchema.set(compile, bySchema);
  }
  // what Fastify hands is the route ({ schema, method, url, httpPart }), where the compiler's types say the schema
  const key = JSON.stringify(typeof route === 'object' ? route.schema : route);
  let validator = bySchema.get(key);
  if (validator === undefined) {
    validator = compile(route);
    bySchema.set(key, validator);
  }
  return validator;
}

/** Fastify's compilers made lazy; `compilers` is what compiles (a test counts compilations through its own). */
export function lazyCompilers(compilers: SchemaCompilers = COMPILERS): LazyCompilers {
  const pending = new Set<() => unknown>();
  return {
    compilersFactory: {
      buildValidator: (externalSchemas, options) => {
        const compile = compilers.validators(externalSchemas, options);
        const lazy = (route: Parameters<typeof compile>[0]) =>
          lazyValidator(() => sharedValidator(compile, route), pending);
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- @fastify/ajv-compiler's types give its compiler ajv's own signature (ajv's function out), where Fastify only calls the function and reads `errors`
        return lazy as unknown as ReturnType<BuildCompilerFromPool>;
      },
      buildSerializer: () => {
        const compile = ({ schema }: { schema?: unknown }): Serializer => compilers.writer(schema);
        // one serialiser a schema object: every route's error answers share one, a HEAD route its GET route's
        return (route) => {
          const { schema } = route;
          if (typeof schema !== 'object' || schema === null) return compile(route);
          const later = new CompiledLater(pending, () => {
            const serializer = serializers.get(schema) ?? compile(route);
            serializers.set(schema, serializer);
            return serializer;
          });
          return function serialize(data: unknown) {
            return (later.compiled ?? later.ensure())(data);
          };
        };
      },
    },
    async warmUp() {
      for (const compile of pending) {
        await new Promise((resolve) => setImmediate(resolve));
        compile();
      }
    },
  };
}

/**
 * A compiler's result made at the first call of `ensure` (or by the warm-up of `pending`), then kept in `compiled`, which
 * a compiled function's every call reads first: once compiled, a call is the wrapper's and the compiled function's.
 */
class CompiledLater<F> {
  compiled: F | undefined;

  constructor(
    private readonly pending: Set<() => unknown>,
    private readonly compile: () => F,
  ) {
    pending.add(this.ensure);
  }

  readonly ensure = (): F => {
    this.pending.delete(this.ensure);
    this.compiled ??= this.compile();
    return this.compiled;
  };
}

/** A validator compiled at its first call; Fastify reads a failed validation's errors from the function it called. */
function lazyValidator(compile: () => Validator, pending: Set<() => unknown>): Validator {
  const later = new CompiledLater(pending, compile);
  const validate: Validator = (data) => {
    const validator = later.compiled ?? later.ensure();
    const result = validator(data);
    validate.errors = validator.errors;
    return result;
  };
  return validate;
}
