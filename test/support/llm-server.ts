/**
 * A local HTTP server that speaks the OpenAI and Anthropic wire formats, so
 * tests drive the real `openai` and `@anthropic-ai/sdk` clients (baseURL):
 *   /openai/v1/chat/completions, /models, /files, /files/{id}/content, /batches, /batches/{id}
 *   /anthropic/v1/messages, /models, /messages/batches, /messages/batches/{id}, …/results
 * Replies are built on the real response shapes (./llm-wire.ts).
 * A test scripts replies with `enqueue` (429s, malformed output, …); the
 * default responder answers like a well-behaved model, quoting the bill text.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicMessage, clone, defaultAnswer, openAiCompletion, TEMPLATES, type Answer, type Json, type ModelCall, type Provider } from './llm-wire.ts';

export { defaultAnswer, hasSharedFixtures, FIXTURES_DIR, type Answer, type ModelCall, type Provider } from './llm-wire.ts';

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function callOf(provider: Provider, body: Json): ModelCall {
  if (provider === 'openai') {
    const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
    const choice = body.tool_choice as { function?: { name?: string } } | undefined;
    return {
      provider,
      body,
      tool: choice?.function?.name ?? null,
      system: messages.find((m) => m.role === 'system')?.content ?? '',
      user: messages.find((m) => m.role === 'user')?.content ?? '',
    };
  }
  const system = ((body.system ?? []) as Array<{ text: string }>).map((b) => b.text).join('');
  const messages = (body.messages ?? []) as Array<{ content: string }>;
  const choice = body.tool_choice as { name?: string } | undefined;
  return { provider, body, tool: choice?.name ?? null, system, user: String(messages[0]?.content ?? '') };
}

interface StoredBatch {
  provider: Provider;
  id: string;
  lines: Array<{ custom_id: string; body: Json }>;
  done: boolean;
}

export interface LlmServer {
  url: string;
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  /** Every model call received, in order. */
  calls: ModelCall[];
  /** Every request path received, in order ("POST /openai/v1/files"). */
  requests: string[];
  /** Scripts the next answers (consumed first in, first out); the default responder answers the rest. */
  enqueue: (...answers: Answer[]) => void;
  /** Marks every submitted batch as finished, so its results can be fetched. */
  finishBatches: () => void;
  reset: () => void;
  close: () => Promise<void>;
}

/** Starts the server on a free local port. */
export async function startLlmServer(models: { openai?: string[]; anthropic?: string[] } = {}): Promise<LlmServer> {
  const script: Answer[] = [];
  const calls: ModelCall[] = [];
  const requests: string[] = [];
  const files = new Map<string, string>();
  const batches = new Map<string, StoredBatch>();
  let seq = 0;
  let base = '';

  const answerFor = (call: ModelCall): Answer => script.shift() ?? defaultAnswer(call);
  const openAiBatchObject = (b: StoredBatch): Json => ({
    id: b.id,
    object: 'batch',
    endpoint: '/v1/chat/completions',
    errors: null,
    input_file_id: `file-in-${b.id}`,
    completion_window: '24h',
    status: b.done ? 'completed' : 'in_progress',
    output_file_id: b.done ? `file-out-${b.id}` : null,
    error_file_id: null,
    created_at: 1736266000,
    in_progress_at: 1736266001,
    expires_at: 1736352400,
    completed_at: b.done ? 1736266789 : null,
    request_counts: { total: b.lines.length, completed: b.done ? b.lines.length : 0, failed: 0 },
    metadata: null,
  });
  const anthropicBatchObject = (b: StoredBatch): Json => ({
    id: b.id,
    type: 'message_batch',
    processing_status: b.done ? 'ended' : 'in_progress',
    request_counts: { processing: b.done ? 0 : b.lines.length, succeeded: b.done ? b.lines.length : 0, errored: 0, canceled: 0, expired: 0 },
    ended_at: b.done ? '2026-01-01T00:10:00Z' : null,
    created_at: '2026-01-01T00:00:00Z',
    expires_at: '2026-01-02T00:00:00Z',
    archived_at: null,
    cancel_initiated_at: null,
    results_url: b.done ? `${base}/anthropic/v1/messages/batches/${b.id}/results` : null,
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const route = `${req.method} ${url.pathname}`;
      requests.push(route);
      const raw = await readBody(req);
      const send = (status: number, body: Json | string, headers: Record<string, string> = {}) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        res.writeHead(status, { 'content-type': typeof body === 'string' ? 'application/octet-stream' : 'application/json', ...headers });
        res.end(text);
      };
      const modelReply = (provider: Provider) => {
        const body = JSON.parse(raw.toString('utf8')) as Json;
        const call = callOf(provider, body);
        calls.push(call);
        const answer = answerFor(call);
        if (answer.kind === 'error') {
          const errBody =
            answer.body ??
            (provider === 'openai'
              ? { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }
              : { type: 'error', error: { type: 'rate_limit_error', message: 'Rate limited' } });
          return send(answer.status, errBody, answer.headers);
        }
        const model = String(body.model);
        send(200, provider === 'openai' ? openAiCompletion(answer, model, call.tool) : anthropicMessage(answer, model, call.tool));
      };
      let m: RegExpExecArray | null;
      if (route === 'POST /openai/v1/chat/completions') return modelReply('openai');
      if (route === 'POST /anthropic/v1/messages') return modelReply('anthropic');
      if (route === 'GET /openai/v1/models') {
        return send(200, {
          object: 'list',
          data: (models.openai ?? ['gpt-4o-mini', 'gpt-4o']).map((id) => ({ id, object: 'model', created: 1715367049, owned_by: 'system' })),
        });
      }
      if (route === 'GET /anthropic/v1/models') {
        const data = (models.anthropic ?? ['claude-sonnet-4-5-20250929']).map((id) => ({
          type: 'model',
          id,
          display_name: id,
          created_at: '2025-09-29T00:00:00Z',
        }));
        return send(200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
      }
      if (route === 'POST /openai/v1/files') {
        // The multipart body carries the JSONL file; its lines are the JSON objects with a custom_id.
        const jsonl = raw
          .toString('utf8')
          .split(/\r?\n/)
          .filter((l) => l.startsWith('{"custom_id"'))
          .join('\n');
        const id = `file-${++seq}`;
        files.set(id, jsonl);
        return send(200, {
          id,
          object: 'file',
          bytes: jsonl.length,
          created_at: 1736266000,
          filename: 'briefs.jsonl',
          purpose: 'batch',
          status: 'processed',
          status_details: null,
        });
      }
      if (route === 'POST /openai/v1/batches') {
        const body = JSON.parse(raw.toString('utf8')) as Json;
        const lines = (files.get(String(body.input_file_id)) ?? '')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { custom_id: string; body: Json });
        const b: StoredBatch = { provider: 'openai', id: `batch_${++seq}`, lines, done: false };
        batches.set(b.id, b);
        return send(200, openAiBatchObject(b));
      }
      if ((m = /^GET \/openai\/v1\/batches\/([^/]+)$/.exec(route))) {
        const b = batches.get(m[1] ?? '');
        return b ? send(200, openAiBatchObject(b)) : send(404, { error: { message: 'No such batch' } });
      }
      if ((m = /^GET \/openai\/v1\/files\/file-out-([^/]+)\/content$/.exec(route))) {
        const b = batches.get(m[1] ?? '');
        if (!b) return send(404, { error: { message: 'No such file' } });
        const out = b.lines.map((line) => {
          const call = callOf('openai', line.body);
          calls.push(call);
          const row = clone(TEMPLATES.openaiBatchLine);
          row.custom_id = line.custom_id;
          const answer = answerFor(call);
          row.response =
            answer.kind === 'error'
              ? { status_code: answer.status, request_id: 'req_local', body: answer.body ?? {} }
              : { status_code: 200, request_id: 'req_local', body: openAiCompletion(answer, String(line.body.model), call.tool) };
          return JSON.stringify(row);
        });
        return send(200, out.join('\n'));
      }
      if (route === 'POST /anthropic/v1/messages/batches') {
        const body = JSON.parse(raw.toString('utf8')) as { requests: Array<{ custom_id: string; params: Json }> };
        const b: StoredBatch = {
          provider: 'anthropic',
          id: `msgbatch_${++seq}`,
          lines: body.requests.map((r) => ({ custom_id: r.custom_id, body: r.params })),
          done: false,
        };
        batches.set(b.id, b);
        return send(200, anthropicBatchObject(b));
      }
      if ((m = /^GET \/anthropic\/v1\/messages\/batches\/([^/]+)\/results$/.exec(route))) {
        const b = batches.get(m[1] ?? '');
        if (!b) return send(404, { type: 'error', error: { type: 'not_found_error', message: 'No such batch' } });
        const out = b.lines.map((line) => {
          const call = callOf('anthropic', line.body);
          calls.push(call);
          const row = clone(TEMPLATES.anthropicBatchLine);
          row.custom_id = line.custom_id;
          const answer = answerFor(call);
          row.result =
            answer.kind === 'error'
              ? { type: 'errored', error: { type: 'error', error: { type: 'api_error', message: 'failed' } } }
              : { type: 'succeeded', message: anthropicMessage(answer, String(line.body.model), call.tool) };
          return JSON.stringify(row);
        });
        return send(200, out.join('\n'));
      }
      if ((m = /^GET \/anthropic\/v1\/messages\/batches\/([^/]+)$/.exec(route))) {
        const b = batches.get(m[1] ?? '');
        return b ? send(200, anthropicBatchObject(b)) : send(404, { type: 'error', error: { type: 'not_found_error', message: 'No such batch' } });
      }
      send(404, { error: { message: `no route ${route}` } });
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    openaiBaseUrl: `${base}/openai/v1`,
    anthropicBaseUrl: `${base}/anthropic`,
    calls,
    requests,
    enqueue: (...answers) => void script.push(...answers),
    finishBatches: () => {
      for (const b of batches.values()) b.done = true;
    },
    reset: () => {
      script.length = 0;
      calls.length = 0;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
