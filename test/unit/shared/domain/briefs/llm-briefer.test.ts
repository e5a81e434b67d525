// The LLM briefer through the real anthropic client: long texts split by section and combined, malformed output asked again, costs added up.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { briefInput } from '#shared/domain/briefs/brief-input.ts';
import { briefRequests, writeLlmBrief } from '#shared/use-cases/briefs/llm-briefer.ts';
import { SYSTEM_PROMPT } from '#shared/domain/briefs/prompts.ts';
import { anthropicProvider } from '#shared/adapters/providers/llm/anthropic.provider.ts';
import { MalformedOutputError } from '#shared/domain/llm/llm-provider.ts';
import { startLlmServer, type LlmServer } from '#test/support/llm-server.ts';
import { BILL_V2 } from '../../../../support/llm-fixtures.ts';

let server: LlmServer;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const bill = { id: '119-hr-100', label: 'H.R. 100', title: 'Rural Clinics Improvement Act' };
const noWait = { acquire: async () => {}, sleep: async () => {} };
const provider = () => anthropicProvider({ apiKey: 'k', baseURL: server.anthropicBaseUrl });

describe('LLM briefer', () => {
  it('sends a short text in one request whose static part is the system prompt', () => {
    const requests = briefRequests(briefInput(bill, { code: 'ih', text: BILL_V2 }, null), 12_000, 3000);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.system).toBe(SYSTEM_PROMPT);
    expect(requests[0]?.user).toContain('<bill_text>');
  });

  it('splits a long text by section, briefs each part, then combines them', async () => {
    const input = briefInput(bill, { code: 'ih', text: BILL_V2 }, null);
    const parts = briefRequests(input, 80, 3000);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts[0]?.user).toContain(`MODE: part 1 of ${parts.length}`);

    process.env.LLM_CHUNK_TOKENS = '80';
    const { resetConfig } = await import('#shared/platform/config.ts');
    resetConfig();
    try {
      const draft = await writeLlmBrief(provider(), 'claude-sonnet-4-6', input, noWait);
      expect(server.calls).toHaveLength(parts.length + 1);
      expect(server.calls.at(-1)?.user).toContain('MODE: combine');
      expect(draft.cost.requests).toBe(parts.length + 1);
      expect(draft.brief.summary).toBe('A combined test summary.');
      expect(draft.brief.points.length).toBeGreaterThan(1);
    } finally {
      delete process.env.LLM_CHUNK_TOKENS;
      resetConfig();
    }
  });

  it('asks again once when the output is malformed, and counts both requests', async () => {
    server.enqueue({ kind: 'tool', input: { summary: '', points: [] } });
    const draft = await writeLlmBrief(provider(), 'claude-sonnet-4-6', briefInput(bill, { code: 'ih', text: BILL_V2 }, null), noWait);
    expect(draft.cost.requests).toBe(2);
    expect(draft.cost.input_tokens).toBeGreaterThan(0);
    expect(draft.cost.cost_usd).toBeGreaterThan(0);
  });

  it('fails with MalformedOutputError when the model keeps answering without the tool', async () => {
    server.enqueue({ kind: 'text', text: 'I refuse.' }, { kind: 'text', text: 'Still no.' });
    await expect(writeLlmBrief(provider(), 'claude-sonnet-4-6', briefInput(bill, { code: 'ih', text: BILL_V2 }, null), noWait)).rejects.toBeInstanceOf(
      MalformedOutputError,
    );
  });
});
