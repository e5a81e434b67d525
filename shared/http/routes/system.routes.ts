/** Routes of the service itself: health and the OpenAPI document. */
import * as z from 'zod';
import { OpenApiDocument } from '#shared/http/openapi.ts';
import { defineRoute } from '#shared/http/route.ts';

export const health = defineRoute({
  operationId: 'health',
  method: 'GET',
  path: '/api/health',
  fn: 'system',
  auth: 'none',
  summary: 'Liveness check',
  tags: ['system'],
  response: z.object({ status: z.literal('ok') }),
});

export const openapi = defineRoute({
  operationId: 'openapi',
  method: 'GET',
  path: '/api/openapi.json',
  fn: 'system',
  auth: 'none',
  summary: 'This OpenAPI 3.1 document',
  tags: ['system'],
  response: OpenApiDocument,
});

export const SYSTEM_ROUTES = [health, openapi];
