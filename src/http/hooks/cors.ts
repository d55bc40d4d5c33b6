// CORS for every public endpoint: any origin, GET and HEAD, the headers a client script needs to read exposed.
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from './answer-headers.js';
import { noRouteError } from './error-handler.js';
import { isPreflight } from './route-accounting.js';

/** What a browser script may read of an answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', REQUEST_ID_HEADER, 'ETag', 'Allow'];

const OPTIONS = {
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
};

/**
 * What every answer carries for a browser script to read it, as the plugin writes it: an answer made before its hook
 * (a request Node or the router cannot read, app.ts) sets these itself.
 */
export const CORS_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': OPTIONS.origin,
  'access-control-expose-headers': OPTIONS.exposedHeaders.join(', '),
};

/**
 * @fastify/cors with fixed options (a delegator would have the plugin copy and normalise its options on every
 * request, most of what the plugin costs a request), its preflight answer off: its hook only sets the headers, and it
 * is the first onRequest hook of all, so that every refusal made after it (of a malformed query, a 429) carries them.
 * Every OPTIONS request is taken by the plugin's catch-all OPTIONS route, whose own hook answers it once the app's
 * hooks have let it through: a preflight 204 (never counted: route-accounting.ts reads it as uncounted), and any other
 * OPTIONS as a method the path does not take (405 with Allow, or 404), counted like any request under /api/v1/,
 * instead of the plugin's 400. A GET runs none of it.
 */
export const corsHeaders = fp(
  async (app) => {
    // the plugin's catch-all OPTIONS route: declared here (route-accounting.ts) and answered by its own hook, since
    // the plugin takes no route options of ours
    app.addHook('onRoute', (route) => {
      if (route.method !== 'OPTIONS' || route.url !== '*') return;
      route.config = { ...route.config, preflight: true };
      route.onRequest = function answerOptions(request, reply, done) {
        if (!isPreflight(request)) {
          done(noRouteError(app, request));
          return;
        }
        // answered here: the hook chain stops, and done is not called
        void reply
          .code(204)
          .header('access-control-allow-methods', PREFLIGHT_HEADERS.methods)
          .header('access-control-allow-headers', PREFLIGHT_HEADERS.headers)
          .header('access-control-max-age', PREFLIGHT_HEADERS.maxAge)
          .header('content-length', '0')
          .send();
      };
    });
    await app.register(cors, Object.assign({}, OPTIONS, { hideOptionsRoute: true, preflight: false }));
  },
  { name: 'kohyo-cors', dependencies: ['kohyo-accounting', 'kohyo-errors'] },
);

/** What a preflight's answer says, as @fastify/cors would write it from OPTIONS. */
const PREFLIGHT_HEADERS = {
  methods: OPTIONS.methods.join(', '),
  headers: OPTIONS.allowedHeaders.join(', '),
  maxAge: String(OPTIONS.maxAge),
};
