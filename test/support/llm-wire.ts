/**
 * The OpenAI and Anthropic wire shapes the local LLM server answers with:
 * built on the real responses recorded in ../shared/fixtures/openai and
 * ../shared/fixtures/anthropic, or on this file's own small copies of those
 * shapes when that folder is absent; plus the default well-behaved model.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../..', '../shared/fixtures');
export const hasSharedFixtures = existsSync(path.join(FIXTURES_DIR, 'openai')) && existsSync(path.join(FIXTURES_DIR, 'anthropic'));

export type Json = Record<string, unknown>;
const readJson = (rel: string): Json => JSON.parse(readFileSync(path.join(FIXTURES_DIR, rel), 'utf8')) as Json;
const firstLine = (rel: string): Json => JSON.parse(readFileSync(path.join(FIXTURES_DIR, rel), 'utf8').split('\n')[0] ?? '{}') as Json;

// Own copies of the recorded shapes (trimmed), used when ../shared/fixtures is absent.
const OWN = {
  chatToolCalls: {
    id: 'chatcmpl-own',
    object: 'chat.completion',
    created: 1747163251,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_own', type: 'function', function: { name: 'x', arguments: '{}' } }],
          refusal: null,
          annotations: [],
        },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
    ],
    usage: {
      prompt_tokens: 92,
      completion_tokens: 17,
      total_tokens: 109,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    },
    service_tier: 'default',
    system_fingerprint: 'fp_own',
  },
  chatText: {
    id: 'chatcmpl-own2',
    object: 'chat.completion',
    created: 1747163257,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [{ index: 0, message: { role: 'assistant', content: 'YES', refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 146, completion_tokens: 3, total_tokens: 149, prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 } },
    service_tier: 'default',
    system_fingerprint: 'fp_own',
  },
  anthropicToolUse: {
    content: [{ id: 'toolu_own', input: {}, name: 'x', type: 'tool_use' }],
    id: 'msg_own',
    model: 'claude-sonnet-4-5-20250929',
    role: 'assistant',
    stop_reason: 'tool_use',
    stop_sequence: null,
    type: 'message',
    usage: {
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      input_tokens: 445,
      output_tokens: 23,
      service_tier: 'standard',
    },
  },
  anthropicText: {
    content: [{ text: 'Hi', type: 'text' }],
    id: 'msg_own2',
    model: 'claude-sonnet-4-5-20250929',
    role: 'assistant',
    stop_reason: 'end_turn',
    stop_sequence: null,
    type: 'message',
    usage: {
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 418 },
      cache_creation_input_tokens: 418,
      cache_read_input_tokens: 1111,
      input_tokens: 3,
      output_tokens: 33,
      service_tier: 'standard',
    },
  },
  openaiBatchLine: { id: 'batch_req_own', custom_id: 'x', response: { status_code: 200, request_id: 'req_own', body: {} }, error: null },
  anthropicBatchLine: { custom_id: 'x', result: { type: 'succeeded', message: {} } },
};

export const TEMPLATES = hasSharedFixtures
  ? {
      chatToolCalls: readJson('openai/chat-completion-tool-calls.json'),
      chatText: readJson('openai/chat-completion-text.json'),
      anthropicToolUse: readJson('anthropic/messages-response-tool-use.json'),
      anthropicText: readJson('anthropic/messages-response-cache-read.json'),
      openaiBatchLine: firstLine('openai/batch-output-2-lines.jsonl'),
      anthropicBatchLine: firstLine('anthropic/message-batch-results-3-lines.jsonl'),
    }
  : (OWN as unknown as Record<keyof typeof OWN, Json>);

export const clone = <T>(v: T): T => structuredClone(v);

export type Provider = 'openai' | 'anthropic';

export interface ModelCall {
  provider: Provider;
  body: Json;
  /** The forced tool's name, if any. */
  tool: string | null;
  system: string;
  user: string;
}

/** What a scripted or default responder answers. */
export type Answer =
  | { kind: 'tool'; input: unknown; usage?: { input?: number; output?: number; cached?: number } }
  | { kind: 'text'; text: string }
  | { kind: 'error'; status: number; headers?: Record<string, string>; body?: Json };

/** The default model: answers each tool with a valid, well-cited output built from the bill text. */
export function defaultAnswer(call: ModelCall): Answer {
  if (call.tool === 'record_bill_category') return { kind: 'tool', input: { bill_category: 'substantive' } };
  if (call.tool === 'record_brief') {
    const partials = /<partial_briefs>\n([\s\S]*?)\n<\/partial_briefs>/.exec(call.user)?.[1];
    if (partials) {
      // MODE: combine — keep the first points of each part, citations unchanged.
      const parts = JSON.parse(partials) as Array<{ points: unknown[] }>;
      return {
        kind: 'tool',
        input: { summary: 'A combined test summary.', points: parts.flatMap((p) => p.points.slice(0, 2)).slice(0, 12), topic_tags: ['health'] },
      };
    }
    const text = /<bill_text>\n([\s\S]*?)\n<\/bill_text>/.exec(call.user)?.[1] ?? '';
    const points = [...text.matchAll(/\[([^\]\n]+)\]\n([\s\S]*?)(?=\n\n\[|$)/g)].flatMap((m) => {
      const sentence = (m[2] ?? '')
        .replace(/\s+/g, ' ')
        .split(/(?<=\.)\s/)
        .find((s) => s.length > 30 && /[a-z]/.test(s));
      return sentence
        ? [{ text: `The bill says: ${sentence.slice(0, 300)}`, label: 'cited_fact', citation: { section: m[1], quote: sentence.slice(0, 200) } }]
        : [];
    });
    if (points.length === 0) points.push({ text: 'The bill is short.', label: 'inference', citation: null } as never);
    return { kind: 'tool', input: { summary: 'A test summary of the bill.', points: points.slice(0, 6), topic_tags: ['health'] } };
  }
  return { kind: 'text', text: 'pong' };
}

function usageOpenAi(u: { input?: number; output?: number; cached?: number } | undefined, base: Json): Json {
  const usage = clone((base.usage ?? {}) as Json);
  if (u?.input !== undefined) usage.prompt_tokens = u.input;
  if (u?.output !== undefined) usage.completion_tokens = u.output;
  usage.total_tokens = Number(usage.prompt_tokens) + Number(usage.completion_tokens);
  if (u?.cached !== undefined) usage.prompt_tokens_details = { cached_tokens: u.cached, audio_tokens: 0 };
  return usage;
}

/** A chat.completion body in the recorded shape. */
export function openAiCompletion(answer: Answer, model: string, tool: string | null): Json {
  if (answer.kind === 'tool') {
    const body = clone(TEMPLATES.chatToolCalls);
    const choice = (body.choices as Json[])[0] as Json;
    const message = choice.message as Json;
    const call = (message.tool_calls as Json[])[0] as Json;
    call.function = { name: tool ?? 'tool', arguments: typeof answer.input === 'string' ? answer.input : JSON.stringify(answer.input) };
    body.model = model;
    body.usage = usageOpenAi(answer.usage, body);
    return body;
  }
  const body = clone(TEMPLATES.chatText);
  ((body.choices as Json[])[0] as Json).message = { role: 'assistant', content: answer.kind === 'text' ? answer.text : '', refusal: null, annotations: [] };
  body.model = model;
  return body;
}

/** A Messages API body in the recorded shape. */
export function anthropicMessage(answer: Answer, model: string, tool: string | null): Json {
  if (answer.kind === 'tool') {
    const body = clone(TEMPLATES.anthropicToolUse);
    body.content = [{ id: 'toolu_local', input: answer.input, name: tool ?? 'tool', type: 'tool_use' }];
    body.model = model;
    const usage = body.usage as Json;
    if (answer.usage?.input !== undefined) usage.input_tokens = answer.usage.input;
    if (answer.usage?.output !== undefined) usage.output_tokens = answer.usage.output;
    if (answer.usage?.cached !== undefined) usage.cache_read_input_tokens = answer.usage.cached;
    return body;
  }
  const body = clone(TEMPLATES.anthropicText);
  body.content = [{ text: answer.kind === 'text' ? answer.text : '', type: 'text' }];
  body.model = model;
  return body;
}
