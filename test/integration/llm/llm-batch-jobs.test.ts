// LLM batches (OpenAI Batch API with a JSONL file, Anthropic Message Batches) and the llm jobs, end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ReceiveMessageCommand, DeleteMessageCommand } from '@aws-sdk/client-sqs';
import { handler as llm } from '#functions/api/llm.ts';
import { handler as jobs } from '#functions/jobs/llm.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import { getBill } from '#shared/db/bills.repository.ts';
import { countPendingBriefs } from '#shared/db/brief-pending.repository.ts';
import { getBriefByShareToken, listBriefs } from '#shared/db/briefs.repository.ts';
import { putSetting, SETTING_KEYS, getSetting } from '#shared/db/settings.repository.ts';
import { getStats } from '#shared/db/stats.repository.ts';
import { briefKeys } from '#shared/db/keys/brief.keys.ts';
import { tableName } from '#shared/db/table.ts';
import { BatchState } from '#shared/domain/briefs/batch-state.schema.ts';
import { pollLlmBatch } from '#shared/briefs/llm-batch.ts';
import { briefShareTokens } from '#shared/migrations/0001-brief-share-tokens.ts';
import { countUnlabeledBriefs } from '#shared/migrations/0002-count-unlabeled-briefs.ts';
import { queueUrl } from '#shared/messaging/send.ts';
import { call } from '#test/support/api.ts';
import { startLlmServer, type LlmServer } from '#test/support/llm-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { BILL_V1 } from '../../unit/llm/fixtures.ts';
import { briefMessage, deliverBrief, drainNotifications, seedBill, seedText, signUp, useProviderEnv } from './llm-seed.ts';

useIntegrationStack();
let server: LlmServer;
let admin: { token: string };

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
afterAll(() => server.close());

describe.each(['openai', 'anthropic'] as const)('%s batch', (provider) => {
  const bills = provider === 'openai' ? ['119-hr-301', '119-hr-302'] : ['119-s-401'];

  it('defers documents in batch mode, submits them once, imports the results idempotently', async () => {
    await call(llm, 'PUT', '/api/settings', { token: admin.token, body: { llm_provider: provider, brief_mode: 'batch' } });
    for (const id of bills) {
      await seedBill(id, 'Rural Clinics Improvement Act');
      await seedText(id, 'ih', BILL_V1, '2025-03-01');
      expect((await deliverBrief(briefMessage(id, 'ih'))).batchItemFailures).toEqual([]);
    }
    expect(await countPendingBriefs()).toBe(bills.length);
    server.reset();

    const submitted = await call(llm, 'POST', '/api/admin/submit-llm-batch', { token: admin.token });
    expect(submitted.status).toBe(202);
    expect(submitted.body).toMatchObject({ status: 'in_progress', provider, total: bills.length });
    expect(server.requests).toContain(provider === 'openai' ? 'POST /openai/v1/files' : 'POST /anthropic/v1/messages/batches');
    const again = await call(llm, 'POST', '/api/admin/submit-llm-batch', { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'An LLM batch is already running; wait for poll_llm_batch_results to import it', code: 'llm_batch.exists' });

    expect((await runJob('poll_llm_batch_results')).result).toMatchObject({ status: 'in_progress' });
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
    const state = await getSetting(SETTING_KEYS.llmBatch, BatchState);
    await putSetting(SETTING_KEYS.llmBatch, { ...state, status: 'in_progress' });
    expect(await pollLlmBatch()).toMatchObject({ status: 'completed', imported: bills.length });
    for (const id of bills) expect(await listBriefs(id)).toHaveLength(1);
    expect(await drainNotifications()).toEqual([]);

    const status = await call(llm, 'GET', '/api/admin/llm-batch-status', { token: admin.token });
    expect(status.body).toMatchObject({ status: 'completed', provider, imported: bills.length });
    expect(status.body).not.toHaveProperty('items');
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

  it('backfill_labels relabels cited points in place and backfill_categories classifies bills without a category', async () => {
    const id = '119-hr-312';
    await seedBill(id, 'To designate the facility of the United States Postal Service as the Jane Doe Post Office');
    await seedText(id, 'ih', BILL_V1, '2025-03-01');
    // A legacy brief stored without labels or share token.
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...briefKeys.brief(id, 1),
          entity: 'brief',
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
        },
      }),
    );
    expect(await briefShareTokens.up()).toEqual({ assigned: 1 });
    expect(await briefShareTokens.up()).toEqual({ assigned: 0 });
    const unlabeledBefore = (await getStats()).unlabeled_briefs;
    expect(await countUnlabeledBriefs.up()).toEqual({ unlabeled: 1 });
    expect((await getStats()).unlabeled_briefs).toBe(unlabeledBefore + 1);

    expect((await runJob('backfill_labels')).result).toMatchObject({ briefs_changed: 1, points_relabelled: 1 });
    const [brief] = await listBriefs(id);
    expect(brief?.points.map((p) => p.label)).toEqual(['cited_fact', 'inference']);
    expect(brief?.uncited).toBe(true);
    expect((await getStats()).unlabeled_briefs).toBe(unlabeledBefore);
    expect((await getBriefByShareToken(brief?.share_token ?? ''))?.brief.bill_id).toBe(id);

    expect((await getBill(id))?.bill_category).toBeNull();
    const run = await runJob('backfill_categories');
    expect(run.result).toMatchObject({ method: 'llm' });
    expect((await getBill(id))?.bill_category).toBe('substantive');
  });
});
