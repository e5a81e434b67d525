// LLM batches (OpenAI Batch API with a JSONL file, Anthropic Message Batches) and the llm jobs, end to end:
// the submit answers 202 with a request, the local bus runs build_llm_batch as the CDK rule would, the poll imports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiveMessageCommand, DeleteMessageCommand } from '@aws-sdk/client-sqs';
import { handler as llm } from '#functions/api/llm.ts';
import { handler as jobs } from '#functions/jobs/llm.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { countPendingBriefs } from '#shared/adapters/db/brief-pending.repository.ts';
import { getBriefByShareToken, listBriefs } from '#shared/adapters/db/briefs.repository.ts';
import { putSetting, SETTING_KEYS, getSetting } from '#shared/adapters/db/settings.repository.ts';
import { getStats } from '#shared/adapters/db/stats.repository.ts';
import { briefKeys } from '#shared/adapters/db/keys/brief.keys.ts';
import { BatchState } from '#shared/domain/briefs/batch-state.schema.ts';
import { pollLlmBatch, requestLlmBatch } from '#shared/use-cases/briefs/llm-batch.ts';
import { claimBatchBuild, recordBatchBuild } from '#shared/adapters/db/llm-batch.repository.ts';
import { latestRuns } from '#shared/adapters/db/job-runs.repository.ts';
import { BATCH_BUILD_LEASE_MS } from '#shared/domain/briefs/batch-state.schema.ts';
import { resetClients } from '#shared/platform/aws-clients.ts';
import { startEventBus, type LocalEventBus } from '#local/event-bus.ts';
import { briefShareTokens } from '#shared/use-cases/migrations/0001-brief-share-tokens.ts';
import { countUnlabeledBriefs } from '#shared/use-cases/migrations/0002-count-unlabeled-briefs.ts';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import { call } from '#test/support/api.ts';
import { startLlmServer, type LlmServer } from '#test/support/llm-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { BILL_V1 } from '../../../../support/llm-fixtures.ts';
import { briefMessage, deliverBrief, drainNotifications, seedBill, seedText, signUp, useProviderEnv } from '../../../../support/llm-seed.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

useIntegrationStack();
let server: LlmServer;
let bus: LocalEventBus;
let admin: { token: string; id: string };

async function drainBriefQueue(): Promise<Array<{ bill_id: string; version_code: string; force: boolean }>> {
  const out: Array<{ bill_id: string; version_code: string; force: boolean }> = [];
  for (;;) {
    const res = await (await sqs()).send(new ReceiveMessageCommand({ QueueUrl: queueUrl('brief'), MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!res.Messages?.length) return out;
    for (const m of res.Messages) {
      out.push(JSON.parse(m.Body ?? '{}') as { bill_id: string; version_code: string; force: boolean });
      await (await sqs()).send(new DeleteMessageCommand({ QueueUrl: queueUrl('brief'), ReceiptHandle: m.ReceiptHandle }));
    }
  }
}

const runJob = (job: string, input?: Record<string, unknown>) => jobs({ job, trigger: 'admin', input });

beforeAll(async () => {
  server = await startLlmServer();
  bus = await startEventBus({ log: () => undefined });
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = bus.endpoint;
  resetClients();
  await useProviderEnv({
    LLM_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    ANTHROPIC_API_KEY: 'sk-ant',
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    GEMINI_API_KEY: 'g-key',
    GEMINI_BASE_URL: server.openaiBaseUrl,
    LLM_MODEL: undefined,
    LLM_RATE_LIMIT_RPM: '1000',
  });
  admin = await signUp('admin@example.org', '198.51.100.30');
});
afterAll(async () => {
  await bus.stop();
  await server.close();
});

type BatchBody = { status: string; request_id: string; lease_until: string | null; run_id: string | null; batch_id?: string | null };
const submit = () => call(llm, 'POST', '/api/admin/submit-llm-batch', { token: admin.token });
const batchStatus = async () => (await call(llm, 'GET', '/api/admin/llm-batch-status', { token: admin.token })).body as BatchBody & Record<string, unknown>;

/** Saves bills with a text each and sends them through the brief worker in batch mode, so they wait for a batch. */
async function pendingBills(ids: string[]): Promise<void> {
  for (const id of ids) {
    await seedBill(id, 'Rural Clinics Improvement Act');
    await seedText(id, 'ih', BILL_V1, '2025-03-01');
    expect((await deliverBrief(briefMessage(id, 'ih'))).batchItemFailures).toEqual([]);
  }
}

/** Finishes the batch in flight at the fake provider and imports it, leaving the slot free. */
async function finishAndImport(): Promise<void> {
  server.finishBatches();
  expect((await runJob('poll_llm_batch_results')).result).toMatchObject({ status: 'completed' });
  await drainNotifications();
}

describe.each(['openai', 'anthropic'] as const)('%s batch', (provider) => {
  const bills = provider === 'openai' ? ['119-hr-301', '119-hr-302'] : ['119-s-401'];

  it('defers documents in batch mode, submits them once, imports the results idempotently', async () => {
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: provider, brief_mode: 'batch' } });
    await pendingBills(bills);
    expect(await countPendingBriefs()).toBe(bills.length);
    server.reset();

    // The request is recorded and answered at once; no provider call happens on the request path.
    const submitted = await submit();
    expect(submitted.status).toBe(202);
    const request = submitted.body as BatchBody;
    expect(request).toMatchObject({ status: 'submitted', provider, batch_id: null, requested_by: admin.id, run_id: expect.any(String) });
    expect(Date.parse(request.lease_until ?? '')).toBeGreaterThan(Date.now());
    expect(server.requests).toEqual([]);

    // The bus ran build_llm_batch for this request, under the run id the reply named.
    await bus.idle();
    expect(server.requests).toContain(provider === 'openai' ? 'POST /openai/v1/files' : 'POST /anthropic/v1/messages/batches');
    const build = (await latestRuns(['build_llm_batch'])).get('build_llm_batch');
    expect(build).toMatchObject({ run_id: request.run_id, status: 'succeeded', result: { built: true, request_id: request.request_id, total: bills.length } });
    const built = await batchStatus();
    expect(built).toMatchObject({
      status: 'in_progress',
      provider,
      total: bills.length,
      request_id: request.request_id,
      lease_until: null,
      builder_run_id: request.run_id,
    });

    const again = await submit();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: `LLM batch ${String(built.batch_id)} is in_progress; it holds the slot until poll_llm_batch_results imports it or records it failed`,
      code: 'llm_batch.exists',
    });

    expect((await runJob('poll_llm_batch_results')).result).toMatchObject({ status: 'in_progress', build: { built: false } });
    expect(await listBriefs(bills[0] as string)).toEqual([]);

    server.finishBatches();
    const run = await runJob('poll_llm_batch_results');
    expect(run.result).toMatchObject({ status: 'completed', imported: bills.length, import_failed: 0 });
    for (const id of bills) {
      const [brief] = await listBriefs(id);
      expect(brief).toMatchObject({ provider, method: 'llm', type: 'full' });
      expect((await getBill(id))?.bill_category).toBe('substantive');
    }
    expect(await countPendingBriefs()).toBe(0);
    const events = await drainNotifications();
    expect(events.map((e) => e.event_id).sort()).toEqual(bills.map((id) => `brief:${id}:1`).sort());

    // Importing the same results again writes nothing twice.
    const state = await getSetting(SETTING_KEYS.llmBatch, BatchState());
    await putSetting(SETTING_KEYS.llmBatch, { ...state, status: 'in_progress' });
    expect(await pollLlmBatch()).toMatchObject({ status: 'completed', imported: bills.length });
    for (const id of bills) expect(await listBriefs(id)).toHaveLength(1);
    expect(await drainNotifications()).toEqual([]);

    const status = await call(llm, 'GET', '/api/admin/llm-batch-status', { token: admin.token });
    expect(status.body).toMatchObject({ status: 'completed', provider, imported: bills.length });
    expect(status.body).not.toHaveProperty('items');
  });
});

describe('the batch slot', () => {
  it('frees itself once the lease of a request whose builder died has passed, and refuses while the lease is live', async () => {
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'openai', brief_mode: 'batch' } });
    await pendingBills(['119-hr-320']);
    const now = Date.now();
    // A builder claimed a request 40 minutes ago and died (its Lambda timed out) before recording a batch.
    const dead = await requestLlmBatch(admin.id, new Date(now - 40 * 60_000));
    const claimedAt = new Date(now - 20 * 60_000);
    expect(await claimBatchBuild(dead.request_id as string, 'dead-run', claimedAt, new Date(claimedAt.getTime() + BATCH_BUILD_LEASE_MS))).toBe(true);
    expect(await batchStatus()).toMatchObject({ status: 'submitted', batch_id: null, builder_run_id: 'dead-run' });

    // Its lease has passed: a new submit is accepted and built.
    const fresh = await submit();
    expect(fresh.status).toBe(202);
    expect(fresh.body).toMatchObject({ status: 'submitted', batch_id: null });
    expect((fresh.body as BatchBody).request_id).not.toBe(dead.request_id);
    await bus.idle();
    expect(await batchStatus()).toMatchObject({ status: 'in_progress', request_id: (fresh.body as BatchBody).request_id, total: 1 });
    // The dead builder, were it to come back, can no longer overwrite the slot.
    expect(await recordBatchBuild(dead.request_id as string, 'dead-run', { ...dead, status: 'failed' })).toBe(false);
    await finishAndImport();

    // A live lease (a request recorded just now, its build not finished) still refuses, saying when it expires.
    await pendingBills(['119-hr-321']);
    const live = await requestLlmBatch(admin.id, new Date());
    const refused = await submit();
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: `An LLM batch request (${String(live.request_id)}) is being built; its lease expires at ${String(live.lease_until)}, after which a new batch can be submitted`,
      code: 'llm_batch.exists',
    });
    // Its build records the batch, which then holds the slot until it is imported.
    expect((await runJob('build_llm_batch', { request_id: live.request_id })).result).toMatchObject({ built: true, status: 'in_progress' });
    expect((await submit()).status).toBe(409);
    await finishAndImport();
  });

  it('frees a slot left submitted without a batch id by a submit that died before leases existed', async () => {
    await pendingBills(['119-hr-322']);
    // The state the old in-request submit left when API Gateway cut it off after 29 s.
    await putSetting(SETTING_KEYS.llmBatch, {
      status: 'submitted',
      batch_id: null,
      provider: 'openai',
      model: 'gpt-4o-mini',
      submitted_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      total: 0,
      completed: 0,
      failed: 0,
      imported: 0,
      import_failed: 0,
      error: null,
      items: [],
    });
    const res = await submit();
    expect(res.status).toBe(202);
    await bus.idle();
    expect(await batchStatus()).toMatchObject({ status: 'in_progress', total: 1 });
    await finishAndImport();
  });

  it('builds a request whose trigger was lost at the next scheduled poll', async () => {
    await pendingBills(['119-hr-323']);
    const request = await requestLlmBatch(admin.id, new Date());
    const run = await runJob('poll_llm_batch_results');
    expect(run.result).toMatchObject({ status: 'in_progress', total: 1, build: { built: true, request_id: request.request_id } });
    // The triggered run arriving late finds the request claimed and does nothing.
    expect((await runJob('build_llm_batch', { request_id: request.request_id })).result).toMatchObject({ built: false });
    await finishAndImport();
  });

  it('polls and imports with the provider and model recorded with the batch after the settings changed', async () => {
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'openai', llm_model: 'gpt-4o', brief_mode: 'batch' } });
    await pendingBills(['119-hr-324']);
    expect((await submit()).status).toBe(202);
    await bus.idle();
    const built = await batchStatus();
    expect(built).toMatchObject({ status: 'in_progress', provider: 'openai', model: 'gpt-4o', settings: { source: 'settings' } });

    // The admin switches to Anthropic while the batch is out at OpenAI.
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'anthropic', llm_model: null } });
    server.reset();
    server.finishBatches();
    const run = await runJob('poll_llm_batch_results');
    expect(run.result).toMatchObject({ status: 'completed', provider: 'openai', imported: 1, import_failed: 0 });
    expect(server.requests).toContain(`GET /openai/v1/batches/${String(built.batch_id)}`);
    expect(server.requests.filter((r) => r.includes('/anthropic/'))).toEqual([]);
    // The classification call of the import went to the recorded provider and model too.
    expect(server.calls.every((c) => c.provider === 'openai' && c.body.model === 'gpt-4o')).toBe(true);
    expect((await listBriefs('119-hr-324'))[0]).toMatchObject({ provider: 'openai', model: 'gpt-4o', method: 'llm' });
    await drainNotifications();
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'openai', llm_model: null } });
  });
});

describe('batch refusals', () => {
  it('answers 422 for a provider without a batch interface', async () => {
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'gemini', brief_mode: 'realtime' } });
    const res = await call(llm, 'POST', '/api/admin/submit-llm-batch', { token: admin.token });
    expect(res.status).toBe(422);
    expect((res.body as { code: string }).code).toBe('llm_batch.unsupported');
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: 'openai' } });
  });
});

describe('llm jobs', () => {
  it('backfill_citations deletes uncited briefs and re-queues their texts', async () => {
    const id = '119-hr-310';
    await seedBill(id, 'Rural Clinics Improvement Act');
    await seedText(id, 'ih', BILL_V1, '2025-03-01');
    server.enqueue({
      kind: 'tool',
      input: {
        summary: 's',
        points: [{ text: 't', label: 'cited_fact', citation: { section: 'Sec. 2', quote: 'a sentence that is not in the bill at all' } }],
        topic_tags: [],
      },
    });
    await deliverBrief(briefMessage(id, 'ih'));
    await drainNotifications();
    const before = await getStats();
    expect((await listBriefs(id))[0]?.uncited).toBe(true);

    const run = await runJob('backfill_citations');
    expect(run.result).toEqual({ deleted: 1, requeued: 1, kept_with_citations: 0, skipped_unlabeled: 0 });
    expect(await listBriefs(id)).toEqual([]);
    expect(await drainBriefQueue()).toEqual([expect.objectContaining({ bill_id: id, version_code: 'ih', force: false })]);
    const after = await getStats();
    expect(after.uncited_briefs).toBe(before.uncited_briefs - 1);
    expect(after.briefs_full).toBe(before.briefs_full - 1);

    expect((await deliverBrief(briefMessage(id, 'ih'))).batchItemFailures).toEqual([]);
    expect((await listBriefs(id))[0]?.uncited).toBe(false);
    await drainNotifications();
  });

  it('resume_analysis re-queues documents pending for longer than the threshold', async () => {
    const id = '119-hr-311';
    await seedBill(id, 'Rural Clinics Improvement Act');
    await seedText(id, 'ih', BILL_V1, '2025-03-01');
    server.enqueue({ kind: 'error', status: 400, body: { error: { message: 'bad' } } });
    expect((await deliverBrief(briefMessage(id, 'ih'))).batchItemFailures).toHaveLength(1);
    expect((await runJob('resume_analysis')).result).toEqual({ requeued: 0 });
    expect((await runJob('resume_analysis', { older_than_minutes: 0 })).result).toEqual({ requeued: 1 });
    expect(await drainBriefQueue()).toEqual([expect.objectContaining({ bill_id: id })]);
  });

  it('backfill_labels labels and locates legacy points in place, withholding one not in the text, and backfill_categories classifies bills without a category', async () => {
    const id = '119-hr-312';
    await seedBill(id, 'To designate the facility of the United States Postal Service as the Jane Doe Post Office');
    await seedText(id, 'ih', BILL_V1, '2025-03-01');
    // A legacy brief stored without labels or share token.
    await table.putItem({
      Item: entityItem('brief', briefKeys.brief(id, 1), {
        bill_id: id,
        version: 1,
        type: 'full',
        text_version_code: 'ih',
        previous_text_version_code: null,
        summary: 'Legacy.',
        points: [
          { id: 'p1', text: 'Grants.', citation: { section: 'Sec. 2', quote: 'shall award grants to eligible rural health clinics' } },
          { id: 'p2', text: 'Made up.', citation: { section: 'Sec. 3', quote: 'the moon shall be renamed' } },
        ],
        topic_tags: [],
        uncited: false,
        provider: 'openai',
        model: 'gpt-4o-mini',
        prompt_version: 'old',
        method: 'llm',
        input_tokens: 0,
        output_tokens: 0,
        cost_usd: 0,
        created_at: '2024-01-01T00:00:00Z',
      }),
    });
    expect(await briefShareTokens.up()).toEqual({ assigned: 1 });
    expect(await briefShareTokens.up()).toEqual({ assigned: 0 });
    const unlabeledBefore = (await getStats()).unlabeled_briefs;
    expect(await countUnlabeledBriefs.up()).toEqual({ unlabeled: 1 });
    expect((await getStats()).unlabeled_briefs).toBe(unlabeledBefore + 1);

    // Before it runs, readers withhold the legacy points (their quotes carry no offsets).
    expect((await listBriefs(id))[0]).toMatchObject({ points: [], withheld_points: 2 });
    expect((await runJob('backfill_labels')).result).toMatchObject({ briefs_changed: 1, points_relabelled: 2, points_withheld: 1 });
    const [brief] = await listBriefs(id);
    const at = BILL_V1.indexOf('shall award grants to eligible rural health clinics');
    expect(brief?.points).toEqual([
      {
        id: 'p1',
        text: 'Grants.',
        label: 'cited_fact',
        citation: { section: 'Sec. 2', quote: 'shall award grants to eligible rural health clinics', start: at, end: at + 51 },
      },
    ]);
    expect(brief).toMatchObject({ uncited: true, withheld_points: 1 });
    // Run again, it changes nothing.
    expect((await runJob('backfill_labels')).result).toMatchObject({ briefs_changed: 0 });
    expect((await getStats()).unlabeled_briefs).toBe(unlabeledBefore);
    expect((await getBriefByShareToken(brief?.share_token ?? ''))?.brief.bill_id).toBe(id);

    expect((await getBill(id))?.bill_category).toBeNull();
    const run = await runJob('backfill_categories');
    expect(run.result).toMatchObject({ method: 'llm' });
    expect((await getBill(id))?.bill_category).toBe('substantive');
  });
});
