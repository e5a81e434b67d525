/**
 * The llm routes over HTTP against the local stack, with a local server in
 * the OpenAI and Anthropic wire formats as the model: a bill's brief history,
 * a drafted letter, the LLM settings and model list, the admin ping, stats
 * and reprocess, and an LLM batch requested, built by its job and read back. The briefs
 * are written by the real brief worker, so every reply carries real shapes
 * (and the e2e client checks each against its route's response schema).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SOURCES } from '#shared/domain/settings/data-sources.ts';
import { startLlmServer } from '#test/support/llm-server.ts';
import { BILL_V1, BILL_V2 } from '../../support/llm-fixtures.ts';
import { briefMessage, deliverBrief, seedBill, seedText } from '../../support/llm-seed.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const server = await startLlmServer();
const LLM_ENV = {
  LLM_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: server.openaiBaseUrl,
  ANTHROPIC_API_KEY: 'sk-ant',
  ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
  LLM_RATE_LIMIT_RPM: '1000',
};
Object.assign(process.env, LLM_ENV);
delete process.env.GEMINI_API_KEY;
delete process.env.LLM_MODEL;
const e2e = useLocalStack();
const api = () => e2e.client();
const BILL = '119-hr-200';
let admin = '';
let reader = '';

beforeAll(async () => {
  // The first account is the admin.
  admin = await signUp(api(), 'llm-admin');
  reader = await signUp(api(), 'llm-reader');
  await seedBill(BILL, 'Rural Clinics Improvement Act');
  await seedText(BILL, 'ih', BILL_V1, '2025-03-01');
  await seedText(BILL, 'rh', BILL_V2, '2025-05-01');
  expect((await deliverBrief(briefMessage(BILL, 'ih'))).batchItemFailures).toEqual([]);
  expect((await deliverBrief(briefMessage(BILL, 'rh'))).batchItemFailures).toEqual([]);
});

afterAll(async () => {
  for (const k of Object.keys(LLM_ENV)) delete process.env[k];
  await server.close();
});

describe('llm routes over HTTP', () => {
  it('lists the brief history and drafts a letter from cited points', async () => {
    const briefs = await api().request('GET', `/api/bills/${BILL}/briefs`);
    expect(briefs.status).toBe(200);
    expect(briefs.body.items.map((b) => [b.version, b.type])).toEqual([
      [2, 'amendment'],
      [1, 'full'],
    ]);

    server.enqueue({ kind: 'text', text: 'Dear Rep. Smith,\n\nPlease vote YES.\n\nSincerely' });
    const letter = await api().request('POST', `/api/bills/${BILL}/draft-letter`, {
      token: reader,
      body: { cited_points: ['p1'], stance: 'YES', rep_name: 'Rep. Smith' },
    });
    expect(letter.status).toBe(200);
    expect(letter.body).toMatchObject({ stance: 'YES', stance_source: 'request', method: 'llm', brief_version: 2 });
  });

  it('shows the settings to users, lets an admin change them and lists a provider’s models', async () => {
    const read = await api().request('GET', '/api/settings', { token: reader });
    expect(read.body).toMatchObject({ llm_provider: 'openai', llm_source: 'environment', brief_mode: 'realtime' });
    const put = await api().request('PUT', '/api/settings', { token: admin, body: { llm_provider: 'anthropic' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ llm_provider: 'anthropic', llm_source: 'settings' });
    expect((await api().request('PUT', '/api/settings', { token: admin, body: { llm_provider: null } })).body).toMatchObject({ llm_provider: 'openai' });

    const models = await api().request('GET', '/api/settings/llm-models', { token: admin });
    expect(models.body).toEqual({ provider: 'openai', models: ['gpt-4o', 'gpt-4o-mini'] });
    const gemini = await api().request('GET', '/api/settings/llm-models', { token: admin, query: { provider: 'gemini' } });
    expect(gemini.body.error).toMatch(/no API key/);
  });

  it('shows the data-source switches, changes some of them and refuses an unknown source', async () => {
    const on = Object.fromEntries(DATA_SOURCES.map((n) => [n, { enabled: true }]));
    expect((await api().request('GET', '/api/settings', { token: reader })).body).toMatchObject({ data_sources: on });
    const put = await api().request('PUT', '/api/settings', {
      token: admin,
      body: { data_sources: { news_search: { enabled: false }, document_api: { enabled: false } } },
    });
    expect(put.status).toBe(200);
    const changed = { ...on, news_search: { enabled: false }, document_api: { enabled: false } };
    expect(put.body).toMatchObject({ data_sources: changed });
    expect((await api().request('GET', '/api/settings', { token: reader })).body).toMatchObject({ data_sources: changed });

    const unknown = await api().request('PUT', '/api/settings', {
      token: admin,
      body: { data_sources: { weather_api: { enabled: false } } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe('Invalid body.data_sources: Unrecognized key: "weather_api"');
    expect((await api().request('PUT', '/api/settings', { token: reader, body: { data_sources: null } })).status).toBe(403);

    expect((await api().request('PUT', '/api/settings', { token: admin, body: { data_sources: null } })).body).toMatchObject({ data_sources: on });
  });

  it('pings the model, serves the stats and queues a reprocess for an admin', async () => {
    server.enqueue({ kind: 'text', text: 'pong' });
    const ping = await api().request('POST', '/api/admin/test-llm', { token: admin });
    expect(ping.body).toEqual({ provider: 'openai', model: 'gpt-4o-mini', reply: 'pong' });
    const stats = await api().request('GET', '/api/admin/stats', { token: admin });
    expect(stats.body).toMatchObject({ total_bills: 1, documents_fetched: 2, briefs_full: 1, briefs_amendment: 1 });
    const reprocess = await api().request('POST', `/api/admin/bills/${BILL}/reprocess`, { token: admin });
    expect(reprocess.status).toBe(202);
    expect(reprocess.body).toEqual({ bill_id: BILL, document_fetch_queued: true, brief_queued_for: 'rh' });
  });

  it('submits the pending documents as one batch and reports its progress', async () => {
    expect((await api().request('GET', '/api/admin/llm-batch-status', { token: admin })).body).toEqual({ status: 'none' });
    await api().request('PUT', '/api/settings', { token: admin, body: { brief_mode: 'batch' } });
    await seedBill('119-hr-301', 'Rural Clinics Improvement Act');
    await seedText('119-hr-301', 'ih', BILL_V1, '2025-03-01');
    expect((await deliverBrief(briefMessage('119-hr-301', 'ih'))).batchItemFailures).toEqual([]);

    // The submit records a request and answers at once; the bus runs build_llm_batch, which submits the batch.
    const submitted = await api().request('POST', '/api/admin/submit-llm-batch', { token: admin });
    expect(submitted.status).toBe(202);
    expect(submitted.body).toMatchObject({ status: 'submitted', provider: 'openai', batch_id: null, run_id: expect.any(String) });
    const whileRequested = await api().request('POST', '/api/admin/submit-llm-batch', { token: admin });
    expect(whileRequested.status).toBe(409);
    expect(whileRequested.body.detail).toMatch(/its lease expires at \d{4}-\d\d-\d\dT/);
    await e2e.stack().bus.idle();
    expect((await api().request('POST', '/api/admin/submit-llm-batch', { token: admin })).status).toBe(409);
    const status = await api().request('GET', '/api/admin/llm-batch-status', { token: admin });
    expect(status.body).toMatchObject({ status: 'in_progress', provider: 'openai', total: 1, request_id: submitted.body.request_id, lease_until: null });
  });
});
