/**
 * Bundled by test/infra/bundled-mcp.test.ts with the deploy options: the MCP
 * server as the MCP function runs it (the SDK inside, ajv aliased to its
 * refusing shim), answering initialize, tools/list and a tools/call.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { serveMcp } from '#shared/edges/http/mcp-server.ts';

const ACCEPT = 'application/json, text/event-stream';

async function post(body: unknown): Promise<{ status: number; body: unknown }> {
  const reply = await serveMcp({
    headers: { accept: ACCEPT },
    body,
    dispatch: async (route, call) => ({ status: 200, body: { operation: route.operationId, ...call } }),
    publicUrl: 'https://billwatch.example.org',
  });
  return { status: reply.status, body: typeof reply.body === 'string' ? (JSON.parse(reply.body) as unknown) : undefined };
}

/** What a server made without a validator meets in the bundle: the ajv shim's refusal. */
function serverWithoutValidator(): string {
  try {
    const server = new Server({ name: 'probe', version: '1' });
    return `built ${server.constructor.name}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export async function probe() {
  return {
    initialize: await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
    }),
    list: await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    call: await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_bill', arguments: { id: '119-hr-1' } } }),
    withoutValidator: serverWithoutValidator(),
  };
}
