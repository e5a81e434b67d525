/**
 * The MCP endpoint's server: the official SDK's (`@modelcontextprotocol/sdk`)
 * over its web-standard Streamable HTTP transport, stateless with JSON answers
 * (no session, no event stream), which is what a Lambda behind API Gateway
 * can serve. Each POST gets a new server and transport, the SDK's stateless
 * pattern: the SDK answers `initialize` (version negotiation), `ping`, the
 * transport's refusals and the JSON-RPC errors; this module answers
 * `tools/list` (one tool per row of ./mcp-tools.ts) and `tools/call`.
 *
 * It uses the SDK's low-level `Server` rather than `McpServer`: the tools'
 * JSON Schemas are made once per container from the route rows and answered
 * as they are, where `McpServer` would convert every tool's zod schemas on
 * every request's registration and list. Its JSON Schema validator (used only
 * to check a client's elicitation answer, which this server never asks for)
 * is ./mcp-schema-validator.ts, so ajv is never built (bench/results/mcp.md).
 *
 * A tool call is answered by its route: `dispatch` runs the route's own
 * pipeline in-process with the caller's headers (the bearer token included),
 * so a personal tool without a token meets the route's 401 and auth, rate
 * limits and validation are the HTTP API's, never a copy. Bad arguments and
 * unknown tools are tool errors an agent can read and correct, as the
 * protocol asks (and as the SDK's McpServer answers them).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { API_INFO } from './api-info.ts';
import { zodJsonSchemaValidator } from './mcp-schema-validator.ts';
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
export function toolInputSchema(route: RouteDef, required: readonly string[] = []): z.ZodObject {
  const input = z.object({ ...shapeOf(route.params), ...shapeOf(route.query) });
  if (!required.length) return input;
  const made = z.object(Object.fromEntries(required.map((key) => [key, (input.shape[key] as z.ZodOptional<z.ZodType>).unwrap()])));
  return input.extend(made.shape);
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
  "Brief points labelled cited_fact quote the stored bill text verbatim: each citation was located in the text of the brief's version (citation.start and citation.end index that text, section names the unit that holds it); a point whose quote is not in the text is not published (withheld_points counts them); uncited is true when a point was withheld or none is a cited fact.";

const INSTRUCTIONS = `US federal bills, members of Congress, roll-call votes and cited briefs. Every answer names its source URL and retrieval time in _meta; bills carry data_as_of. ${VERIFICATION_NOTE} list_follows and get_alignment need the user's bearer token (Authorization header).`;

function toolResult(route: RouteDef, call: RouteCall, answer: RouteAnswer, publicUrl: string): CallToolResult {
  const query = new URLSearchParams(call.query).toString();
  const source = `${publicUrl}${routePath(route, call.params)}${query ? `?${query}` : ''}`;
  const meta = { 'billwatch/source': source, 'billwatch/retrieved_at': new Date().toISOString() };
  if (answer.status >= 400) {
    const error = answer.body as { detail?: string; code?: string };
    return {
      isError: true,
      content: [{ type: 'text', text: `${answer.status} ${error.code ?? 'error'}: ${error.detail ?? 'the route refused the call'}` }],
      _meta: meta,
    };
  }
  return { content: [{ type: 'text', text: JSON.stringify(answer.body) }], structuredContent: answer.body as Record<string, unknown>, _meta: meta };
}

const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/** A tool as tools/list describes it: JSON Schemas of draft 7, as the SDK's McpServer writes them. */
async function toolDefinition(row: McpToolRow): Promise<Tool> {
  const route = await row.route();
  const personal = route.auth === 'user' || route.auth === 'admin';
  const output = (await row.output?.()) ?? route.response;
  return {
    name: row.name,
    title: row.title,
    description: `${route.description}${row.name === 'get_bill_briefs' ? ` ${VERIFICATION_NOTE}` : ''} (HTTP: ${route.method} ${route.path})`,
    inputSchema: z.toJSONSchema(toolInputSchema(route, row.required), { target: 'draft-7', io: 'input' }) as Tool['inputSchema'],
    // The same fields as a fresh object: a route's registered top-level id (.meta({ id })) would make the JSON Schema a bare $ref, and MCP asks for type object.
    ...(output instanceof z.ZodObject
      ? { outputSchema: z.toJSONSchema(z.object(output.shape), { target: 'draft-7', io: 'output' }) as Tool['outputSchema'] }
      : {}),
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { 'billwatch/auth': personal ? 'bearer token required' : 'none' },
  };
}

/** The tool list, built on the first tools/list of a container: the schemas do not change while it lives. */
let toolList: Promise<Tool[]> | undefined;
export const listTools = () =>
  (toolList ??= Promise.all(MCP_TOOLS.map(toolDefinition)).catch((err: unknown) => {
    // A failed load is not kept: the next tools/list tries again.
    toolList = undefined;
    throw err;
  }));

/** Zod's issues as one line: `path: message; …`. */
const issuesText = (error: z.ZodError) => error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');

async function callTool(name: string, input: Record<string, unknown> | undefined, dispatch: ToolDispatch, publicUrl: string): Promise<CallToolResult> {
  const row = MCP_TOOLS.find((t) => t.name === name);
  if (!row) return toolError(`MCP error ${ErrorCode.InvalidParams}: Tool ${name} not found`);
  const route = await row.route();
  const args = toolInputSchema(route, row.required).safeParse(input ?? {});
  if (!args.success)
    return toolError(`MCP error ${ErrorCode.InvalidParams}: Input validation error: Invalid arguments for tool ${name}: ${issuesText(args.error)}`);
  const call = routeCall(route, args.data);
  return toolResult(route, call, await dispatch(route, call), publicUrl);
}

/** A server for one request, with the tools of the route rows. */
export function mcpServer(dispatch: ToolDispatch, publicUrl: string): Server {
  // The low-level Server (marked deprecated for McpServer, "only for advanced use cases"): it takes the rows' JSON Schemas as they are (see above).
  const server = new Server(
    { name: 'billwatch', title: API_INFO.title, version: API_INFO.version },
    // A stateless server never tells a client its tool list changed: it has no session to tell.
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: zodJsonSchemaValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(request.params.name, request.params.arguments, dispatch, publicUrl));
  return server;
}

/**
 * A tools/call whose params the SDK's schema refuses (no tool name, arguments not an object), answered as the
 * caller's mistake (-32602, naming the fields): the SDK's server answers such a refusal as an internal error (-32603).
 */
function invalidToolCall(body: unknown): Reply | null {
  const message = body as { jsonrpc?: unknown; id?: unknown; method?: unknown } | null;
  if (!message || typeof message !== 'object' || message.method !== 'tools/call' || (typeof message.id !== 'string' && typeof message.id !== 'number'))
    return null;
  const parsed = CallToolRequestSchema.safeParse(body);
  if (parsed.success) return null;
  const error = { code: ErrorCode.InvalidParams, message: `Invalid params: ${issuesText(parsed.error)}` };
  return new Reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, error }), {}, 'application/json');
}

/** Answers one POST of the Streamable HTTP transport: stateless, JSON, no session id. */
export async function serveMcp(input: {
  headers: Record<string, string | undefined>;
  body: unknown;
  dispatch: ToolDispatch;
  publicUrl: string;
}): Promise<Reply> {
  const refused = invalidToolCall(input.body);
  if (refused) return refused;
  const server = mcpServer(input.dispatch, input.publicUrl);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const headers = new Headers();
  for (const [name, value] of Object.entries(input.headers)) if (value !== undefined && name !== 'content-length') headers.set(name, value);
  // The HTTP edge has read the body as JSON already (the route takes nothing else).
  headers.set('content-type', 'application/json');
  try {
    await server.connect(transport);
    const request = new Request(new URL('/api/mcp', input.publicUrl), { method: 'POST', headers, body: JSON.stringify(input.body) });
    const response = await transport.handleRequest(request, { parsedBody: input.body });
    const text = await response.text();
    return new Reply(response.status, text || undefined, {}, text ? (response.headers.get('content-type') ?? 'application/json') : undefined);
  } finally {
    await server.close();
  }
}
