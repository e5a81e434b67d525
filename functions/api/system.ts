/**
 * Health, the OpenAPI document, its readable reference (/api/docs), and the fallback for requests that match no
 * route (API Gateway's $default route in AWS): 404, or 405 with Allow.
 */
import { htmlSecurityHeaders } from '#shared/domain/web/content-security.ts';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { config } from '#shared/platform/config.ts';
import { apiFunction, findRoute, implement } from '#shared/edges/http/api-function.ts';
import { corsHeaders } from '#shared/edges/http/middlewares.ts';
import { errorResponse } from '#shared/edges/http/error-response.ts';
import { assertFromEdge } from '#shared/edges/http/origin-guard.ts';
import { apiDocs, apiDocsScript, apiDocsStart, apiDocsStyle, health, openapi } from '#shared/edges/http/routes/system.routes.ts';
import { listBulkFiles } from '#shared/edges/http/routes/open-data.routes.ts';
import { Reply } from '#shared/edges/http/reply.ts';
import { rateLimitRule } from '#shared/edges/http/rate-limits.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';

/** Every route with its schemas: only the OpenAPI document and the fallback need them, so health checks never build them. */
const allRoutes = async () => (await import('#shared/edges/http/routes/index.ts')).ROUTES;

/** The document's builder and what it imports (the webhook payload schemas): read on the first request for the document. */
const openApiBuilder = () => import('#shared/edges/http/openapi.ts');

/** The docs page and its files: Swagger UI is read only when the page asks for it, never at cold start. */
const docsPage = () => import('#shared/edges/http/docs-page.ts');

/** The document, built on the first request for it and kept for the container's life: the routes cannot change while it runs. */
let openApiDocument: Promise<unknown> | undefined;
const builtOpenApi = () =>
  (openApiDocument ??= Promise.all([openApiBuilder(), allRoutes()])
    .then(([{ buildOpenApi, API_INFO }, routes]) => buildOpenApi(routes, { ...API_INFO, rateLimits: rateLimitRule }))
    .catch((err: unknown) => {
      openApiDocument = undefined;
      throw err;
    }));

export const handler = apiFunction('system', [
  implement(health, async () => ({ status: 'ok' })),
  // The S3 client and the manifest schema load on the first bulk request, never at a health check's cold start.
  implement(listBulkFiles, async () => (await import('#shared/use-cases/bills/bulk-listing.ts')).bulkListing(config().PUBLIC_URL)),
  implement(openapi, builtOpenApi),
  implement(apiDocs, async () => {
    const docs = await docsPage();
    return new Reply(
      200,
      await docs.docsHtml(),
      { ...htmlSecurityHeaders(docs.docsContentSecurityPolicy(config().PUBLIC_URL)), 'Cache-Control': 'no-cache' },
      'text/html; charset=utf-8',
    );
  }),
  implement(apiDocsScript, async () => {
    const docs = await docsPage();
    return new Reply(
      200,
      await docs.swaggerUiFile('swagger-ui-bundle.js'),
      { 'Cache-Control': docs.ASSET_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
      'text/javascript; charset=utf-8',
    );
  }),
  implement(apiDocsStyle, async () => {
    const docs = await docsPage();
    return new Reply(
      200,
      await docs.swaggerUiFile('swagger-ui.css'),
      { 'Cache-Control': docs.ASSET_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
      'text/css; charset=utf-8',
    );
  }),
  implement(apiDocsStart, async () => {
    const docs = await docsPage();
    // Not immutable: it names the document's URL, which a deployment may change.
    return new Reply(200, docs.DOCS_START_JS, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' }, 'text/javascript; charset=utf-8');
  }),
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
