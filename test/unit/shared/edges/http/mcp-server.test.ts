/**
 * The MCP endpoint's server (shared/edges/http/mcp-server.ts: the official
 * SDK's server and stateless Streamable HTTP transport, with the tools of the
 * route rows) without the stack: the transport's refusals, version
 * negotiation, notifications, JSON-RPC errors, the tools generated from the
 * rows, and tool calls answered through a dispatch that stands in for the
 * routes. Every answer is read with the SDK's own protocol schemas, so a
 * drift from the protocol the SDK speaks fails here. The SDK's client talks
 * to the real endpoint in test/e2e/open-access/mcp.test.ts.
 */
import {
  CallToolResultSchema,
  InitializeResultSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCResultResponseSchema,
  LATEST_PROTOCOL_VERSION,
  ListToolsResultSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { MCP_TOOLS } from '#shared/edges/http/mcp-tools.ts';
import { serveMcp, type RouteAnswer, type ToolDispatch } from '#shared/edges/http/mcp-server.ts';
import type { Reply } from '#shared/edges/http/reply.ts';

const ACCEPT = 'application/json, text/event-stream';
const PUBLIC_URL = 'https://billwatch.example.org';

async function post(body: unknown, options: { headers?: Record<string, string>; answer?: RouteAnswer } = {}) {
  const dispatch = vi.fn<ToolDispatch>(async () => options.answer ?? { status: 200, body: { id: '119-hr-1' } });
  const reply: Reply = await serveMcp({ headers: { accept: ACCEPT, ...options.headers }, body, dispatch, publicUrl: PUBLIC_URL });
  const parsed = typeof reply.body === 'string' ? (JSON.parse(reply.body) as Record<string, unknown>) : undefined;
  return { status: reply.status, body: parsed, reply, dispatch };
}

const request = (method: string, params?: Record<string, unknown>, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
/** The result of a JSON-RPC answer, read with the SDK's schema of that result. */
const resultOf = <T>(body: unknown, schema: { parse: (v: unknown) => T }): T => schema.parse(JSONRPCResultResponseSchema.parse(body).result);
const toolsOf = async () => resultOf((await post(request('tools/list'))).body, ListToolsResultSchema).tools;

describe('the Streamable HTTP transport, stateless', () => {
  it('refuses a client that does not take both JSON and an event stream (406), as the transport requires', async () => {
    for (const accept of ['application/json', 'text/event-stream', '']) {
      const res = await post(request('ping'), { headers: { accept } });
      expect(res.status).toBe(406);
      // A transport refusal answers no request (id null), which the SDK's JSON-RPC error schema, made for answers to requests, does not take.
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/^Not Acceptable/) } });
    }
  });

  it('refuses a protocol version header it does not speak (400), and takes every one the SDK speaks', async () => {
    const refused = await post(request('ping'), { headers: { 'mcp-protocol-version': '1999-01-01' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ id: null, error: { code: -32000, message: expect.stringContaining('Unsupported protocol version') } });
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect((await post(request('ping'), { headers: { 'mcp-protocol-version': version } })).status).toBe(200);
  });

  it('answers a notification 202 with no body, and no session id on any answer', async () => {
    const res = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(res.reply.body).toBeUndefined();
    expect((await post(request('ping'))).reply.headers).not.toHaveProperty('mcp-session-id');
  });

  it('answers JSON, not an event stream', async () => {
    const res = await post(request('ping'));
    expect(res.reply.contentType).toBe('application/json');
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});

describe('the methods', () => {
  it('initialize answers the asked version when it speaks it, else the newest, with the tools capability and its name', async () => {
    const clientInfo = { name: 't', version: '1' };
    const asked = resultOf((await post(request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo }))).body, InitializeResultSchema);
    expect(asked).toMatchObject({ protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'billwatch' } });
    expect(asked.instructions).toContain('bearer token');
    const unknown = resultOf((await post(request('initialize', { protocolVersion: '2099-01-01', capabilities: {}, clientInfo }))).body, InitializeResultSchema);
    expect(unknown.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('ping answers an empty result under the request id; an unknown method is Method not found', async () => {
    expect((await post(request('ping', undefined, 'abc'))).body).toEqual({ jsonrpc: '2.0', id: 'abc', result: {} });
    const unknown = await post(request('resources/list'));
    expect(unknown.status).toBe(200);
    expect(JSONRPCErrorResponseSchema.parse(unknown.body)).toMatchObject({ id: 1, error: { code: -32601 } });
  });
});

describe('the tools, generated from the route rows', () => {
  it('lists one tool per row, in order, with object JSON Schemas of the route fields and its auth', async () => {
    const tools = await toolsOf();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    expect(tools.map((t) => t.title)).toEqual(MCP_TOOLS.map((t) => t.title));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      if (tool.outputSchema) expect(tool.outputSchema.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    }
    const getBill = tools.find((t) => t.name === 'get_bill');
    expect(getBill?.inputSchema.required).toEqual(['id']);
    expect(getBill?.description).toContain('(HTTP: GET /api/bills/{id})');
    expect(getBill?.outputSchema?.properties).toHaveProperty('status_timeline');
    // A row's required query values are required in its tool, though optional in its route.
    expect(tools.find((t) => t.name === 'get_bill_text')?.inputSchema.required).toEqual(expect.arrayContaining(['id', 'version']));
    expect(tools.find((t) => t.name === 'list_bill_meetings')?.inputSchema.required).toEqual(['bill']);
    expect(tools.find((t) => t.name === 'list_meetings')?.inputSchema.required ?? []).not.toContain('bill');
    expect(tools.find((t) => t.name === 'list_follows')?._meta).toEqual({ 'billwatch/auth': 'bearer token required' });
    expect(tools.find((t) => t.name === 'search')?._meta).toEqual({ 'billwatch/auth': 'none' });
  });

  it('tools/call runs the route with the split arguments and answers its data as structured content, with the source URL', async () => {
    const res = await post(request('tools/call', { name: 'get_bill', arguments: { id: '119-hr-1' } }));
    const [route, call] = res.dispatch.mock.calls[0] ?? [];
    expect(route?.operationId).toBe('getBill');
    expect(call).toEqual({ params: { id: '119-hr-1' }, query: {} });
    expect(resultOf(res.body, CallToolResultSchema)).toMatchObject({
      structuredContent: { id: '119-hr-1' },
      content: [{ type: 'text', text: '{"id":"119-hr-1"}' }],
      _meta: { 'billwatch/source': `${PUBLIC_URL}/api/bills/119-hr-1` },
    });
    const text = await post(request('tools/call', { name: 'get_bill_text', arguments: { id: '119-hr-1', version: 'ih' } }));
    expect(text.dispatch.mock.calls[0]?.[1]).toEqual({ params: { id: '119-hr-1' }, query: { version: 'ih' } });
    expect(resultOf(text.body, CallToolResultSchema)._meta).toMatchObject({ 'billwatch/source': `${PUBLIC_URL}/api/bills/119-hr-1/text?version=ih` });
  });

  it("answers a route's refusal, an unknown tool and bad arguments as tool errors an agent can read", async () => {
    const refused = await post(request('tools/call', { name: 'list_follows', arguments: {} }), {
      answer: { status: 401, body: { detail: 'Sign in first', code: 'auth.required' } },
    });
    expect(resultOf(refused.body, CallToolResultSchema)).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: '401 auth.required: Sign in first' }],
    });

    const unknown = await post(request('tools/call', { name: 'delete_everything', arguments: {} }));
    expect(resultOf(unknown.body, CallToolResultSchema)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('Tool delete_everything not found') }],
    });
    expect(unknown.dispatch).not.toHaveBeenCalled();

    const bad = await post(request('tools/call', { name: 'get_bill_text', arguments: { id: '119-hr-1' } }));
    expect(resultOf(bad.body, CallToolResultSchema)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/Invalid arguments for tool get_bill_text: version/) }],
    });
    expect(bad.dispatch).not.toHaveBeenCalled();
  });

  it('answers tools/call without a tool name as an invalid-params JSON-RPC error naming the field, not a tool result', async () => {
    const res = await post(request('tools/call', { arguments: {} }));
    // The SDK's own server would call it an internal error (-32603): the caller's mistake is -32602.
    expect(JSONRPCErrorResponseSchema.parse(res.body)).toMatchObject({ id: 1, error: { code: -32602, message: expect.stringMatching(/params\.name/) } });
    const notObject = await post(request('tools/call', { name: 'search', arguments: 'x' }));
    expect(JSONRPCErrorResponseSchema.parse(notObject.body)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/params\.arguments/) } });
    expect(res.dispatch).not.toHaveBeenCalled();
  });
});
