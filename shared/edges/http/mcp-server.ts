/**
 * The MCP endpoint's server: the Model Context Protocol over Streamable HTTP,
 * stateless with JSON answers (no session, no event stream), which is what a
 * Lambda behind API Gateway can serve. Each POST is one JSON-RPC message:
 * `initialize` (version negotiation), `ping`, `tools/list` (one tool per row
 * of ./mcp-tools.ts) and `tools/call`; a notification is answered 202.
 *
 * The protocol layer is ours rather than the official SDK's server: the SDK
 * builds every protocol schema, ajv and a zod v3 copy at import, 3.4 times a
 * floor bundle's cold import against the 2.0 every API function meets
 * (bench/results/mcp.md), for four methods of JSON-RPC. The
 * SDK's client stays the check that this server speaks the protocol
 * (test/e2e/open-access/mcp.test.ts); the answers follow the SDK server's,
 * down to a bad tool input being a tool error rather than a JSON-RPC one.
 *
 * A tool call is answered by its route: `dispatch` runs the route's own
 * pipeline in-process with the caller's headers (the bearer token included),
 * so a personal tool without a token meets the route's 401 and auth, rate
 * limits and validation are the HTTP API's, never a copy.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { API_INFO } from './api-info.ts';
import { MCP_TOOLS, type McpToolRow } from './mcp-tools.ts';
import { Reply } from './reply.ts';
import type { RouteDef } from './route.ts';

/** The protocol revisions this server answers in, newest first; a client asking for another is answered in the newest. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

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

/** A tool's answer (MCP's CallToolResult). */
export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, string>;
}

/** JSON-RPC's error codes, and MCP's for a transport refusal. */
const RPC = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, transport: -32000 } as const;

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

function toolResult(route: RouteDef, call: RouteCall, answer: RouteAnswer, publicUrl: string): ToolResult {
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

const toolError = (message: string): ToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/** A tool as tools/list describes it: JSON Schemas of draft 7, as the SDK's server writes them. */
async function toolDefinition(row: McpToolRow): Promise<Record<string, unknown>> {
  const route = await row.route();
  const personal = route.auth === 'user' || route.auth === 'admin';
  const output = (await row.output?.()) ?? route.response;
  return {
    name: row.name,
    title: row.title,
    description: `${route.description}${row.name === 'get_bill_briefs' ? ` ${VERIFICATION_NOTE}` : ''} (HTTP: ${route.method} ${route.path})`,
    inputSchema: z.toJSONSchema(toolInputSchema(route, row.required), { target: 'draft-7', io: 'input' }),
    // The same fields as a fresh object: a route's registered top-level id (.meta({ id })) would make the JSON Schema a bare $ref, and MCP asks for type object.
    ...(output instanceof z.ZodObject ? { outputSchema: z.toJSONSchema(z.object(output.shape), { target: 'draft-7', io: 'output' }) } : {}),
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { 'billwatch/auth': personal ? 'bearer token required' : 'none' },
  };
}

/** The tool list, built on the first tools/list of a container: the schemas do not change while it lives. */
let toolList: Promise<Record<string, unknown>[]> | undefined;
const tools = () =>
  (toolList ??= Promise.all(MCP_TOOLS.map(toolDefinition)).catch((err: unknown) => {
    // A failed load is not kept: the next tools/list tries again.
    toolList = undefined;
    throw err;
  }));

const Message = lazySchema(() =>
  z.object({
    jsonrpc: z.literal('2.0'),
    method: z.string(),
    id: z.union([z.string(), z.number()]).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
);
const CallParams = lazySchema(() => z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional() }));

/** Zod's issues as one line: `path: message; …`. */
const issuesText = (error: z.ZodError) => error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function callTool(params: unknown, dispatch: ToolDispatch, publicUrl: string): Promise<ToolResult> {
  const parsed = CallParams().safeParse(params ?? {});
  if (!parsed.success) throw new RpcError(RPC.invalidParams, `Invalid tools/call params: ${issuesText(parsed.error)}`);
  const { name } = parsed.data;
  const row = MCP_TOOLS.find((t) => t.name === name);
  // As the SDK's server: every failure of a known method's call is a tool error the agent can read, not a JSON-RPC error.
  if (!row) return toolError(`MCP error ${RPC.invalidParams}: Tool ${name} not found`);
  const route = await row.route();
  const args = toolInputSchema(route, row.required).safeParse(parsed.data.arguments ?? {});
  if (!args.success) return toolError(`MCP error ${RPC.invalidParams}: Input validation error: Invalid arguments for tool ${name}: ${issuesText(args.error)}`);
  const call = routeCall(route, args.data);
  return toolResult(route, call, await dispatch(route, call), publicUrl);
}

async function answer(method: string, params: Record<string, unknown> | undefined, dispatch: ToolDispatch, publicUrl: string): Promise<unknown> {
  switch (method) {
    case 'initialize': {
      const asked = params?.protocolVersion;
      const known = (MCP_PROTOCOL_VERSIONS as readonly unknown[]).includes(asked);
      return {
        protocolVersion: known ? asked : MCP_PROTOCOL_VERSIONS[0],
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'billwatch', title: API_INFO.title, version: API_INFO.version },
        instructions: INSTRUCTIONS,
      };
    }
    case 'ping':
      return {};
    case 'tools/list':
      return { tools: await tools() };
    case 'tools/call':
      return callTool(params, dispatch, publicUrl);
    default:
      throw new RpcError(RPC.methodNotFound, `Method not found: ${method}`);
  }
}

const rpcReply = (status: number, body: Record<string, unknown>) => new Reply(status, JSON.stringify({ jsonrpc: '2.0', ...body }), {}, 'application/json');
const transportError = (status: number, message: string) => rpcReply(status, { id: null, error: { code: RPC.transport, message } });

/** Answers one POST of the Streamable HTTP transport: stateless, JSON, no session id. */
export async function serveMcp(input: {
  headers: Record<string, string | undefined>;
  body: unknown;
  dispatch: ToolDispatch;
  publicUrl: string;
}): Promise<Reply> {
  // The transport's rules for a POST: a client takes both JSON and an event stream, and names a version this server speaks.
  const accept = input.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return transportError(406, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  const version = input.headers['mcp-protocol-version'];
  if (version !== undefined && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version))
    return transportError(400, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${MCP_PROTOCOL_VERSIONS.join(', ')})`);

  const message = Message().safeParse(input.body);
  if (!message.success) return rpcReply(400, { id: null, error: { code: RPC.invalidRequest, message: `Invalid Request: ${issuesText(message.error)}` } });
  const { id, method, params } = message.data;
  // A notification (no id) asks for no answer.
  if (id === undefined) return new Reply(202, undefined);
  try {
    return rpcReply(200, { id, result: await answer(method, params, input.dispatch, input.publicUrl) });
  } catch (err) {
    if (err instanceof RpcError) return rpcReply(200, { id, error: { code: err.code, message: err.message } });
    throw err;
  }
}
