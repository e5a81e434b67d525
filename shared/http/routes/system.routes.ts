/** Routes of the service itself: health and the OpenAPI document. */
import * as z from 'zod';
import { OpenApiDocument } from '#shared/http/openapi.ts';
import { defineRoute } from '#shared/http/route.ts';

export const health = defineRoute({
  operationId: 'health',
  description: 'Answers {"status": "ok"} while the API function runs; anonymous, no database call, for load balancers and uptime checks.',
  method: 'GET',
  path: '/api/health',
  fn: 'system',
  auth: 'none',
  summary: 'Liveness check',
  tags: ['system'],
  response: z.object({ status: z.literal('ok').describe('Always ok: the function answered') }),
});

export const openapi = defineRoute({
  operationId: 'openapi',
  description:
    'The OpenAPI 3.1 document of every route, generated from the route table and the zod schemas that validate requests; anonymous. GET /api/docs renders it as a readable page.',
  method: 'GET',
  path: '/api/openapi.json',
  fn: 'system',
  auth: 'none',
  summary: 'This OpenAPI 3.1 document',
  tags: ['system'],
  response: OpenApiDocument,
});

export const SYSTEM_ROUTES = [health, openapi];
