/** The Model Context Protocol endpoint: its tools run the bills, members, briefs, personal, search, committee and meeting routes in-process. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { apiFunction, implement, type ApiRequest } from '#shared/edges/http/api-function.ts';
import { serveMcp, routePath, type RouteAnswer, type RouteCall } from '#shared/edges/http/mcp-server.ts';
import { routeKey, type ApiFunctionGroup, type RouteDef } from '#shared/edges/http/route.ts';
import * as routes from '#shared/edges/http/routes/mcp.routes.ts';
import { config } from '#shared/platform/config.ts';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

// Loaded on a tool's first call, so a cold start that only lists tools evaluates none of them.
const GROUPS: Partial<Record<ApiFunctionGroup, () => Promise<Handler>>> = {
  bills: async () => (await import('./bills.ts')).handler,
  members: async () => (await import('./members.ts')).handler,
  llm: async () => (await import('./llm.ts')).handler,
  personal: async () => (await import('./personal.ts')).handler,
  search: async () => (await import('./search.ts')).handler,
  committees: async () => (await import('./committees.ts')).handler,
};

/** The Lambda context a route's handler is given: this invocation's, under the route's request id. */
const contextFor = (requestId: string): Context =>
  ({
    callbackWaitsForEmptyEventLoop: false,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'mcp',
    functionVersion: process.env.AWS_LAMBDA_FUNCTION_VERSION ?? '$LATEST',
    invokedFunctionArn: '',
    memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE ?? '512',
    awsRequestId: requestId,
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME ?? '',
    logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME ?? '',
    getRemainingTimeInMillis: () => 25_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  }) as Context;

/** Runs one route as the HTTP API would for this caller: a GET event with the caller's headers and IP. */
async function dispatch(outer: ApiRequest<RouteDef>, route: RouteDef, call: RouteCall): Promise<RouteAnswer> {
  const load = GROUPS[route.fn];
  if (!load) throw new Error(`MCP tool for ${routeKey(route)}: the ${route.fn} group is not wired into the MCP function`);
  const handler = await load();
  const path = routePath(route, call.params);
  const { 'content-type': _type, 'content-length': _length, 'if-none-match': _etag, ...headers } = outer.headers;
  const event: APIGatewayProxyEventV2 = {
    ...outer.event,
    routeKey: routeKey(route),
    rawPath: path,
    rawQueryString: new URLSearchParams(call.query).toString(),
    headers: Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined)),
    queryStringParameters: Object.keys(call.query).length ? call.query : undefined,
    pathParameters: call.params,
    requestContext: { ...outer.event.requestContext, routeKey: routeKey(route), http: { ...outer.event.requestContext.http, method: route.method, path } },
    body: undefined,
    isBase64Encoded: false,
  };
  const result = await handler(event, contextFor(outer.requestId));
  const text = result.body ?? '';
  return { status: result.statusCode ?? 200, body: text ? (JSON.parse(text) as unknown) : null };
}

export const handler = apiFunction('mcp', [
  implement(routes.mcp, async (req) =>
    serveMcp({
      headers: req.headers,
      body: req.body,
      dispatch: (route, call) => dispatch(req as ApiRequest<RouteDef>, route, call),
      publicUrl: config().PUBLIC_URL,
    }),
  ),
]);
