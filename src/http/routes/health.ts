// GET /health: whether a dataset is open and the service can answer.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.js';
import { ErrorBody } from '../schemas/common.js';
import { ApiError } from '../errors.js';

export function healthRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Health',
        description: '200 once the dataset is open, 503 before. Outside the rate limit.',
        tags: ['reference'],
        response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: ErrorBody },
      },
    },
    async () => {
      if (context.dataset() === null) throw new ApiError('service_unavailable');
      return { status: 'ok' as const };
    },
  );
}
