/**
 * openai, gemini and ollama through the official `openai` client: OpenAI
 * itself, Gemini's OpenAI-compatible endpoint and Ollama's /v1 endpoint
 * differ only in base URL and key. Structured output is a forced function
 * call. The OpenAI provider also has the Batch API (a JSONL file upload,
 * then a batch over /v1/chat/completions).
 */
import OpenAI, { toFile } from 'openai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import {
  MalformedOutputError,
  type BatchApi,
  type BatchInfo,
  type BatchResult,
  type BatchStatus,
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  type ProviderName,
} from '#shared/domain/llm/llm-provider.ts';
import { errorText } from '#shared/errors/error-text.ts';

type OpenAiLike = Exclude<ProviderName, 'anthropic'>;

function body(model: string, request: LlmRequest) {
  return {
    model,
    max_tokens: request.maxTokens,
    messages: [
      { role: 'system' as const, content: request.system },
      { role: 'user' as const, content: request.user },
    ],
    ...(request.tool
      ? {
          tools: [
            { type: 'function' as const, function: { name: request.tool.name, description: request.tool.description, parameters: request.tool.parameters } },
          ],
          tool_choice: { type: 'function' as const, function: { name: request.tool.name } },
        }
      : {}),
  };
}

/** Maps a chat completion to the provider-neutral response. */
export function fromCompletion(completion: ChatCompletion, request: Pick<LlmRequest, 'tool'>): LlmResponse {
  const message = completion.choices[0]?.message;
  let toolInput: unknown = null;
  if (request.tool) {
    const call = message?.tool_calls?.find((c) => c.type === 'function' && c.function.name === request.tool?.name);
    // Some OpenAI-compatible servers answer with JSON content instead of a tool call.
    const raw = call && call.type === 'function' ? call.function.arguments : message?.content;
    if (!raw) throw new MalformedOutputError(`The model did not call ${request.tool.name}`);
    try {
      toolInput = JSON.parse(raw);
    } catch {
      throw new MalformedOutputError(`The arguments of ${request.tool.name} are not JSON`);
    }
  }
  const usage = completion.usage;
  return {
    model: completion.model,
    text: message?.content ?? null,
    toolInput,
    usage: {
      input_tokens: usage?.prompt_tokens ?? 0,
      output_tokens: usage?.completion_tokens ?? 0,
      cached_input_tokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
      cache_write_tokens: 0,
    },
  };
}

const BATCH_STATUS: Record<string, BatchStatus> = {
  validating: 'submitted',
  in_progress: 'in_progress',
  finalizing: 'in_progress',
  completed: 'completed',
  failed: 'failed',
  expired: 'expired',
  cancelling: 'cancelled',
  cancelled: 'cancelled',
};

function openAiBatch(client: OpenAI): BatchApi {
  const info = (b: OpenAI.Batches.Batch): BatchInfo => ({
    id: b.id,
    status: BATCH_STATUS[b.status] ?? 'in_progress',
    total: b.request_counts?.total ?? 0,
    completed: b.request_counts?.completed ?? 0,
    failed: b.request_counts?.failed ?? 0,
  });
  return {
    async submit(model, items) {
      const jsonl = items
        .map((i) => JSON.stringify({ custom_id: i.custom_id, method: 'POST', url: '/v1/chat/completions', body: body(model, i.request) }))
        .join('\n');
      const file = await client.files.create({ file: await toFile(Buffer.from(jsonl, 'utf8'), 'briefs.jsonl'), purpose: 'batch' });
      const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
      return info(batch);
    },
    async retrieve(batchId) {
      return info(await client.batches.retrieve(batchId));
    },
    async results(batchId, tool) {
      const batch = await client.batches.retrieve(batchId);
      const out: BatchResult[] = [];
      for (const fileId of [batch.output_file_id, batch.error_file_id]) {
        if (!fileId) continue;
        const text = await (await client.files.content(fileId)).text();
        for (const line of text.split('\n').filter((l) => l.trim())) {
          const row = JSON.parse(line) as {
            custom_id: string;
            response?: { status_code: number; body: ChatCompletion } | null;
            error?: { message?: string } | null;
          };
          if (row.response && row.response.status_code === 200) {
            try {
              out.push({ custom_id: row.custom_id, ok: true, response: fromCompletion(row.response.body, { tool }) });
            } catch (err) {
              out.push({ custom_id: row.custom_id, ok: false, error: errorText(err) });
            }
          } else {
            out.push({ custom_id: row.custom_id, ok: false, error: row.error?.message ?? `status ${row.response?.status_code ?? 'unknown'}` });
          }
        }
      }
      return out;
    },
  };
}

/** A provider over the OpenAI wire format (openai, gemini, ollama). */
export function openAiCompatibleProvider(name: OpenAiLike, options: { apiKey: string; baseURL?: string; timeoutMs?: number }): LlmProvider {
  // maxRetries 0: retries go through our own loop so that each attempt takes a token from the shared bucket.
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs ?? 120_000 });
  return {
    name,
    async complete(model, request) {
      return fromCompletion(await client.chat.completions.create(body(model, request)), request);
    },
    async listModels() {
      const ids: string[] = [];
      for await (const m of client.models.list()) ids.push(m.id.replace(/^models\//, ''));
      return ids.sort();
    },
    ...(name === 'openai' ? { batch: openAiBatch(client) } : {}),
  };
}
