/** Routes of the service itself: health, the OpenAPI document and its readable reference (/api/docs). */
import * as z from 'zod';
import { openApiDocumentSchema } from '#shared/edges/http/openapi-document.schema.ts';
import { defineRoute } from '#shared/edges/http/route.ts';

export const health = defineRoute({
  operationId: 'health',
  description: 'Answers {"status": "ok"} while the API function runs; anonymous, no database call, for load balancers and uptime checks.',
  method: 'GET',
  path: '/api/health',
  fn: 'system',
  auth: 'none',
  summary: 'Liveness check',
  tags: ['system'],
  response: () => z.object({ status: z.literal('ok').describe('Always ok: the function answered') }),
});

export const openapi = defineRoute({
  operationId: 'openapi',
  description:
    'The OpenAPI 3.1 document of every route, generated from the route table and the zod schemas that validate requests; anonymous. GET /api/docs renders it as a readable page.',
  method: 'GET',
  path: '/api/openapi.json',
  fn: 'system',
  auth: 'none',
  cache: 'document',
  summary: 'This OpenAPI 3.1 document',
  tags: ['system'],
  response: openApiDocumentSchema,
});

export const apiDocs = defineRoute({
  operationId: 'apiDocs',
  description:
    'A readable reference of this API: an HTML page rendering /api/openapi.json with Swagger UI, whose script and stylesheet the same function serves (no external URL, so it works offline). Anonymous.',
  method: 'GET',
  path: '/api/docs',
  fn: 'system',
  auth: 'none',
  summary: 'The API reference page',
  tags: ['system'],
  produces: 'text/html',
});

const asset = (operationId: string, path: string, summary: string, produces: 'text/javascript' | 'text/css') =>
  defineRoute({
    operationId,
    description: `${summary}, for the /api/docs page; cached for a year (immutable within a deployment). Anonymous.`,
    method: 'GET',
    path,
    fn: 'system',
    auth: 'none',
    summary,
    tags: ['system'],
    produces,
  });

export const apiDocsScript = asset('apiDocsScript', '/api/docs/swagger-ui-bundle.js', "Swagger UI's script", 'text/javascript');
export const apiDocsStyle = asset('apiDocsStyle', '/api/docs/swagger-ui.css', "Swagger UI's stylesheet", 'text/css');
export const apiDocsStart = asset('apiDocsStart', '/api/docs/start.js', 'The script that starts Swagger UI on /api/openapi.json', 'text/javascript');

export const SYSTEM_ROUTES = [health, openapi, apiDocs, apiDocsScript, apiDocsStyle, apiDocsStart];
