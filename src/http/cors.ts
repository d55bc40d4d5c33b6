// CORS for every public endpoint: any origin, GET and HEAD, the headers a client script needs to read exposed.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.js';

/** What a browser script may read of an answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', REQUEST_ID_HEADER, 'ETag', 'Allow'];

const OPTIONS: FastifyCorsOptions = {
  origin: '*', // a public, keyless, read-only API: no credentials, so a wildcard exposes nothing
  methods: ['GET', 'HEAD'],
  exposedHeaders: EXPOSED_HEADERS,
  // the headers a client sends: identification and a conditional request
  allowedHeaders: [
    'X-Kohyo-Client',
    'X-Kohyo-Contact',
    'X-Service-Client',
    'X-Service-Contact',
    REQUEST_ID_HEADER,
    'If-None-Match',
    'If-Modified-Since',
  ],
  maxAge: 86_400, // browsers cap it lower (Chromium: 2 h); the policy never changes while the service runs
  optionsSuccessStatus: 204,
};

/** A real preflight names an origin and the method it asks for; any other OPTIONS is an ordinary 405. */
export function isPreflight(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.origin !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  );
}

/**
 * Registers @fastify/cors with fixed options (a delegator would have the plugin copy and normalise its options on
 * every request, most of what the plugin costs a request). Its hook answers a preflight (204) in onRequest, so it must be
 * registered before the limiter's hook, which then never sees it. An OPTIONS that is not a preflight is answered
 * first, as a method the path does not take (`refuse`: counted like any request there, then 405 with Allow, per the
 * contract), instead of the plugin's 400.
 */
export async function registerCors(
  app: FastifyInstance,
  refuse: (request: FastifyRequest, reply: FastifyReply, done: (error: Error) => void) => void,
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'OPTIONS' && !isPreflight(request)) refuse(request, reply, done);
    else done();
  });
  // the plugin's catch-all OPTIONS route, which takes every preflight: declared here (route-accounting.ts), since
  // the plugin takes no route options of ours
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*') route.config = { ...route.config, preflight: true };
  });
  await app.register(cors, Object.assign({}, OPTIONS, { hideOptionsRoute: true }));
}
