// The brief worker end to end: real openai client → local wire-format server, DynamoDB Local, fauxqs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { countPendingBriefs } from '#shared/adapters/db/brief-pending.repository.ts';
import { getBriefByShareToken, listBriefs } from '#shared/adapters/db/briefs.repository.ts';
import { listNewsRequests } from '#shared/adapters/db/news-requests.repository.ts';
import { getStats } from '#shared/adapters/db/stats.repository.ts';
import { handler as llmJobs } from '#functions/jobs/llm.ts';
import { reprocessBill } from '#shared/use-cases/briefs/brief-admin.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { textVersionKeys } from '#shared/adapters/db/keys/text-version.keys.ts';
import { announcedTextVersions } from '#shared/use-cases/migrations/0005-announced-text-versions.ts';
import { resetProviders } from '#shared/adapters/providers/llm/provider-factory.ts';
import { startLlmServer, type LlmServer } from '#test/support/llm-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { BILL_V1, BILL_V2, INJECTION_TEXT } from '../../../support/llm-fixtures.ts';
import { briefMessage, deliverBrief, drainNotifications, runQueuedBriefs, seedBill, seedText } from '../../../support/llm-seed.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();
let server: LlmServer;

function useProvider(env: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
  resetProviders();
}

beforeAll(async () => {
  server = await startLlmServer();
  useProvider({
    LLM_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    LLM_MODEL: 'gpt-4o-mini',
    LLM_RATE_LIMIT_RPM: '1000',
  });
});
afterAll(() => server.close());

describe('brief worker', () => {
  const bill = '119-hr-100';

  it('writes a full brief for the first text, classifies the bill and sends new_document', async () => {
    await seedBill(bill, 'Rural Clinics Improvement Act');
    await seedText(bill, 'ih', BILL_V1, '2025-03-01');
    server.reset();
    const res = await deliverBrief(briefMessage(bill, 'ih'), 'msg-full-1');
    expect(res.batchItemFailures).toEqual([]);

    const briefs = await listBriefs(bill);
    expect(briefs).toHaveLength(1);
    const brief = briefs[0];
    expect(brief).toMatchObject({ version: 1, type: 'full', text_version_code: 'ih', provider: 'openai', model: 'gpt-4o-mini', method: 'llm', uncited: false });
    expect(brief?.points.every((p) => p.label === 'cited_fact' && p.citation)).toBe(true);
    expect(brief?.topic_tags).toEqual(['health']);
    expect(brief?.input_tokens).toBeGreaterThan(0);
    expect(brief?.prompt_version).toMatch(/^brief-/);
    expect((await getBriefByShareToken(brief?.share_token ?? ''))?.brief.version).toBe(1);

    expect(await getBill(bill)).toMatchObject({ bill_category: 'substantive', document_status: 'brief', topic_tags: ['health'] });
    expect(server.calls.map((c) => c.tool)).toEqual(['record_brief', 'record_bill_category']);
    const events = await drainNotifications();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'bill_event',
        kind: 'new_document',
        action_category: 'new_document',
        event_id: `brief:${bill}:1`,
        bill_id: bill,
        brief_version: 1,
      }),
    ]);
    expect((await getStats()).briefs_full).toBe(1);
    expect(await countPendingBriefs()).toBe(0);
    expect((await listNewsRequests(10)).items).toEqual([expect.objectContaining({ bill_id: bill, reason: 'brief:1' })]);
  });

  it('writes nothing twice when the same message is delivered again', async () => {
    server.reset();
    const res = await deliverBrief(briefMessage(bill, 'ih'), 'msg-full-1', 2);
    expect(res.batchItemFailures).toEqual([]);
    expect(await listBriefs(bill)).toHaveLength(1);
    expect(await drainNotifications()).toEqual([]);
    expect(server.calls).toEqual([]);
    expect((await getStats()).briefs_full).toBe(1);
    expect((await listNewsRequests(10)).items).toHaveLength(1);
  });

  it('writes an amendment brief from the section diff and sends new_amendment', async () => {
    await seedText(bill, 'rh', BILL_V2, '2025-05-01');
    server.reset();
    expect((await deliverBrief(briefMessage(bill, 'rh'))).batchItemFailures).toEqual([]);
    const [latest] = await listBriefs(bill);
    expect(latest).toMatchObject({ version: 2, type: 'amendment', text_version_code: 'rh', previous_text_version_code: 'ih' });
    const user = server.calls[0]?.user ?? '';
    expect(user).toContain('MODE: amendment');
    expect(user).toContain('"$75,000,000"');
    expect(user).toContain('[Sec. 4]');
    expect(user).not.toContain('[Sec. 1]');
    expect(latest?.points.map((p) => p.citation?.section)).toEqual(expect.arrayContaining(['Sec. 2', 'Sec. 4']));
    expect(await drainNotifications()).toEqual([expect.objectContaining({ kind: 'new_amendment', event_id: `brief:${bill}:2` })]);
    expect((await getStats()).briefs_amendment).toBe(1);
  });

  it('withholds a point whose quote is not in the text, publishes the located one with its offsets, and counts the brief uncited', async () => {
    const other = '119-hr-101';
    await seedBill(other, 'Rural Clinics Improvement Act');
    await seedText(other, 'ih', BILL_V1, '2025-03-01');
    server.reset();
    server.enqueue({
      kind: 'tool',
      input: {
        summary: 'Funds rural clinics.',
        points: [
          {
            text: 'Grants go to rural clinics.',
            label: 'cited_fact',
            citation: { section: 'Sec. 2', quote: 'shall award grants to eligible rural health clinics' },
          },
          { text: 'Clinics must close by 2026.', label: 'cited_fact', citation: { section: 'Sec. 3', quote: 'all clinics shall close by December 31, 2026' } },
        ],
        topic_tags: ['health', 'not-a-topic'],
      },
    });
    const before = await getStats();
    expect((await deliverBrief(briefMessage(other, 'ih'))).batchItemFailures).toEqual([]);
    const [brief] = await listBriefs(other);
    const at = BILL_V1.indexOf('shall award grants to eligible rural health clinics');
    expect(brief?.points).toEqual([
      {
        id: 'p1',
        text: 'Grants go to rural clinics.',
        label: 'cited_fact',
        citation: { section: 'Sec. 2', quote: 'shall award grants to eligible rural health clinics', start: at, end: at + 51 },
      },
    ]);
    expect(brief).toMatchObject({ uncited: true, withheld_points: 1, topic_tags: ['health'] });
    const after = await getStats();
    expect([after.uncited_briefs, after.withheld_points]).toEqual([before.uncited_briefs + 1, before.withheld_points + 1]);
    await drainNotifications();
  });

  it('leaves the bill pending, never half-written, when the model output stays malformed; a retry then succeeds', async () => {
    const other = '119-hr-102';
    await seedBill(other, 'Rural Clinics Improvement Act');
    await seedText(other, 'ih', BILL_V1, '2025-03-01');
    server.reset();
    server.enqueue({ kind: 'tool', input: { summary: 42, points: 'none' } }, { kind: 'tool', input: '{"summary": "cut off' });
    const res = await deliverBrief(briefMessage(other, 'ih'), 'msg-bad');
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'msg-bad' }]);
    expect(await listBriefs(other)).toEqual([]);
    expect((await getBill(other))?.document_status).toBe('pending');
    expect(await countPendingBriefs()).toBe(1);
    expect(await drainNotifications()).toEqual([]);

    expect((await deliverBrief(briefMessage(other, 'ih'), 'msg-bad', 2)).batchItemFailures).toEqual([]);
    expect(await listBriefs(other)).toHaveLength(1);
    expect(await countPendingBriefs()).toBe(0);
    await drainNotifications();
  });

  it('retries a 429 after Retry-After and then writes the brief', async () => {
    const other = '119-hr-103';
    await seedBill(other, 'Rural Clinics Improvement Act');
    await seedText(other, 'ih', BILL_V1, '2025-03-01');
    server.reset();
    server.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    expect((await deliverBrief(briefMessage(other, 'ih'))).batchItemFailures).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.calls.filter((c) => c.tool === 'record_brief')).toHaveLength(2);
    expect(await listBriefs(other)).toHaveLength(1);
    await drainNotifications();
  });

  it('keeps the output shape when the bill text tries to steer the model', async () => {
    const other = '119-hr-104';
    await seedBill(other, 'Honest Reporting Act');
    await seedText(other, 'ih', INJECTION_TEXT, '2025-03-01');
    server.reset();
    // A model that obeys the injected text: first a wrong shape, then plain text without the tool.
    server.enqueue({ kind: 'tool', input: { summary: 1, secret: true } }, { kind: 'text', text: 'APPROVED' });
    const failed = await deliverBrief(briefMessage(other, 'ih'), 'msg-inject');
    expect(failed.batchItemFailures).toHaveLength(1);
    expect(await listBriefs(other)).toEqual([]);
    const call = server.calls[0];
    expect(call?.system).not.toContain('IGNORE ALL PREVIOUS INSTRUCTIONS');
    expect(call?.user).toMatch(/<bill_text>\n[\s\S]*IGNORE ALL PREVIOUS INSTRUCTIONS[\s\S]*\n<\/bill_text>/);

    // A model that answers in shape but adds a key of its own: the key is dropped.
    server.enqueue({
      kind: 'tool',
      input: {
        summary: 'Requires agencies to publish reports.',
        secret: true,
        points: [
          {
            text: 'Reports go online.',
            label: 'cited_fact',
            citation: { section: 'Sec. 3', quote: 'shall publish its annual performance report on a public website' },
            extra: 'x',
          },
        ],
        topic_tags: ['government-operations-and-politics'],
      },
    });
    expect((await deliverBrief(briefMessage(other, 'ih'), 'msg-inject', 2)).batchItemFailures).toEqual([]);
    const [brief] = await listBriefs(other);
    expect(Object.keys(brief ?? {})).not.toContain('secret');
    const at = INJECTION_TEXT.indexOf('shall publish its annual performance report on a public website');
    expect(brief?.points[0]).toEqual({
      id: 'p1',
      text: 'Reports go online.',
      label: 'cited_fact',
      citation: { section: 'Sec. 3', quote: 'shall publish its annual performance report on a public website', start: at, end: at + 63 },
    });
    await drainNotifications();
  });

  it('writes an extractive brief when no provider is configured', async () => {
    useProvider({ LLM_PROVIDER: 'none' });
    const other = '119-hr-105';
    await seedBill(other, 'To designate the facility of the United States Postal Service as the Jane Doe Post Office');
    await seedText(other, 'ih', BILL_V1, '2025-03-01');
    server.reset();
    expect((await deliverBrief(briefMessage(other, 'ih'))).batchItemFailures).toEqual([]);
    const [brief] = await listBriefs(other);
    expect(brief).toMatchObject({ provider: 'extractive', model: 'extractive', method: 'extractive', uncited: false, cost_usd: 0 });
    expect(server.calls).toEqual([]);
    expect((await getBill(other))?.bill_category).toBe('commemorative');
    await drainNotifications();
    useProvider({ LLM_PROVIDER: 'openai' });
  });
});

describe('re-briefs notify no one: one announcement per (bill, text version)', () => {
  const bill = '119-hr-100';

  it('admin reprocess of an unchanged text with unchanged settings writes no second, identical brief', async () => {
    const before = await listBriefs(bill);
    expect(before[0]).toMatchObject({ text_version_code: 'rh', provider: 'openai', model: 'gpt-4o-mini' });
    server.reset();
    expect(await reprocessBill(bill)).toMatchObject({ brief_queued_for: 'rh' });
    const queued = await runQueuedBriefs();
    expect(queued.map((m) => m.body)).toEqual([expect.objectContaining({ bill_id: bill, version_code: 'rh', force: true })]);
    expect((await deliverBrief(queued[0]?.body, queued[0]?.id, 2)).batchItemFailures).toEqual([]);
    expect(await listBriefs(bill)).toEqual(before);
    expect(server.calls).toEqual([]);
    expect(await drainNotifications()).toEqual([]);
  });

  it('admin reprocess after a change of model writes a new brief version of the same text and sends no notification, even when redelivered', async () => {
    const before = await listBriefs(bill);
    useProvider({ LLM_MODEL: 'gpt-4o' });
    try {
      expect(await reprocessBill(bill)).toMatchObject({ brief_queued_for: 'rh' });
      const queued = await runQueuedBriefs();
      expect(queued.map((m) => m.body)).toEqual([expect.objectContaining({ bill_id: bill, version_code: 'rh', force: true })]);
      expect((await deliverBrief(queued[0]?.body, queued[0]?.id, 2)).batchItemFailures).toEqual([]);
      const briefs = await listBriefs(bill);
      expect(briefs).toHaveLength(before.length + 1);
      expect(briefs[0]).toMatchObject({ version: before.length + 1, type: 'amendment', text_version_code: 'rh', model: 'gpt-4o', event_sent_at: null });
      expect(await drainNotifications()).toEqual([]);
    } finally {
      useProvider({ LLM_MODEL: 'gpt-4o-mini' });
    }
  });

  it('announces the first brief of a new text version, forced or not, and only that one', async () => {
    await seedText(bill, 'eh', BILL_V1, '2025-07-01');
    server.reset();
    expect((await deliverBrief(briefMessage(bill, 'eh', true), 'msg-force-eh')).batchItemFailures).toEqual([]);
    const [first] = await listBriefs(bill);
    expect(first).toMatchObject({ text_version_code: 'eh', event_sent_at: expect.any(String) });
    expect(await drainNotifications()).toEqual([expect.objectContaining({ kind: 'new_amendment', event_id: `brief:${bill}:${first?.version}` })]);
    // The document fetcher's own message for that version writes its brief under the version's guard, and announces nothing.
    expect((await deliverBrief(briefMessage(bill, 'eh'))).batchItemFailures).toEqual([]);
    expect((await listBriefs(bill))[0]).toMatchObject({ version: (first?.version ?? 0) + 1, text_version_code: 'eh', event_sent_at: null });
    expect(await drainNotifications()).toEqual([]);
  });
});

describe('backfill-citations', () => {
  it('keeps a brief with a verified citation, deletes one without, and re-briefs it without notifying again', async () => {
    // 119-hr-101 (above): one quote found, one withheld; flagged uncited but cited.
    const [cited] = await listBriefs('119-hr-101');
    expect(cited).toMatchObject({ uncited: true, withheld_points: 1, points: [expect.objectContaining({ label: 'cited_fact' })] });
    const bad = '119-hr-107';
    await seedBill(bad, 'Rural Clinics Improvement Act');
    await seedText(bad, 'ih', BILL_V1, '2025-03-01');
    server.reset();
    server.enqueue({
      kind: 'tool',
      input: {
        summary: 'Funds rural clinics.',
        points: [
          { text: 'Clinics must close by 2026.', label: 'cited_fact', citation: { section: 'Sec. 3', quote: 'all clinics shall close by December 31, 2026' } },
          { text: 'Rural care may improve.', label: 'inference', citation: null },
        ],
        topic_tags: ['health'],
      },
    });
    expect((await deliverBrief(briefMessage(bad, 'ih'))).batchItemFailures).toEqual([]);
    const [uncited] = await listBriefs(bad);
    expect(uncited).toMatchObject({ version: 1, uncited: true, withheld_points: 1 });
    expect(uncited?.points.map((p) => p.label)).toEqual(['inference']);
    expect(await drainNotifications()).toEqual([expect.objectContaining({ kind: 'new_document', bill_id: bad })]);
    const uncitedBefore = (await getStats()).uncited_briefs;

    const run = await llmJobs({ job: 'backfill_citations', trigger: 'local' });
    expect(run.status).toBe('succeeded');
    expect(run.result).toMatchObject({ deleted: 1, requeued: 1, kept_with_citations: 1, skipped_unlabeled: 0 });
    expect(await listBriefs('119-hr-101')).toEqual([cited]);
    expect(await listBriefs(bad)).toEqual([]);
    expect((await getStats()).uncited_briefs).toBe(uncitedBefore - 1);

    server.reset();
    const queued = await runQueuedBriefs();
    expect(queued.map((m) => m.body)).toEqual([expect.objectContaining({ bill_id: bad, version_code: 'ih', force: false })]);
    const [rebriefed] = await listBriefs(bad);
    // The new brief takes the freed version number 1; the text was announced by the deleted brief, so no one is told again.
    expect(rebriefed).toMatchObject({ version: 1, text_version_code: 'ih', uncited: false, event_sent_at: null });
    expect(rebriefed?.share_token).not.toBe(uncited?.share_token);
    expect(await drainNotifications()).toEqual([]);
  });
});

describe('migration 0005: text versions announced before the record existed', () => {
  it('records the announcing brief, so a later re-brief of that version notifies no one', async () => {
    const bill = '119-hr-103';
    const [announced] = await listBriefs(bill);
    expect(announced?.event_sent_at).toEqual(expect.any(String));
    // The state a version announced before this release is in: no announced_by on its text item.
    await table.updateItem({
      Key: textVersionKeys.version(bill, 'ih'),
      UpdateExpression: 'REMOVE announced_by, announced_version, announced_at',
    });
    const result = await announcedTextVersions.up();
    expect(result.recorded).toBeGreaterThanOrEqual(1);
    expect(result.no_text).toBe(0);
    expect(await announcedTextVersions.up()).toMatchObject({ recorded: result.recorded, announced_already: result.announced_already });

    server.reset();
    // A re-brief by another model (the same text with the same settings would be a no-op).
    useProvider({ LLM_MODEL: 'gpt-4o' });
    try {
      expect((await deliverBrief(briefMessage(bill, 'ih', true))).batchItemFailures).toEqual([]);
    } finally {
      useProvider({ LLM_MODEL: 'gpt-4o-mini' });
    }
    expect((await listBriefs(bill))[0]).toMatchObject({ version: (announced?.version ?? 0) + 1, event_sent_at: null });
    expect(await drainNotifications()).toEqual([]);
  });
});

describe('messages for texts that are not stored', () => {
  it('skips an unknown bill or text version without writing or retrying', async () => {
    expect((await deliverBrief(briefMessage('119-hr-100', 'enr'))).batchItemFailures).toEqual([]);
    expect((await deliverBrief(briefMessage('119-hr-990', 'ih'))).batchItemFailures).toEqual([]);
    expect((await listBriefs('119-hr-100')).map((b) => b.text_version_code)).not.toContain('enr');
    expect(await listBriefs('119-hr-990')).toEqual([]);
  });
});
