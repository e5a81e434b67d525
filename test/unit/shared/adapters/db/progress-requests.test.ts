/**
 * The requests of the records that track long work step by step (bulk
 * imports, bill backfills, the LLM batch slot) and of a user's notification
 * preferences, with the document client mocked (no emulator): every step is
 * a conditional write, and these pin its update and condition, read back
 * through their aliases. Their integration tests run the same requests
 * against DynamoDB Local.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  allBackfills,
  claimPage,
  createBackfill,
  failBackfill,
  finishPage,
  listBackfills,
  replaceBackfill,
} from '#shared/adapters/db/bill-backfills.repository.ts';
import { failBulkImport, listBulkImports, putBulkRun, recordBulkStep } from '#shared/adapters/db/bulk-imports.repository.ts';
import { backfillKeys } from '#shared/adapters/db/keys/backfill.keys.ts';
import { bulkImportKeys } from '#shared/adapters/db/keys/bulk-import.keys.ts';
import { claimBatchBuild, claimBatchSlot, recordBatchBuild, recordBatchProgress } from '#shared/adapters/db/llm-batch.repository.ts';
import { readVersionedPrefs, savePrefs, sealStoredPushToken, setEmailEnabled } from '#shared/adapters/db/notification-prefs.repository.ts';
import { FINISHED_BATCH_STATUSES } from '#shared/domain/briefs/batch-state.schema.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { conditionFailed, useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({});
  db.on(PutCommand).resolves({});
  db.on(GetCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
});

const NOW = new Date('2026-01-01T00:00:00.000Z');
const T = NOW.toISOString();

describe('bulk imports', () => {
  it('lists the imports of their partition', async () => {
    await listBulkImports();
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${bulkImportKeys.partition}"`);
  });

  it('writes a first run only where none is, and a later one on the run it replaces', async () => {
    await putBulkRun({ id: 'b', run: 1 } as never, null);
    let p = sent(PutCommand);
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');
    db.resetHistory();
    await putBulkRun({ id: 'b', run: 2 } as never, 1);
    p = sent(PutCommand);
    expect(expressionText(p.ConditionExpression, p)).toBe('run = 1');
  });

  it('adds a step’s counts under its marker in one transaction, on the same run', async () => {
    const marker = { pk: 'M', sk: 'S' };
    expect(await recordBulkStep('b', 3, marker, { files_done: 1, bills_created: 4, files_failed: undefined }, NOW)).toBe(true);
    const items = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    const put = items[0]!.Put!;
    expect(put.Item).toMatchObject(marker);
    expect(expressionText(put.ConditionExpression, put)).toBe('attribute_not_exists(pk)');
    const u = items[1]!.Update!;
    expect(u.Key).toEqual(bulkImportKeys.record('b'));
    expect(expressionText(u.UpdateExpression, u)).toBe(`SET updated_at = "${T}" ADD files_done 1, bills_created 4`);
    expect(expressionText(u.ConditionExpression, u)).toBe('run = 3');
  });

  it('fails a run only while it is the current one', async () => {
    await failBulkImport('b', 3, 'boom', NOW);
    const u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(`SET state = "failed", error = "boom", updated_at = "${T}"`);
    expect(expressionText(u.ConditionExpression, u)).toBe('run = 3');
  });
});

describe('bill backfills', () => {
  const ref = { id: 'bf', run: 2, offset: 250, claimId: 'm1' };
  const atPage = '(run = 2 AND state = "running" AND offset = 250)';

  it('lists the backfills of their partition, paged or whole', async () => {
    await listBackfills(10);
    let q = sent(QueryCommand);
    expect(q.ConsistentRead).toBe(true);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${backfillKeys.partition}"`);
    db.resetHistory();
    await allBackfills();
    q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${backfillKeys.partition}"`);
  });

  it('creates a backfill once and replaces it only as it was read', async () => {
    await createBackfill({ id: 'bf' } as never);
    let p = sent(PutCommand);
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');
    db.resetHistory();
    await replaceBackfill({ id: 'bf' } as never, { run: 2, updated_at: T });
    p = sent(PutCommand);
    expect(expressionText(p.ConditionExpression, p)).toBe(`(run = 2 AND updated_at = "${T}")`);
  });

  it('claims a page at its offset when unclaimed, expired or claimed by the same message', async () => {
    db.on(UpdateCommand).rejects(conditionFailed());
    expect(await claimPage(ref, NOW, new Date('2026-01-01T00:05:00.000Z'))).toBeNull();
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(backfillKeys.backfill('bf'));
    expect(expressionText(u.UpdateExpression, u)).toBe(`SET claim_id = "m1", claim_until = "2026-01-01T00:05:00.000Z", updated_at = "${T}"`);
    expect(expressionText(u.ConditionExpression, u)).toBe(
      `(${atPage} AND (attribute_not_exists(claim_until) OR claim_until = null OR claim_until < "${T}" OR claim_id = "m1"))`,
    );
  });

  it('finishes a page by the claim holder, completing the backfill after the last one', async () => {
    const outcome = { nextOffset: 500, done: true, seen: 250, queued: 3, refreshed: 1, total: 500, nextPageAt: NOW, now: NOW };
    await finishPage(ref, outcome);
    const u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(
      `SET offset = 500, bills_total = 500, updated_at = "${T}", next_page_at = null, last_page_by = "m1", claim_id = null, claim_until = null, ` +
        `state = "completed", finished_at = "${T}" ADD pages_done 1, bills_seen 250, bills_queued 3, bills_refreshed 1`,
    );
    expect(expressionText(u.ConditionExpression, u)).toBe(`(${atPage} AND claim_id = "m1")`);
  });

  it('fails a running backfill at its page, releasing the claim', async () => {
    await failBackfill(ref, 'boom', NOW);
    const u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(
      `SET state = "failed", error = "boom", updated_at = "${T}", finished_at = "${T}", next_page_at = null, claim_id = null, claim_until = null`,
    );
    expect(expressionText(u.ConditionExpression, u)).toBe(atPage);
  });
});

describe('LLM batch slot', () => {
  const state = { updated_at: T } as never;

  it('claims the slot when absent, finished, a request with a lapsed lease, or a submit that died before leases', async () => {
    await claimBatchSlot(state, NOW);
    const p = sent(PutCommand);
    const finished = FINISHED_BATCH_STATUSES.map((s) => JSON.stringify(s)).join(', ');
    expect(expressionText(p.ConditionExpression, p)).toBe(
      `(attribute_not_exists(pk) OR value.status IN (${finished}) OR ` +
        `(value.status = "requested" AND ((attribute_not_exists(value.lease_until) OR value.lease_until = null) OR value.lease_until <= "${T}")) OR ` +
        '(value.status = "submitted" AND value.batch_id = null AND (attribute_not_exists(value.lease_until) OR value.lease_until = null)))',
    );
  });

  it('lets one builder claim a live request and record what it built', async () => {
    await claimBatchBuild('r1', 'run1', NOW, new Date('2026-01-01T01:00:00.000Z'));
    const u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(
      `SET updated_at = "${T}", value.builder_run_id = "run1", value.lease_until = "2026-01-01T01:00:00.000Z", value.updated_at = "${T}"`,
    );
    expect(expressionText(u.ConditionExpression, u)).toBe(
      `(value.status = "requested" AND value.request_id = "r1" AND value.lease_until > "${T}" AND (attribute_not_exists(value.builder_run_id) OR value.builder_run_id = null))`,
    );
    await recordBatchBuild('r1', 'run1', state);
    const p = sent(PutCommand);
    expect(expressionText(p.ConditionExpression, p)).toBe('(value.status = "requested" AND value.request_id = "r1" AND value.builder_run_id = "run1")');
  });

  it('records a poll’s progress only on the batch it read', async () => {
    await recordBatchProgress('batch-1', state);
    const p = sent(PutCommand);
    expect(expressionText(p.ConditionExpression, p)).toBe('value.batch_id = "batch-1"');
  });
});

describe('notification preferences', () => {
  it('reads the prefs and their version, projected', async () => {
    expect(await readVersionedPrefs('u1')).toBeNull();
    const g = sent(GetCommand);
    expect(expressionText(g.ProjectionExpression, g)).toBe('pk, notification_prefs, prefs_version');
  });

  it('saves prefs at the version read, the first save only on an existing user', async () => {
    await savePrefs('u1', {} as never, 0);
    let u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe('SET notification_prefs = {}, prefs_version = 1');
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_exists(pk) AND attribute_not_exists(prefs_version))');
    db.resetHistory();
    await savePrefs('u1', {} as never, 4);
    u = sent(UpdateCommand);
    expect(expressionText(u.ConditionExpression, u)).toBe('prefs_version = 4');
  });

  it('sets email_enabled inside a stored prefs map, raising the version', async () => {
    await setEmailEnabled('u1', false);
    const u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe('SET notification_prefs.email_enabled = false ADD prefs_version 1');
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_exists(pk) AND attribute_type(notification_prefs, "M"))');
  });

  it('seals a clear push token only while it is still there', async () => {
    await sealStoredPushToken('u1', 'plain', 'sealed');
    const u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(
      'SET notification_prefs.push_token_sealed = "sealed" ADD prefs_version 1 REMOVE notification_prefs.push_token',
    );
    expect(expressionText(u.ConditionExpression, u)).toBe('notification_prefs.push_token = "plain"');
  });
});
