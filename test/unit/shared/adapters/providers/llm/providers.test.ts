// The four providers through the real openai and @anthropic-ai/sdk clients, against the local wire-format server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '#shared/adapters/providers/llm/anthropic.provider.ts';
import { openAiCompatibleProvider } from '#shared/adapters/providers/llm/openai-compatible.provider.ts';
import { withLlmRetries } from '#shared/adapters/providers/llm/retry.ts';
import { BRIEF_TOOL, CLASSIFY_TOOL } from '#shared/domain/briefs/model-output.schema.ts';
import { hasSharedFixtures, startLlmServer, type LlmServer } from '#test/support/llm-server.ts';

if (!hasSharedFixtures) console.warn('../shared/fixtures is absent: the LLM server uses its own copies of the recorded shapes');

let server: LlmServer;
beforeAll(async () => {
  server = await startLlmServer({ openai: ['gpt-4o-mini', 'gpt-4o'], anthropic: ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5'] });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const noWait = { acquire: async () => {}, sleep: async () => {} };
const request = { system: 'You classify.', user: 'BILL: H.R. 1', maxTokens: 50, tool: CLASSIFY_TOOL };

describe('openai provider', () => {
  const openai = () => openAiCompatibleProvider('openai', { apiKey: 'sk-test', baseURL: server.openaiBaseUrl });

  it('forces the tool and parses its arguments and usage', async () => {
    server.enqueue({ kind: 'tool', input: { bill_category: 'commemorative' }, usage: { input: 1200, output: 30, cached: 1024 } });
    const out = await openai().complete('gpt-4o-mini', request);
    expect(out.toolInput).toEqual({ bill_category: 'commemorative' });
    expect(out.usage).toEqual({ input_tokens: 1200, output_tokens: 30, cached_input_tokens: 1024, cache_write_tokens: 0 });
    const body = server.calls[0]?.body as { tools: Array<{ function: { name: string; parameters: { properties: object } } }>; tool_choice: unknown };
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'record_bill_category' } });
    expect(Object.keys(body.tools[0]?.function.parameters.properties ?? {})).toEqual(['bill_category']);
  });

  it('lists models live', async () => {
    expect(await openai().listModels()).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });

  it('waits for Retry-After on a 429, then succeeds', async () => {
    server.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '2' } }, { kind: 'tool', input: { bill_category: 'substantive' } });
    const waits: number[] = [];
    const out = await withLlmRetries(() => openai().complete('gpt-4o-mini', request), { acquire: async () => {}, sleep: async (ms) => void waits.push(ms) });
    expect(out.toolInput).toEqual({ bill_category: 'substantive' });
    expect(waits).toEqual([2000]);
    expect(server.calls).toHaveLength(2);
  });

  it('gives up after the last attempt and throws the 429', async () => {
    server.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 429, headers: { 'retry-after': '1' } })));
    await expect(withLlmRetries(() => openai().complete('gpt-4o-mini', request), { ...noWait, attempts: 3 })).rejects.toMatchObject({ status: 429 });
  });

  it('does not retry a 400', async () => {
    server.enqueue({ kind: 'error', status: 400, body: { error: { message: 'bad request' } } });
    await expect(withLlmRetries(() => openai().complete('gpt-4o-mini', request), noWait)).rejects.toMatchObject({ status: 400 });
    expect(server.calls).toHaveLength(1);
  });

  it('runs a batch: JSONL file upload, batch, results', async () => {
    const batch = openai().batch;
    if (!batch) throw new Error('openai has a batch API');
    const info = await batch.submit('gpt-4o-mini', [
      {
        custom_id: 'a',
        request: {
          ...request,
          tool: BRIEF_TOOL,
          user: '<bill_text>\n[Sec. 2]\nSEC. 2. The Secretary shall publish the annual report on each program.\n</bill_text>',
        },
      },
      { custom_id: 'b', request: { ...request, tool: BRIEF_TOOL } },
    ]);
    expect(info).toMatchObject({ status: 'in_progress', total: 2 });
    expect(server.requests).toContain('POST /openai/v1/files');
    server.finishBatches();
    expect((await batch.retrieve(info.id)).status).toBe('completed');
    const results = await batch.results(info.id, BRIEF_TOOL);
    expect(results.map((r) => [r.custom_id, r.ok])).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });
});

describe('anthropic provider', () => {
  const anthropic = () => anthropicProvider({ apiKey: 'sk-ant-test', baseURL: server.anthropicBaseUrl });

  it('puts cache_control ephemeral on the system message and forces tool_use', async () => {
    server.enqueue({ kind: 'tool', input: { bill_category: 'administrative' }, usage: { input: 3, output: 20, cached: 1111 } });
    const out = await anthropic().complete('claude-sonnet-4-6', request);
    const body = server.calls[0]?.body as { system: unknown; tool_choice: unknown; tools: Array<{ input_schema: { type: string } }> };
    expect(body.system).toEqual([{ type: 'text', text: 'You classify.', cache_control: { type: 'ephemeral' } }]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'record_bill_category' });
    expect(body.tools[0]?.input_schema.type).toBe('object');
    expect(out.toolInput).toEqual({ bill_category: 'administrative' });
    expect(out.usage.cached_input_tokens).toBe(1111);
    expect(out.usage.input_tokens).toBe(3 + 1111);
  });

  it('reads a plain text reply', async () => {
    server.enqueue({ kind: 'text', text: 'pong' });
    const out = await anthropic().complete('claude-sonnet-4-6', { system: 's', user: 'ping', maxTokens: 20 });
    expect(out.text).toBe('pong');
    expect(out.toolInput).toBeNull();
  });

  it('waits for Retry-After on a 429, then succeeds', async () => {
    server.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '3' } }, { kind: 'tool', input: { bill_category: 'substantive' } });
    const waits: number[] = [];
    const out = await withLlmRetries(() => anthropic().complete('claude-sonnet-4-6', request), {
      acquire: async () => {},
      sleep: async (ms) => void waits.push(ms),
    });
    expect(out.toolInput).toEqual({ bill_category: 'substantive' });
    expect(waits).toEqual([3000]);
  });

  it('lists models live', async () => {
    expect(await anthropic().listModels()).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5-20250929']);
  });

  it('runs a message batch and reads its results file', async () => {
    const batch = anthropic().batch;
    if (!batch) throw new Error('anthropic has a batch API');
    const info = await batch.submit('claude-sonnet-4-6', [{ custom_id: 'x1', request }]);
    expect(info.status).toBe('in_progress');
    server.finishBatches();
    expect((await batch.retrieve(info.id)).status).toBe('completed');
    const results = await batch.results(info.id, CLASSIFY_TOOL);
    expect(results).toEqual([expect.objectContaining({ custom_id: 'x1', ok: true })]);
    const body = server.calls.at(-1)?.body as { system: Array<{ cache_control: unknown }> };
    expect(body.system[0]?.cache_control).toEqual({ type: 'ephemeral' });
  });
});

describe('gemini and ollama through the OpenAI-compatible endpoint', () => {
  it.each(['gemini', 'ollama'] as const)('%s completes through the openai client at its base URL', async (name) => {
    const provider = openAiCompatibleProvider(name, { apiKey: 'k', baseURL: server.openaiBaseUrl });
    server.enqueue({ kind: 'text', text: 'hello' });
    const out = await provider.complete('gemini-2.0-flash', { system: 's', user: 'u', maxTokens: 20 });
    expect(out.text).toBe('hello');
    expect(provider.name).toBe(name);
    expect(provider.batch).toBeUndefined();
  });
});
