// Answers that are the same for every client (the reference page's files, the OpenAPI document, the guide): each body
// is compressed once per encoding and kept in memory, instead of by @fastify/compress on every request, where the
// reference page's large script cost much CPU an answer. The rest of the app keeps @fastify/compress.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD } from '../hooks/compression.js';
import { notModified, weakValidators, type Validators } from '../hooks/conditional.js';
import { errorOf } from '../../lib/error-of.js';

export type ContentCoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed once, so harder than @fastify/compress does per request (brotli 4, gzip 6): brotli 9 saves another tenth
 * of the script for about a second of one thread-pool thread, once; brotli 11 would take ten times that.
 */
const COMPRESSORS: Readonly<Record<ContentCoding, (plain: Buffer) => Promise<Buffer>>> = {
  br: (plain) =>
    brotliAsync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (plain) => gzipAsync(plain, { level: 9 }),
};

/** One body in each encoding: plain from the start, each compressed encoding from when it is first asked for. */
export class PrecompressedBody {
  readonly plain: Buffer;
  readonly validators: Validators;
  readonly contentType: string;
  readonly cacheControl: string | undefined;
  private readonly compressed = new Map<ContentCoding, Promise<Buffer>>();

  constructor(plain: Buffer | string, contentType: string, cacheControl?: string) {
    this.plain = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain;
    this.contentType = contentType;
    this.cacheControl = cacheControl;
    // weak, as conditional.ts's: the bytes differ by encoding while the representation is the same
    const digest = createHash('sha256').update(this.plain).digest('base64url').slice(0, 27);
    this.validators = weakValidators(digest, new Date(Math.floor(Date.now() / 1000) * 1000));
  }

  /** The body in `coding`, compressed on the first call; every later call gets the same promise. */
  encoded(coding: ContentCoding): Promise<Buffer> {
    let pending = this.compressed.get(coding);
    if (pending === undefined) {
      pending = COMPRESSORS[coding](this.plain);
      // a failure is not kept: the next request tries again
      pending.catch(() => this.compressed.delete(coding));
      this.compressed.set(coding, pending);
    }
    return pending;
  }
}

/**
 * The body built from the latest source: built again only when the source changes (compared by identity, so a
 * memoised string or the OpenAPI document's cached object costs one comparison a request).
 */
export function latestBody<S>(
  contentType: string,
  render: (source: S) => Buffer | string,
): (source: S) => PrecompressedBody {
  let latest: { readonly source: S; readonly body: PrecompressedBody } | undefined;
  return (source) => {
    if (latest?.source !== source) latest = { source, body: new PrecompressedBody(render(source), contentType) };
    return latest.body;
  };
}

// Longer than any Accept-Encoding a browser or HTTP library sends; past it the header is read no further.
const MAX_ACCEPT_ENCODING = 256;

/**
 * The encoding to answer in (RFC 9110 §12.5.3): the acceptable one of br and gzip with the higher q, br on a tie;
 * `*` stands for either when not named, x-gzip for gzip; null for the plain body.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const member of acceptEncoding.slice(0, MAX_ACCEPT_ENCODING).toLowerCase().split(',')) {
    const [token = '', ...parameters] = member.split(';').map((part) => part.trim());
    const q = parameters.find((p) => /^q\s*=/u.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    const name = token === 'x-gzip' ? 'gzip' : token;
    if (name !== '' && !weights.has(name)) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Sets the answer's headers and gives its payload: the body in the client's preferred encoding, the plain one
 * below COMPRESSION_THRESHOLD or when it accepts neither, or null with 304 when its If-None-Match or
 * If-Modified-Since holds: no body, and so no Content-Length or Content-Type of its own (RFC 9110 15.4.5), which an
 * empty string would be given. Content-Encoding set here tells @fastify/compress to leave the payload as it is.
 */
export async function precompressedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
): Promise<Buffer | string | null> {
  // header names in lower case, as Fastify keeps and sends them
  reply.header('vary', 'accept-encoding');
  reply.header('etag', body.validators.etag);
  reply.header('last-modified', body.validators.lastModifiedHeader);
  if (body.cacheControl !== undefined) reply.header('cache-control', body.cacheControl);
  if (notModified(request, body.validators)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return null;
  }
  reply.header('content-type', body.contentType);
  const coding = body.plain.length < COMPRESSION_THRESHOLD ? null : preferredCoding(request.headers['accept-encoding']);
  const payload = coding === null ? body.plain : await body.encoded(coding);
  if (coding !== null) reply.header('content-encoding', coding);
  reply.header('content-length', payload.length);
  return payload;
}

/** The key a request's answer is kept under, from a fixed set; null for an answer not to keep. */
export type CopyKey = (request: FastifyRequest) => string | null;

/**
 * Keeps the first 200 answer to each GET the scope's routes give under a key (`keyOf`), and answers every later
 * request for that key from it, before the route's handler runs (onRequest: after the app's hooks, so the limits
 * still see it). For routes whose handlers a plugin owns (@fastify/swagger-ui and the @fastify/static it serves its
 * files with): their answer never changes while the process runs, so the first one is read (a file's stream
 * included) and kept. Only keys from a fixed set are kept, so the memory is bounded however clients spell paths.
 */
export function keepPrecompressedCopies(scope: FastifyInstance, keyOf: CopyKey): void {
  const copies = new Map<string, PrecompressedBody>();
  const keeping = new Set<string>();
  scope.addHook('onRequest', (request, reply, done) => {
    const key = request.method === 'GET' || request.method === 'HEAD' ? keyOf(request) : null;
    const copy = key === null ? undefined : copies.get(key);
    if (copy === undefined) {
      done();
      return;
    }
    // answered here: the hook chain stops, and done is called only to hand on a failure
    precompressedAnswer(request, reply, copy).then(
      (payload) => void reply.send(payload ?? undefined),
      (error: unknown) => done(errorOf(error)),
    );
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || reply.getHeader('content-range') !== undefined)
      return payload;
    const key = keyOf(request);
    // answered from a copy already, or one being kept by a request that ran alongside (this one's is compressed by
    // @fastify/compress as before)
    if (key === null || copies.has(key) || keeping.has(key)) return payload;
    keeping.add(key);
    let plain: Buffer | null;
    try {
      plain = await bufferOf(payload);
    } finally {
      keeping.delete(key);
    }
    if (plain === null) return payload;
    const copy = new PrecompressedBody(
      plain,
      String(reply.getHeader('content-type')),
      headerText(reply, 'cache-control'),
    );
    copies.set(key, copy);
    // the plugin's own validators and length describe the plain file, not what is sent now
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'content-length']) reply.removeHeader(name);
    return precompressedAnswer(request, reply, copy);
  });
}

function headerText(reply: FastifyReply, name: string): string | undefined {
  const value = reply.getHeader(name);
  return value === undefined ? undefined : String(value);
}

/** The whole body of an answer: a string, a Buffer or a stream read to its end; null for anything else. */
async function bufferOf(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks);
  }
  return null;
}
