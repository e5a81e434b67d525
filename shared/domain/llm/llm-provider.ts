/**
 * The one interface every LLM provider implements: a completion with an
 * optional forced tool (structured output), a live model list, and, for the
 * two hosted providers that have one, a batch interface. Callers never see
 * which SDK is underneath.
 */

export const PROVIDER_NAMES = ['openai', 'anthropic', 'gemini', 'ollama'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** A forced tool call: the model must answer with arguments matching `parameters` (JSON Schema). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface LlmRequest {
  /** The static instructions: cached by providers that cache system prompts. */
  system: string;
  /** The per-call content (bill text as data, diff, …). */
  user: string;
  maxTokens: number;
  /** When set, the reply is the tool's arguments, in `toolInput`. */
  tool?: ToolSpec;
}

export interface LlmUsage {
  input_tokens: number;
  output_tokens: number;
  /** Input tokens served from the provider's prompt cache. */
  cached_input_tokens: number;
  /** Input tokens written to the prompt cache (Anthropic cache_creation_input_tokens). */
  cache_write_tokens: number;
}

export interface LlmResponse {
  model: string;
  /** The reply's text (null when the model only called the tool). */
  text: string | null;
  /** The forced tool's arguments, raw (parse them with zod), or null. */
  toolInput: unknown;
  usage: LlmUsage;
}

export const BATCH_STATUSES = ['none', 'submitted', 'in_progress', 'completed', 'failed', 'expired', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export interface BatchItem {
  custom_id: string;
  request: LlmRequest;
}

export interface BatchInfo {
  id: string;
  status: BatchStatus;
  total: number;
  completed: number;
  failed: number;
}

export type BatchResult = { custom_id: string; ok: true; response: LlmResponse } | { custom_id: string; ok: false; error: string };

export interface BatchApi {
  submit(model: string, items: BatchItem[]): Promise<BatchInfo>;
  retrieve(batchId: string): Promise<BatchInfo>;
  /** The results, each parsed for the tool every item of the batch was forced to call. */
  results(batchId: string, tool?: ToolSpec): Promise<BatchResult[]>;
}

export interface LlmProvider {
  readonly name: ProviderName;
  complete(model: string, request: LlmRequest): Promise<LlmResponse>;
  listModels(): Promise<string[]>;
  /** Present only for providers with a batch interface (openai, anthropic). */
  readonly batch?: BatchApi;
}

/** Thrown when the provider answered but the answer is unusable (no tool call, bad JSON). */
export class MalformedOutputError extends Error {
  override name = 'MalformedOutputError';
}
