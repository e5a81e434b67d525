// The MCP endpoint (the SDK's server) against the local stack, through the
// official SDK's client over Streamable HTTP: it initializes, lists the tools,
// searches for a bill, reads its brief with citations, finds the
// representatives of a ZIP, a personal tool answers only with the user's
// bearer token, and errors are tool errors or JSON-RPC errors as the protocol
// says.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, ListResourcesResultSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MCP_TOOLS } from '#shared/edges/http/mcp-tools.ts';
import { manifestEtag } from '#shared/adapters/search/index-store.ts';
import { seedBill, seedBrief, seedMember } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';

// Pumps on: the search rebuild runs on the search-index queue.
const e2e = useLocalStack({ pumps: true });
const api = () => e2e.client();
const clients: Client[] = [];
let token = '';

/** An MCP client of the official SDK connected to the stack, with a bearer token when given. */
async function connect(bearer?: string, transports: StreamableHTTPClientTransport[] = []): Promise<Client> {
  const client = new Client({ name: 'billwatch-e2e', version: '1.0.0' });
  const url = new URL('/api/mcp', e2e.stack().apiUrl);
  const transport = new StreamableHTTPClientTransport(url, bearer ? { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } } : {});
  transports.push(transport);
  await client.connect(transport);
  clients.push(client);
  return client;
}

const structured = (result: Awaited<ReturnType<Client['callTool']>>) => (result as CallToolResult).structuredContent as Record<string, unknown>;

beforeAll(async () => {
  await Promise.all([
    seedBill(119, 'hr', 1, { title: 'Farm Security Act', sponsor_id: 'K000389', latest_action_date: '2025-01-03' }),
    seedMember('K000389', 'Khanna, Ro', { state: 'CA', district: 17, chamber: 'house' }),
    seedMember('P000145', 'Padilla, Alex', { state: 'CA', district: null, chamber: 'senate' }),
    seedMember('S001150', 'Schiff, Adam', { state: 'CA', district: null, chamber: 'senate' }),
  ]);
  await seedBrief('119-hr-1', ['agriculture-and-food']);
  token = await signUp(api(), 'agent-user');
  // Bills seeded straight into the table reach the search engine through a rebuild (the first account is the admin).
  expect((await api().request('POST', '/api/admin/search/rebuild', { token })).status).toBe(202);
  // No search before the rebuild's manifest exists: one would load the empty index and keep it until the next sync (15 s).
  await vi.waitUntil(manifestEtag, { timeout: 60_000, interval: 100 });
  const indexed = async () => JSON.stringify((await api().request('GET', '/api/search', { query: { q: 'Farm Security' } })).body).includes('119-hr-1');
  await vi.waitUntil(indexed, { timeout: 60_000, interval: 100 });
}, 90_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('the MCP endpoint', () => {
  it('initializes in the newest protocol revision, stateless, with its name, the tools capability and its instructions', async () => {
    const transports: StreamableHTTPClientTransport[] = [];
    const client = await connect(undefined, transports);
    expect(client.getServerVersion()).toMatchObject({ name: 'billwatch', version: expect.any(String) });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    expect(client.getInstructions()).toContain('bearer token');
    expect(transports[0]?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    // Stateless: no session for the client to carry.
    expect(transports[0]?.sessionId).toBeUndefined();
    expect(await client.ping()).toEqual({});
  });

  it('lists one tool per row of the tool table, with the routes input and output schemas', async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());
    const getBill = tools.find((t) => t.name === 'get_bill');
    expect(getBill?.inputSchema.required).toEqual(['id']);
    expect(getBill?.outputSchema?.properties).toHaveProperty('status_timeline');
    expect(tools.find((t) => t.name === 'get_bill_text')?.inputSchema.required).toEqual(expect.arrayContaining(['id', 'version']));
  });

  it('searches for a bill, reads it and its brief with citations, verification state and provenance', async () => {
    const client = await connect();
    // Once it has listed the tools, the SDK's client checks every structured answer against the tool's output schema (ajv), and throws on a mismatch.
    await client.listTools();
    const found = structured(await client.callTool({ name: 'search', arguments: { q: 'Farm Security' } }));
    expect(JSON.stringify(found)).toContain('119-hr-1');
    const bill = await client.callTool({ name: 'get_bill', arguments: { id: '119-hr-1' } });
    expect(structured(bill)).toMatchObject({ id: '119-hr-1', title: 'Farm Security Act', data_as_of: expect.any(String) });
    expect(bill._meta).toMatchObject({ 'billwatch/source': expect.stringMatching(/\/api\/bills\/119-hr-1$/) });
    const briefs = structured(await client.callTool({ name: 'get_bill_briefs', arguments: { id: '119-hr-1' } }));
    expect(briefs.items).toEqual([
      expect.objectContaining({
        uncited: false,
        points: [expect.objectContaining({ label: 'cited_fact', citation: expect.objectContaining({ section: 'Sec. 2', quote: 'does a thing' }) })],
      }),
    ]);
  });

  it('finds the representatives of a ZIP', async () => {
    const client = await connect();
    await client.listTools();
    const reps = structured(await client.callTool({ name: 'find_representatives', arguments: { zip: '95014' } }));
    expect(reps).toMatchObject({ zip: '95014', state: 'CA' });
    expect((reps.members as { id: string }[]).map((m) => m.id)).toEqual(expect.arrayContaining(['K000389', 'P000145', 'S001150']));
  });

  it('refuses a personal tool without a token and answers it with one', async () => {
    const refused = (await (await connect()).callTool({ name: 'list_follows', arguments: {} })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^401 /) });
    await api().request('POST', '/api/follows', { token, body: { target_type: 'bill', target_id: '119-hr-1' } });
    const signedIn = await connect(token);
    await signedIn.listTools();
    const follows = structured(await signedIn.callTool({ name: 'list_follows', arguments: {} }));
    expect(follows.items).toEqual([expect.objectContaining({ target_type: 'bill', target_id: '119-hr-1' })]);
  });

  it('answers a tool error for bad input and an unknown bill, never a transport failure', async () => {
    const client = await connect();
    const unknown = (await client.callTool({ name: 'get_bill', arguments: { id: '119-hr-9999' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^404 /) });
    const malformed = (await client.callTool({ name: 'get_bill', arguments: { id: 'nonsense' } })) as CallToolResult;
    expect(malformed.isError).toBe(true);
    const missing = (await client.callTool({ name: 'get_bill', arguments: {} })) as CallToolResult;
    expect(missing).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('Invalid arguments for tool get_bill') }] });
    const unknownTool = (await client.callTool({ name: 'no_such_tool', arguments: {} })) as CallToolResult;
    expect(unknownTool).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('Tool no_such_tool not found') }] });
  });

  it('answers a method it does not serve with a JSON-RPC error the client throws', async () => {
    const client = await connect();
    const refused = await client.request({ method: 'resources/list' }, ListResourcesResultSchema).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(ErrorCode.MethodNotFound);
  });

  it('answers JSON-RPC over plain HTTP with the RateLimit fields', async () => {
    const res = await api().request('POST', '/api/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"mcp";q=120;w=60');
    expect(JSON.stringify(res.body)).toContain('find_representatives');
  });
});
