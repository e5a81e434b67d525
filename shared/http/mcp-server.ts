/**
 * The MCP endpoint's server: per request (stateless, so it runs in Lambda), an
 * McpServer of the official SDK with one tool per row of ./mcp-tools.ts, on a
 * Web-standard Streamable HTTP transport with JSON answers and no session.
 * API Gateway's event is not a Node request, so the POST is handed to the
 * transport as a fetch Request with its already-parsed body, and the
 * transport's Response becomes the route's Reply.
 *
 * A tool call is answered by its route: `dispatch` runs the route's own
 * pipeline in-process with the caller's headers (the bearer token included),
 * so a personal tool without a token meets the route's 401 and auth, rate
 * limits and validation are the HTTP API's, never a copy.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { API_INFO } from './openapi.ts';
import { MCP_TOOLS, type McpToolRow } from './mcp-tools.ts';
import { Reply } from './reply.ts';
import type { RouteDef } from './route.ts';

/** What a tool call asks of its route: path parameters and query values, as the HTTP API takes them. */
export interface RouteCall {
  params: Record<string, string>;
  query: Record<string, string>;
}
export interface RouteAnswer {
  status: number;
  body: unknown;
}
export type ToolDispatch = (route: RouteDef, call: RouteCall) => Promise<RouteAnswer>;

const shapeOf = (schema: z.ZodType | undefined): z.ZodRawShape => (schema instanceof z.ZodObject ? schema.shape : {});

/** The tool's input: its route's path and query fields in one object, the row's required ones made required. */
export function toolInputSchema(row: McpToolRow): z.ZodObject {
  const input = z.object({ ...shapeOf(row.route.params), ...shapeOf(row.route.query) });
  if (!row.required?.length) return input;
  const required = z.object(Object.fromEntries(row.required.map((key) => [key, (input.shape[key] as z.ZodOptional<z.ZodType>).unwrap()])));
  return input.extend(required.shape);
}

/** Splits validated tool arguments back into the strings a route's path and query take. */
export function routeCall(route: RouteDef, args: Record<string, unknown>): RouteCall {
  const pathKeys = new Set(Object.keys(shapeOf(route.params)));
  const call: RouteCall = { params: {}, query: {} };
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    (pathKeys.has(key) ? call.params : call.query)[key] = String(value);
  }
  return call;
}

/** The route path with its parameters filled in. */
export const routePath = (route: RouteDef, params: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

const VERIFICATION_NOTE =
  'Brief points labelled cited_fact quote the stored bill text verbatim at their citation (the quote was checked against the text); inference points carry no quote; uncited is true when no point could be verified.';

function toolResult(row: McpToolRow, call: RouteCall, answer: RouteAnswer, publicUrl: string): CallToolResult {
  const query = new URLSearchParams(call.query).toString();
  const source = `${publicUrl}${routePath(row.route, call.params)}${query ? `?${query}` : ''}`;
  const meta = { 'billwatch/source': source, 'billwatch/retrieved_at': new Date().toISOString() };
  if (answer.status >= 400) {
    const error = answer.body as { detail?: string; code?: string };
    return {
      isError: true,
      content: [{ type: 'text', text: `${answer.status} ${error.code ?? 'error'}: ${error.detail ?? 'the route refused the call'}` }],
      _meta: meta,
    };
  }
  const text = JSON.stringify(answer.body);
  return { content: [{ type: 'text', text }], structuredContent: answer.body as Record<string, unknown>, _meta: meta };
}

/** A new server with every tool of the table, each answered through `dispatch`. */
export function buildMcpServer(dispatch: ToolDispatch, publicUrl: string): McpServer {
  const server = new McpServer(
    { name: 'billwatch', title: API_INFO.title, version: API_INFO.version },
    {
      instructions: `US federal bills, members of Congress, roll-call votes and cited briefs. Every answer names its source URL and retrieval time in _meta; bills carry data_as_of. ${VERIFICATION_NOTE} list_follows and get_alignment need the user's bearer token (Authorization header).`,
    },
  );
  for (const row of MCP_TOOLS) {
    const personal = row.route.auth === 'user' || row.route.auth === 'admin';
    const output = row.output?.() ?? row.route.response;
    server.registerTool(
      row.name,
      {
        title: row.title,
        description: `${row.route.description}${row.name === 'get_bill_briefs' ? ` ${VERIFICATION_NOTE}` : ''} (HTTP: ${row.route.method} ${row.route.path})`,
        inputSchema: toolInputSchema(row),
        // The same fields as a fresh object: a route's registered top-level id (.meta({ id })) would make the JSON Schema a bare $ref, and MCP asks for type object.
        ...(output instanceof z.ZodObject ? { outputSchema: z.object(output.shape) } : {}),
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: { 'billwatch/auth': personal ? 'bearer token required' : 'none' },
      },
      async (args: Record<string, unknown>) => {
        const call = routeCall(row.route, args);
        return toolResult(row, call, await dispatch(row.route, call), publicUrl);
      },
    );
  }
  return server;
}

/** Answers one POST of the Streamable HTTP transport: stateless, JSON, no session id. */
export async function serveMcp(input: {
  headers: Record<string, string | undefined>;
  body: unknown;
  dispatch: ToolDispatch;
  publicUrl: string;
}): Promise<Reply> {
  const server = buildMcpServer(input.dispatch, input.publicUrl);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(input.headers)) if (value !== undefined && name !== 'content-length') headers.set(name, value);
    const request = new Request(`${input.publicUrl}/api/mcp`, { method: 'POST', headers, body: JSON.stringify(input.body) });
    const response = await transport.handleRequest(request, { parsedBody: input.body });
    const text = await response.text();
    const replyHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-type' && name !== 'content-length') replyHeaders[name] = value;
    });
    if (!text) return new Reply(response.status, undefined, replyHeaders);
    return new Reply(response.status, text, replyHeaders, response.headers.get('content-type') ?? 'application/json');
  } finally {
    await server.close();
  }
}
