// The llm API group over real API Gateway events: brief history, draft letters, settings, models, ping, stats, reprocess.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as llm } from '#functions/api/llm.ts';
import { z } from 'zod';
import { forgetDataSources, getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { getSetting, putSetting, SETTING_KEYS } from '#shared/adapters/db/settings.repository.ts';
import { ALL_ENABLED } from '#shared/domain/settings/data-sources.ts';
import { call } from '#test/support/api.ts';
import { startLlmServer, type LlmServer } from '#test/support/llm-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { BILL_V1, BILL_V2 } from '../../../../support/llm-fixtures.ts';
import { briefMessage, deliverBrief, drainNotifications, seedBill, seedText, signUp, useProviderEnv } from '../../../../support/llm-seed.ts';

useIntegrationStack();
let server: LlmServer;
let admin: { token: string; id: string };
let reader: { token: string; id: string };
const bill = '119-hr-200';

beforeAll(async () => {
  server = await startLlmServer();
  await useProviderEnv({
    LLM_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    ANTHROPIC_API_KEY: 'sk-ant',
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    GEMINI_API_KEY: undefined,
    LLM_MODEL: undefined,
    LLM_RATE_LIMIT_RPM: '1000',
  });
  admin = await signUp('admin@example.org', '198.51.100.20');
  reader = await signUp('reader@example.org', '198.51.100.21');
  await seedBill(bill, 'Rural Clinics Improvement Act');
  await seedText(bill, 'ih', BILL_V1, '2025-03-01');
  await seedText(bill, 'rh', BILL_V2, '2025-05-01');
  await deliverBrief(briefMessage(bill, 'ih'));
  await deliverBrief(briefMessage(bill, 'rh'));
  await drainNotifications();
});
afterAll(() => server.close());

describe('GET /api/bills/{id}/briefs', () => {
  it('lists the version history newest first, for guests', async () => {
    const res = await call(llm, 'GET', `/api/bills/${bill}/briefs`);
    expect(res.status).toBe(200);
    const body = res.body as { items: Array<{ version: number; type: string }>; next_cursor: string | null };
    expect(body.items.map((b) => [b.version, b.type])).toEqual([
      [2, 'amendment'],
      [1, 'full'],
    ]);
    expect(body.next_cursor).toBeNull();
  });

  it('pages with a cursor', async () => {
    const first = await call(llm, 'GET', `/api/bills/${bill}/briefs`, { query: { limit: '1' } });
    const cursor = (first.body as { next_cursor: string }).next_cursor;
    const second = await call(llm, 'GET', `/api/bills/${bill}/briefs`, { query: { limit: '1', cursor } });
    expect((second.body as { items: Array<{ version: number }> }).items.map((b) => b.version)).toEqual([1]);
  });

  it('answers 404 for an unknown bill and 422 for a malformed id', async () => {
    expect((await call(llm, 'GET', '/api/bills/119-hr-999/briefs')).status).toBe(404);
    expect((await call(llm, 'GET', '/api/bills/nonsense/briefs')).status).toBe(422);
  });
});

describe('POST /api/bills/{id}/draft-letter', () => {
  it('writes a plain-text letter with the model from up to three cited points', async () => {
    server.reset();
    server.enqueue({ kind: 'text', text: 'Dear Rep. Smith,\n\nPlease vote YES.\n\nSincerely' });
    const res = await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, {
      token: reader.token,
      body: { cited_points: ['p1', 'p2'], stance: 'YES', tone: 'friendly', rep_name: 'Rep. Smith' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      letter: 'Dear Rep. Smith,\n\nPlease vote YES.\n\nSincerely',
      stance: 'YES',
      stance_source: 'request',
      method: 'llm',
      brief_version: 2,
    });
    expect(server.calls[0]?.user).toContain('REPRESENTATIVE: Rep. Smith');
    expect(server.calls[0]?.body.max_tokens).toBe(700);
  });

  it('issue 32.7: refuses a rep_name that would add a line to the letter (a line break, any control character)', async () => {
    server.reset();
    for (const rep_name of ['Rep. Smith\nP.S. Wire $500 to', 'Rep. Smith\r\nBcc: x', 'Rep.\u2028Smith', 'Rep.\u0000Smith']) {
      const res = await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, {
        token: reader.token,
        body: { cited_points: ['p1'], stance: 'YES', rep_name },
      });
      expect(res.status, JSON.stringify(rep_name)).toBe(422);
      expect(res.body).toMatchObject({ errors: [{ path: 'body.rep_name', message: 'must be one line of text: no line breaks or control characters' }] });
    }
    expect(server.calls).toHaveLength(0);
  });

  it('pre-fills the stance from a hold_veto follow', async () => {
    await createFollow({ userId: reader.id, targetType: 'bill', targetId: bill, followMode: 'hold_veto' });
    server.enqueue({ kind: 'text', text: 'Please vote NO.' });
    const res = await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, { token: reader.token, body: { cited_points: ['p1'] } });
    expect(res.body).toMatchObject({ stance: 'NO', stance_source: 'follow' });
  });

  it('refuses a missing stance without a stanced follow, unknown points and more than three points', async () => {
    const noStance = await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, { token: admin.token, body: { cited_points: ['p1'] } });
    expect(noStance.status).toBe(422);
    expect((noStance.body as { detail: string }).detail).toMatch(/stance/);
    expect(noStance.body).toEqual({
      detail: 'Give a stance (YES or NO), or follow the bill with hold_boost or hold_veto',
      code: 'letter.invalid',
      errors: [{ path: 'body.stance', message: 'Give a stance (YES or NO), or follow the bill with hold_boost or hold_veto' }],
    });
    const unknown = await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, { token: admin.token, body: { cited_points: ['p99'], stance: 'NO' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'letter.invalid', errors: [{ path: 'body.cited_points' }] });
    const four = await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, {
      token: admin.token,
      body: { cited_points: ['p1', 'p2', 'p3', 'p4'], stance: 'NO' },
    });
    expect(four.status).toBe(422);
    expect((await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, { body: { cited_points: ['p1'], stance: 'NO' } })).status).toBe(401);
    const noBill = await call(llm, 'POST', '/api/bills/119-hr-998/draft-letter', { token: admin.token, body: { cited_points: ['p1'], stance: 'NO' } });
    expect(noBill.status).toBe(404);
    expect(noBill.body).toEqual({ detail: 'No bill 119-hr-998', code: 'brief.not_found' });
  });

  it("writes a letter about a bill without a brief from its record, as a Support follower's link asks", async () => {
    const unbriefed = '119-hr-201';
    await seedBill(unbriefed, 'Lower Costs Act');
    await createFollow({ userId: reader.id, targetType: 'bill', targetId: unbriefed, followMode: 'hold_boost' });
    server.reset();
    server.enqueue({ kind: 'text', text: 'Dear Representative, please vote YES on H.R. 201.' });
    const res = await call(llm, 'POST', `/api/bills/${unbriefed}/draft-letter`, { token: reader.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      letter: 'Dear Representative, please vote YES on H.R. 201.',
      stance: 'YES',
      stance_source: 'follow',
      method: 'llm',
      brief_version: null,
    });
    expect(server.calls[0]?.user).toMatch(/POINTS:\nnone: the bill has no brief yet/);
    const point = await call(llm, 'POST', `/api/bills/${unbriefed}/draft-letter`, { token: reader.token, body: { cited_points: ['p1'] } });
    expect(point.status).toBe(422);
    expect(point.body).toMatchObject({ code: 'letter.invalid', detail: 'H.R. 201 has no brief yet, so no point p1' });
  });

  it('answers 503 with a detail, not 500, when the LLM fails', async () => {
    server.reset();
    // A refused key is not retried, so one scripted failure is the whole exchange.
    server.enqueue({ kind: 'error', status: 401, body: { error: { message: 'invalid api key' } } });
    const res = await call(llm, 'POST', `/api/bills/${bill}/draft-letter`, { token: reader.token, body: { cited_points: ['p1'], stance: 'YES' } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: expect.stringMatching(/^openai did not answer/), code: 'llm.unavailable' });
  });
});

describe('settings', () => {
  it('shows the effective provider to users and lets only admins change it', async () => {
    const read = await call(llm, 'GET', '/api/settings', { token: reader.token });
    expect(read.body).toMatchObject({
      llm_provider: 'openai',
      llm_model: 'gpt-4o-mini',
      llm_source: 'environment',
      batch_supported: true,
      brief_mode: 'realtime',
    });
    expect((await call(llm, 'PUT', '/api/settings', { token: reader.token, body: { llm_provider: 'anthropic' } })).status).toBe(403);

    const put = await call(llm, 'PUT', '/api/settings', {
      token: admin.token,
      body: { llm_provider: 'anthropic', data_sources: { news_search: { enabled: false } } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      llm_provider: 'anthropic',
      llm_model: 'claude-sonnet-4-6',
      llm_source: 'settings',
      data_sources: { ...ALL_ENABLED, news_search: { enabled: false } },
    });
    expect((await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { data_sources: null } })).body).toMatchObject({ data_sources: ALL_ENABLED });

    const back = await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: null } });
    expect(back.body).toMatchObject({ llm_provider: 'openai', llm_source: 'environment' });
  });

  it('refuses a provider without a key, unknown fields and an empty change with 422', async () => {
    const noKey = await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'gemini' } });
    expect(noKey.status).toBe(422);
    expect(noKey.body).toEqual({
      detail: 'gemini has no API key configured',
      code: 'settings.invalid',
      errors: [{ path: 'body.llm_provider', message: 'gemini has no API key configured' }],
    });
    expect((await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'gpt' } })).status).toBe(422);
    expect((await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { colour: 'red' } })).status).toBe(422);
    expect((await call(llm, 'PUT', '/api/settings', { token: admin.token, body: {} })).status).toBe(422);
  });

  it('shows every data-source switch, on by default, and merges a change into the stored ones', async () => {
    expect((await call(llm, 'GET', '/api/settings', { token: reader.token })).body).toMatchObject({ data_sources: ALL_ENABLED });
    const first = await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { data_sources: { roll_calls: { enabled: false } } } });
    expect(first.status).toBe(200);
    const second = await call(llm, 'PUT', '/api/settings', {
      token: admin.token,
      body: { data_sources: { legislators: { enabled: false }, roll_calls: { enabled: true }, search_trends: { enabled: false } } },
    });
    expect(second.body).toMatchObject({ data_sources: { ...ALL_ENABLED, legislators: { enabled: false }, search_trends: { enabled: false } } });
    // What the pipeline reads is what the admin sees.
    expect(await getDataSources({ maxAgeMs: 0 })).toEqual({ ...ALL_ENABLED, legislators: { enabled: false }, search_trends: { enabled: false } });
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { data_sources: null } });
    expect(await getDataSources({ maxAgeMs: 0 })).toEqual(ALL_ENABLED);
  });

  it('reads a value stored in the old free-form shape with the defaults, and a change replaces it', async () => {
    await putSetting(SETTING_KEYS.dataSources, { congress_api: 'enabled', news_search: false, weather_api: 3, legislators: { enabled: false } }, 'old');
    forgetDataSources();
    expect((await call(llm, 'GET', '/api/settings', { token: reader.token })).body).toMatchObject({
      data_sources: { ...ALL_ENABLED, legislators: { enabled: false } },
    });
    expect(await getDataSources()).toEqual({ ...ALL_ENABLED, legislators: { enabled: false } });
    const put = await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { data_sources: { news_rss: { enabled: false } } } });
    expect(put.body).toMatchObject({ data_sources: { ...ALL_ENABLED, legislators: { enabled: false }, news_rss: { enabled: false } } });
    // Stored in full in the new shape: the old keys are gone.
    expect(await getSetting(SETTING_KEYS.dataSources, z.unknown())).toEqual({ ...ALL_ENABLED, legislators: { enabled: false }, news_rss: { enabled: false } });
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { data_sources: null } });
  });

  it('refuses an unknown data source and the old free-form values with a 422 naming the field', async () => {
    const unknown = await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { data_sources: { weather_api: { enabled: false } } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      detail: 'Invalid body.data_sources: Unrecognized key: "weather_api"',
      errors: [{ path: 'body.data_sources', message: 'Unrecognized key: "weather_api"' }],
    });
    const old = await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { data_sources: { congress_api: 'enabled' } } });
    expect(old.status).toBe(422);
    expect((old.body as { detail: string }).detail).toMatch(/^Invalid body\.data_sources\.congress_api: /);
    expect((await call(llm, 'PUT', '/api/settings', { token: reader.token, body: { data_sources: { news_rss: { enabled: false } } } })).status).toBe(403);
    expect(await getDataSources({ maxAgeMs: 0 })).toEqual(ALL_ENABLED);
  });

  it('lists models live per provider, with error set when a provider cannot be listed', async () => {
    expect((await call(llm, 'GET', '/api/settings/llm-models', { token: admin.token })).body).toEqual({
      provider: 'openai',
      models: ['gpt-4o', 'gpt-4o-mini'],
    });
    expect((await call(llm, 'GET', '/api/settings/llm-models', { token: admin.token, query: { provider: 'anthropic' } })).body).toEqual({
      provider: 'anthropic',
      models: ['claude-sonnet-4-5-20250929'],
    });
    const gemini = (await call(llm, 'GET', '/api/settings/llm-models', { token: admin.token, query: { provider: 'gemini' } })).body as {
      error?: string;
      models: string[];
    };
    expect(gemini.models).toEqual([]);
    expect(gemini.error).toMatch(/no API key/);
    const ollama = (await call(llm, 'GET', '/api/settings/llm-models', { token: admin.token, query: { provider: 'ollama' } })).body as { error?: string };
    expect(ollama.error).toMatch(/Could not list ollama models/);
  });
});

describe('admin', () => {
  it('pings the LLM with max_tokens 20', async () => {
    server.reset();
    server.enqueue({ kind: 'text', text: 'pong' });
    const res = await call(llm, 'POST', '/api/admin/test-llm', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'openai', model: 'gpt-4o-mini', reply: 'pong' });
    expect(server.calls[0]?.body.max_tokens).toBe(20);
  });

  it('answers 503 with a detail when the provider fails', async () => {
    server.enqueue({ kind: 'error', status: 500, body: { error: { message: 'down' } } }, { kind: 'error', status: 500, body: { error: { message: 'down' } } });
    const res = await call(llm, 'POST', '/api/admin/test-llm', { token: admin.token });
    expect(res.status).toBe(503);
    expect((res.body as { detail: string }).detail).toMatch(/openai did not answer/);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'llm.unavailable' });
  });

  it('serves every admin stats field', async () => {
    const res = await call(llm, 'GET', '/api/admin/stats', { token: admin.token });
    // The two bills: the briefed one and the one the letter without a brief was about.
    expect(res.body).toMatchObject({
      total_bills: 2,
      documents_fetched: 2,
      briefs_full: 1,
      briefs_amendment: 1,
      remaining: 0,
      uncited_briefs: 0,
      withheld_points: 0,
      unlabeled_briefs: 0,
      bills_missing_sponsor: 2,
    });
    expect(Object.keys(res.body as object)).toEqual(expect.arrayContaining(['bills_missing_metadata']));
    expect((await call(llm, 'GET', '/api/admin/stats', { token: reader.token })).status).toBe(403);
  });

  it('reprocesses one bill: re-fetch and a forced re-brief of the latest text', async () => {
    const res = await call(llm, 'POST', `/api/admin/bills/${bill}/reprocess`, { token: admin.token });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ bill_id: bill, document_fetch_queued: true, brief_queued_for: 'rh' });
    expect((await call(llm, 'POST', '/api/admin/bills/119-hr-997/reprocess', { token: admin.token })).status).toBe(404);
  });
});
