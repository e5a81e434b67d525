/**
 * The MCP protocol layer (shared/edges/http/mcp-server.ts) without the stack: the
 * transport's refusals, version negotiation, notifications, the JSON-RPC
 * errors, and tool calls answered through a dispatch that stands in for the
 * routes. The official SDK's client talks to the real endpoint in
 * test/e2e/open-access/mcp.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { MCP_TOOLS } from '#shared/edges/http/mcp-tools.ts';
import { MCP_PROTOCOL_VERSIONS, serveMcp, type RouteAnswer, type ToolDispatch } from '#shared/edges/http/mcp-server.ts';
import type { Reply } from '#shared/edges/http/reply.ts';

const ACCEPT = 'application/json, text/event-stream';
const PUBLIC_URL = 'https://billwatch.example.org';

async function post(body: unknown, options: { headers?: Record<string, string>; answer?: RouteAnswer } = {}) {
  const dispatch = vi.fn<ToolDispatch>(async () => options.answer ?? { status: 200, body: { id: '119-hr-1' } });
  const reply: Reply = await serveMcp({ headers: { accept: ACCEPT, ...options.headers }, body, dispatch, publicUrl: PUBLIC_URL });
  const parsed = typeof reply.body === 'string' ? (JSON.parse(reply.body) as Record<string, unknown>) : undefined;
  return { status: reply.status, body: parsed, dispatch };
}

const request = (method: string, params?: Record<string, unknown>, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });

describe('the Streamable HTTP transport, stateless', () => {
  it('refuses a client that does not take both JSON and an event stream (406), as the transport requires', async () => {
    for (const accept of ['application/json', 'text/event-stream', '']) {
      const res = await post(request('ping'), { headers: { accept } });
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/^Not Acceptable/) } });
    }
  });

  it('refuses a protocol version header it does not speak (400), and takes every one it does', async () => {
    const refused = await post(request('ping'), { headers: { 'mcp-protocol-version': '1999-01-01' } });
    expect(refused.status).toBe(400);
    expect(refused.body?.error).toMatchObject({ code: -32000, message: expect.stringContaining('Unsupported protocol version') });
    for (const version of MCP_PROTOCOL_VERSIONS) expect((await post(request('ping'), { headers: { 'mcp-protocol-version': version } })).status).toBe(200);
  });

  it('answers a notification 202 with no body', async () => {
    const reply = await serveMcp({
      headers: { accept: ACCEPT },
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      dispatch: vi.fn(),
      publicUrl: PUBLIC_URL,
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toBeUndefined();
  });

  it('answers a message that is not JSON-RPC 2.0 with Invalid Request (400)', async () => {
    const res = await post({ jsonrpc: '1.0', id: 1, method: 'ping' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ id: null, error: { code: -32600 } });
  });
});

describe('the methods', () => {
  it('initialize answers the asked version when it speaks it, else its newest, with the tools capability and its name', async () => {
    const asked = await post(request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(asked.body?.result).toMatchObject({
      protocolVersion: '2025-06-18',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'billwatch' },
      instructions: expect.stringContaining('bearer token'),
    });
    const unknown = await post(request('initialize', { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect((unknown.body?.result as { protocolVersion: string }).protocolVersion).toBe(MCP_PROTOCOL_VERSIONS[0]);
  });

  it('ping answers an empty result under the request id; an unknown method is Method not found', async () => {
    expect((await post(request('ping', undefined, 'abc'))).body).toEqual({ jsonrpc: '2.0', id: 'abc', result: {} });
    const unknown = await post(request('resources/list'));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ id: 1, error: { code: -32601, message: 'Method not found: resources/list' } });
  });

  it('tools/list describes every row of the tool table with object JSON Schemas, required fields and its auth', async () => {
    const { tools } = (await post(request('tools/list'))).body?.result as { tools: Record<string, unknown>[] };
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const tool of tools) {
      expect(tool.inputSchema).toMatchObject({ type: 'object' });
      if (tool.outputSchema) expect(tool.outputSchema).toMatchObject({ type: 'object' });
    }
    const text = tools.find((t) => t.name === 'get_bill_text');
    expect((text?.inputSchema as { required: string[] }).required).toEqual(expect.arrayContaining(['id', 'version']));
    expect(tools.find((t) => t.name === 'list_follows')?._meta).toEqual({ 'billwatch/auth': 'bearer token required' });
  });

  it('tools/call runs the route with the split arguments and answers its data, with the source URL', async () => {
    const res = await post(request('tools/call', { name: 'get_bill', arguments: { id: '119-hr-1' } }));
    const [route, call] = res.dispatch.mock.calls[0] ?? [];
    expect(route?.operationId).toBe('getBill');
    expect(call).toEqual({ params: { id: '119-hr-1' }, query: {} });
    expect(res.body?.result).toMatchObject({
      structuredContent: { id: '119-hr-1' },
      content: [{ type: 'text', text: '{"id":"119-hr-1"}' }],
      _meta: { 'billwatch/source': `${PUBLIC_URL}/api/bills/119-hr-1` },
    });
  });

  it("answers a route's refusal, an unknown tool and bad arguments as tool errors an agent can read", async () => {
    const refused = await post(request('tools/call', { name: 'list_follows', arguments: {} }), {
      answer: { status: 401, body: { detail: 'Sign in first', code: 'auth.required' } },
    });
    expect(refused.body?.result).toMatchObject({ isError: true, content: [{ type: 'text', text: '401 auth.required: Sign in first' }] });

    const unknown = await post(request('tools/call', { name: 'delete_everything', arguments: {} }));
    expect(unknown.body?.result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('Tool delete_everything not found') }] });
    expect(unknown.dispatch).not.toHaveBeenCalled();

    const bad = await post(request('tools/call', { name: 'get_bill_text', arguments: { id: '119-hr-1' } }));
    expect(bad.body?.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/Invalid arguments for tool get_bill_text: version/) }] });
    expect(bad.dispatch).not.toHaveBeenCalled();
  });

  it('answers tools/call without a tool name as Invalid params', async () => {
    const res = await post(request('tools/call', { arguments: {} }));
    expect(res.body).toMatchObject({ id: 1, error: { code: -32602, message: expect.stringContaining('name') } });
  });
});
