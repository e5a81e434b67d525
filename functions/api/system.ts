/**
 * Health, the OpenAPI document, and the fallback for requests that match no
 * route (API Gateway's $default route in AWS): 404, or 405 with Allow.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { config } from '#shared/platform/config.ts';
import { apiFunction, findRoute, implement } from '#shared/http/api-function.ts';
import { corsHeaders } from '#shared/http/middlewares.ts';
import { errorResponse } from '#shared/http/error-response.ts';
import { assertFromEdge } from '#shared/http/origin-guard.ts';
import { API_INFO, buildOpenApi } from '#shared/http/openapi.ts';
import { health, openapi } from '#shared/http/routes/system.routes.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';

/** Every route with its schemas: only the OpenAPI document and the fallback need them, so health checks never build them. */
const allRoutes = async () => (await import('#shared/http/routes/index.ts')).ROUTES;

export const handler = apiFunction('system', [
  implement(health, async () => ({ status: 'ok' })),
  implement(openapi, async () => buildOpenApi(await allRoutes(), { ...API_INFO, serverUrl: config().PUBLIC_URL })),
]);

/** The $default route: a path the route table does not know, or a method it does not allow there (403 first, behind the edge, without the origin secret). */
export async function fallback(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const method = event.requestContext.http.method.toUpperCase();
  let result: APIGatewayProxyStructuredResultV2;
  try {
    assertFromEdge(Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])), config().ORIGIN_VERIFY_SECRET);
    findRoute(await allRoutes(), method, event.rawPath, undefined);
    result = errorResponse(new NotFoundError(`No route for ${method} ${event.rawPath}`, 'route.not_found'));
  } catch (err) {
    result = errorResponse(err);
  }
  const origin = event.headers?.origin;
  return { ...result, headers: { ...(result.headers ?? {}), ...corsHeaders(origin) } };
}
