/**
 * The OpenAPI 3.1 document, generated from the route table and the same zod
 * schemas that validate requests (zod's own JSON Schema output).
 */
import * as z from 'zod';
import type { RouteDef } from './route.ts';
import { ErrorBody } from './schemas.ts';
import { WebhookPayload } from '#shared/domain/notify/webhook-payload.ts';

type JsonSchema = Record<string, unknown>;

const JsonObject = z.record(z.string(), z.unknown());
/** The shape of the document buildOpenApi() builds: the response schema of GET /api/openapi.json. */
export const OpenApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        operationId: z.string(),
        summary: z.string(),
        tags: z.array(z.string()),
        parameters: z.array(JsonObject),
        responses: z.record(z.string(), JsonObject),
        security: z.array(z.record(z.string(), z.array(z.string()))),
        'x-auth': z.enum(['none', 'optional', 'user', 'admin']),
        'x-rate-limit': z.string().optional(),
        requestBody: JsonObject.optional(),
      }),
    ),
  ),
  components: z.object({ securitySchemes: z.record(z.string(), JsonObject), schemas: z.record(z.string(), JsonObject) }),
});

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parametersOf(route: RouteDef): JsonSchema[] {
  const params: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = toSchema(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(properties)) {
      params.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  // Path segments without a schema are still parameters.
  for (const m of route.path.matchAll(/\{(\w+)\}/g)) {
    if (!params.some((p) => p.name === m[1] && p.in === 'path')) params.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  return params;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function responsesOf(route: RouteDef): JsonSchema {
  const status = String(route.successStatus ?? 200);
  const success =
    status === '204'
      ? { description: 'No content' }
      : route.produces
        ? { description: 'OK', content: { [route.produces]: { schema: { type: 'string' } } } }
        : { description: 'OK', content: { 'application/json': { schema: route.response ? toSchema(route.response, 'output') : {} } } };
  const responses: JsonSchema = { [status]: success };
  if (route.body) {
    responses['400'] = errorResponse('Malformed JSON');
    responses['413'] = errorResponse('Body over 64 KB');
  }
  if (route.body || route.query || route.params) responses['422'] = errorResponse('Validation failed');
  if (route.auth === 'user' || route.auth === 'admin') responses['401'] = errorResponse('Missing, invalid or expired token');
  if (route.auth === 'admin') responses['403'] = errorResponse('Not an admin');
  if (route.rateLimit) responses['429'] = errorResponse('Rate limited; see Retry-After');
  return responses;
}

/** Builds the document for a list of routes. */
export function buildOpenApi(routes: readonly RouteDef[], info: { title: string; version: string; serverUrl: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const operation: JsonSchema = {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags ?? [route.fn],
      parameters: parametersOf(route),
      responses: responsesOf(route),
      ...(route.auth === 'none' ? { security: [] } : route.auth === 'optional' ? { security: [{}, { bearer: [] }] } : { security: [{ bearer: [] }] }),
      'x-auth': route.auth,
      ...(route.rateLimit ? { 'x-rate-limit': route.rateLimit } : {}),
    };
    if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      // WebhookPayload is what BillWatch POSTs to users' endpoints, not a reply of any route (docs/webhooks.md).
      schemas: { Error: toSchema(ErrorBody, 'output'), WebhookPayload: toSchema(WebhookPayload, 'output') },
    },
  };
}
