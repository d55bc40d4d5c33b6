// What the contract refuses of a request's form, after the limits: so the refusal counts like any other answer.
import fp from 'fastify-plugin';
import { ApiError } from '../api/errors.js';
import { isPreflight } from './cors.js';
import { noRouteError } from './error-handler.js';

/**
 * An HTTP/1.1 request without Host (Node's own refusal would be an empty 400: this one is the contract's), and an
 * OPTIONS that is not a CORS preflight (a method the path does not take: 405 with Allow, or 404).
 */
export const requestChecks = fp(
  (app, _options, done) => {
    app.addHook('onRequest', function checkRequestForm(request, _reply, next) {
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
        next(new ApiError('malformed_request', 'An HTTP/1.1 request needs a Host header.'));
      else if (request.method === 'OPTIONS' && !isPreflight(request)) next(noRouteError(app, request));
      else next();
    });
    done();
  },
  { name: 'kohyo-request-checks', dependencies: ['kohyo-errors', 'kohyo-cors', 'kohyo-limits'] },
);
