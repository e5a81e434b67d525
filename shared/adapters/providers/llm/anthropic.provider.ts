/**
 * anthropic through the official `@anthropic-ai/sdk` client. The system
 * prompt carries cache_control {type: "ephemeral"} so the long shared
 * instructions are cached (about five minutes) across briefs; structured
 * output is a forced tool_use. Message Batches serve submit_llm_batch.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import {
  MalformedOutputError,
  type BatchApi,
  type BatchInfo,
  type BatchResult,
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  type ToolSpec,
} from '#shared/domain/llm/llm-provider.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** The Messages API request of a provider-neutral request. */
export function messageParams(model: string, request: LlmRequest): MessageCreateParamsNonStreaming {
  return {
    model,
    max_tokens: request.maxTokens,
    system: [{ type: 'text', text: request.system, cache_control: { type: 'ephemeral' } }],
    messages: [{ role: 'user', content: request.user }],
    ...(request.tool
      ? {
          tools: [{ name: request.tool.name, description: request.tool.description, input_schema: { type: 'object', ...request.tool.parameters } }],
          tool_choice: { type: 'tool', name: request.tool.name },
        }
      : {}),
  };
}

/** Maps a Message to the provider-neutral response. */
export function fromMessage(message: Message, tool: ToolSpec | undefined): LlmResponse {
  const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('') || null;
  let toolInput: unknown = null;
  if (tool) {
    const use = message.content.find((b) => b.type === 'tool_use' && b.name === tool.name);
    if (!use || use.type !== 'tool_use') throw new MalformedOutputError(`The model did not call ${tool.name}`);
    toolInput = use.input;
  }
  return {
    model: message.model,
    text,
    toolInput,
    usage: {
      // Anthropic counts cached and cache-written tokens apart from input_tokens; the total is what was read.
      input_tokens: message.usage.input_tokens + (message.usage.cache_read_input_tokens ?? 0) + (message.usage.cache_creation_input_tokens ?? 0),
      output_tokens: message.usage.output_tokens,
      cached_input_tokens: message.usage.cache_read_input_tokens ?? 0,
      cache_write_tokens: message.usage.cache_creation_input_tokens ?? 0,
    },
  };
}

function anthropicBatch(client: Anthropic): BatchApi {
  const info = (b: Anthropic.Messages.MessageBatch): BatchInfo => {
    const c = b.request_counts;
    return {
      id: b.id,
      status: b.processing_status === 'ended' ? 'completed' : b.processing_status === 'canceling' ? 'cancelled' : 'in_progress',
      total: c.processing + c.succeeded + c.errored + c.canceled + c.expired,
      completed: c.succeeded,
      failed: c.errored + c.canceled + c.expired,
    };
  };
  return {
    async submit(model, items) {
      const batch = await client.messages.batches.create({
        requests: items.map((i) => ({ custom_id: i.custom_id, params: messageParams(model, i.request) })),
      });
      return info(batch);
    },
    async retrieve(batchId) {
      return info(await client.messages.batches.retrieve(batchId));
    },
    async results(batchId, tool) {
      const out: BatchResult[] = [];
      for await (const row of await client.messages.batches.results(batchId)) {
        if (row.result.type === 'succeeded') {
          try {
            out.push({ custom_id: row.custom_id, ok: true, response: fromMessage(row.result.message, tool) });
          } catch (err) {
            out.push({ custom_id: row.custom_id, ok: false, error: errorText(err) });
          }
        } else {
          const detail = row.result.type === 'errored' ? row.result.error.error.message : row.result.type;
          out.push({ custom_id: row.custom_id, ok: false, error: detail });
        }
      }
      return out;
    },
  };
}

/** The Anthropic provider. */
export function anthropicProvider(options: { apiKey: string; baseURL?: string; timeoutMs?: number }): LlmProvider {
  // maxRetries 0: retries go through our own loop so that each attempt takes a token from the shared bucket.
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs ?? 120_000 });
  return {
    name: 'anthropic',
    async complete(model, request) {
      return fromMessage(await client.messages.create(messageParams(model, request)), request.tool);
    },
    async listModels() {
      const ids: string[] = [];
      for await (const m of client.models.list()) ids.push(m.id);
      return ids.sort();
    },
    batch: anthropicBatch(client),
  };
}
