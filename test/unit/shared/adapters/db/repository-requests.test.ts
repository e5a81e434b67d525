/**
 * The requests the repositories built on shared/adapters/db/expressions.ts send, with
 * the document client mocked (no emulator): the key each reads or writes,
 * and its key condition, update, condition and projection read back through
 * their aliases. The integration tests check the same repositories against
 * DynamoDB Local; these pin what is asked of it.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { listBills } from '#shared/adapters/db/bill-listing.repository.ts';
import { markDocumentFetchPending } from '#shared/adapters/db/document-fetch-pending.repository.ts';
import { listSponsoredBills, listStageActions, saveMemberScore } from '#shared/adapters/db/effectiveness.repository.ts';
import { acquireJobLease, releaseJobLease } from '#shared/adapters/db/job-leases.repository.ts';
import { listJobRuns, markRunTimedOut, recordJobRun } from '#shared/adapters/db/job-runs.repository.ts';
import { actionKeys } from '#shared/adapters/db/keys/action.keys.ts';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { jobKeys } from '#shared/adapters/db/keys/job.keys.ts';
import { leaseKeys } from '#shared/adapters/db/keys/lease.keys.ts';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { newsKeys } from '#shared/adapters/db/keys/news.keys.ts';
import { noteKeys } from '#shared/adapters/db/keys/note.keys.ts';
import { textVersionKeys } from '#shared/adapters/db/keys/text-version.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { requestNewsFetch } from '#shared/adapters/db/news-requests.repository.ts';
import { billsOfSponsor, markReintroductionAnnounced, saveRelatedBills } from '#shared/adapters/db/related-bills.repository.ts';
import { relatedBillKeys } from '#shared/adapters/db/keys/related-bills.keys.ts';
import { reintroductionKeys } from '#shared/adapters/db/keys/reintroduction.keys.ts';
import { deleteNote, listNotes, putNote } from '#shared/adapters/db/notes.repository.ts';
import { INDEX } from '#shared/adapters/db/table.ts';
import type { JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { conditionFailed, useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({});
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(GetCommand).resolves({});
});

/** The input of the only `command` sent (fails when there were none or several). */

describe('notes', () => {
  it('lists a user’s notes by their partition and note prefix', async () => {
    await listNotes('u1');
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${noteKeys.prefix}")`);
  });

  it('upserts a note keeping its first created_at', async () => {
    const note = { user_id: 'u1', bill_id: '119-hr-1', content: 'c', pinned: true, created_at: 'T', updated_at: 'T' };
    db.on(UpdateCommand).resolves({ Attributes: note });
    const out = await putNote('u1', '119-hr-1', { content: 'c', pinned: true }, 'T');
    expect(out).toEqual({ note, created: true });
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(noteKeys.note('u1', '119-hr-1'));
    expect(u.ReturnValues).toBe('ALL_NEW');
    expect(expressionText(u.UpdateExpression, u)).toBe(
      'SET entity = "note", user_id = "u1", bill_id = "119-hr-1", content = "c", pinned = true, updated_at = "T", created_at = if_not_exists(created_at, "T")',
    );
  });

  it('deletes only an existing note, answering false when there was none', async () => {
    db.on(DeleteCommand).rejects(conditionFailed());
    expect(await deleteNote('u1', '119-hr-1')).toBe(false);
    const d = sent(DeleteCommand);
    expect(d.Key).toEqual(noteKeys.note('u1', '119-hr-1'));
    expect(expressionText(d.ConditionExpression, d)).toBe('attribute_exists(pk)');
  });
});

describe('job leases', () => {
  it('takes a lease when absent, expired or already this run’s', async () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    const out = await acquireJobLease('poll_bills', 'r1', now, 60);
    expect(out.acquired).toBe(true);
    const p = sent(PutCommand);
    expect(p.Item).toMatchObject({ ...leaseKeys.job('poll_bills'), run_id: 'r1', expires_at: '2026-01-01T00:01:00.000Z' });
    expect(expressionText(p.ConditionExpression, p)).toBe('(attribute_not_exists(pk) OR expires_at <= "2026-01-01T00:00:00.000Z" OR run_id = "r1")');
  });

  it('releases only its own lease', async () => {
    expect(await releaseJobLease('poll_bills', 'r1')).toBe(true);
    const d = sent(DeleteCommand);
    expect(d.Key).toEqual(leaseKeys.job('poll_bills'));
    expect(expressionText(d.ConditionExpression, d)).toBe('run_id = "r1"');
  });
});

describe('job runs', () => {
  const run: JobRun = {
    job: 'poll_bills',
    run_id: 'r1',
    trigger: 'schedule',
    status: 'running',
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: null,
    duration_ms: null,
    result: null,
    error: null,
  };

  it('replaces LATEST only with the same or a newer run, and writes the history unconditionally', async () => {
    await recordJobRun(run);
    const puts = db.commandCalls(PutCommand).map((c) => c.args[0].input);
    const latest = puts.find((p) => p.Item?.sk === jobKeys.latest('poll_bills').sk);
    const history = puts.find((p) => p.Item?.sk === jobKeys.run('poll_bills', run.started_at, 'r1').sk);
    expect(latest && expressionText(latest.ConditionExpression, latest)).toBe(
      '(attribute_not_exists(pk) OR run_id = "r1" OR started_at <= "2026-01-01T00:00:00.000Z")',
    );
    expect(history?.ConditionExpression).toBeUndefined();
  });

  it('marks a run timed out only while it is still running, LATEST only while it is this run', async () => {
    await markRunTimedOut(run, 'no heartbeat');
    const updates = db.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates).toHaveLength(2);
    const byKey = (key: object) => updates.find((u) => JSON.stringify(u.Key) === JSON.stringify(key))!;
    const history = byKey(jobKeys.run('poll_bills', run.started_at, 'r1'));
    const latest = byKey(jobKeys.latest('poll_bills'));
    for (const u of [history, latest]) expect(expressionText(u.UpdateExpression, u)).toBe('SET status = "timed_out", error = "no heartbeat"');
    expect(expressionText(history.ConditionExpression, history)).toBe('(attribute_exists(pk) AND status = "running")');
    expect(expressionText(latest.ConditionExpression, latest)).toBe('(attribute_exists(pk) AND status = "running" AND run_id = "r1")');
  });

  it('pages a job’s history newest first', async () => {
    await listJobRuns('poll_bills', 5);
    const q = sent(QueryCommand);
    const { pk, skPrefix } = jobKeys.history('poll_bills');
    expect(q.ScanIndexForward).toBe(false);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${pk}" AND begins_with(sk, "${skPrefix}")`);
  });
});

describe('news requests and pending document fetches', () => {
  it('records a news request keeping the first request time, reason and listing sort key', async () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    await requestNewsFetch('119-hr-1', 'new_brief', now);
    const u = sent(UpdateCommand);
    const { index, partition, sortKey } = newsKeys.requests;
    const { pk, sk } = INDEX[index];
    expect(u.Key).toEqual(newsKeys.request('119-hr-1'));
    expect(expressionText(u.UpdateExpression, u)).toBe(
      `SET entity = "news_request", bill_id = "119-hr-1", ${pk} = "${partition}", ` +
        `requested_at = if_not_exists(requested_at, "2026-01-01T00:00:00.000Z"), reason = if_not_exists(reason, "new_brief"), ` +
        `${sk} = if_not_exists(${sk}, "${sortKey('119-hr-1', now.toISOString())}")`,
    );
  });

  it('marks a skipped document fetch on the sparse listing, keeping the first pending time', async () => {
    await markDocumentFetchPending('119-hr-1', 'new_text', 'govinfo off', new Date('2026-01-01T00:00:00.000Z'));
    const u = sent(UpdateCommand);
    const listed = textVersionKeys.fetchPendingList.keys('119-hr-1');
    expect(u.Key).toEqual(textVersionKeys.fetchPending('119-hr-1'));
    const text = expressionText(u.UpdateExpression, u);
    expect(text).toContain('skipped_because = "govinfo off"');
    for (const [attribute, value] of Object.entries(listed)) expect(text).toContain(`${attribute} = "${value}"`);
    expect(text).toContain('pending_since = if_not_exists(pending_since, "2026-01-01T00:00:00.000Z")');
  });
});

describe('effectiveness', () => {
  it('reads a member’s sponsored bills on the sponsor index, projected to what the score needs', async () => {
    await listSponsoredBills('P000197');
    const q = sent(QueryCommand);
    const { index, partition } = billKeys.bySponsor;
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition('P000197')}"`);
    expect(expressionText(q.ProjectionExpression, q)).toBe('id, bill_category, latest_action_text');
  });

  it('reads a bill’s action texts by the action prefix', async () => {
    await listStageActions('119-hr-1');
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${billKeys.partition('119-hr-1')}" AND begins_with(sk, "${actionKeys.prefix}")`);
    expect(expressionText(q.ProjectionExpression, q)).toBe('action_text, action_type');
  });

  it('sets only the score fields of a member that still exists', async () => {
    const fields = { effectiveness_score: 1.5, percentile: 80, tier: null, seniority_tier: null, effectiveness_computed_at: 'T' };
    expect(await saveMemberScore('P000197', fields)).toBe(true);
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(memberKeys.profile('P000197'));
    expect(expressionText(u.UpdateExpression, u)).toBe(
      'SET effectiveness_score = 1.5, percentile = 80, tier = null, seniority_tier = null, effectiveness_computed_at = "T"',
    );
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_exists(pk)');
  });
});

describe('related bills', () => {
  it('upserts a related-bill item on its listing and adds the relationships to its string set', async () => {
    const self = { bill_id: '119-hr-1', congress: 119, label: 'H.R. 1', title: 'One' };
    const entry = { bill_id: '119-s-2', congress: 119, label: 'S. 2', title: 'Two', relationships: [{ type: 'Identical bill', identified_by: 'CRS' }] };
    await saveRelatedBills(self, [entry], new Set(), 'T');
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(relatedBillKeys.related('119-hr-1', '119-s-2'));
    const text = expressionText(u.UpdateExpression, { ...u, ExpressionAttributeValues: { ...u.ExpressionAttributeValues } });
    expect(text).toMatch(
      /^SET entity = "related_bill", bill_id = "119-hr-1", related_id = "119-s-2", congress = 119, label = "S. 2", title = "Two", updated_at = "T", .* ADD relationships /,
    );
    for (const [attribute, value] of Object.entries(relatedBillKeys.namedBy.keys('119-hr-1', '119-s-2'))) expect(text).toContain(`${attribute} = "${value}"`);
    const added = Object.values(u.ExpressionAttributeValues ?? {}).find((v) => v instanceof Set);
    expect(added).toEqual(new Set(['Identical bill|CRS']));
  });

  it('reads a sponsor’s bills introduced between two days, projected', async () => {
    await billsOfSponsor('P000197', '2025-01-01', '2025-01-31');
    const q = sent(QueryCommand);
    const { index, partition } = billKeys.bySponsor;
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(
      `${INDEX[index].pk} = "${partition('P000197')}" AND ${INDEX[index].sk} BETWEEN "2025-01-01" AND "2025-01-31~"`,
    );
    expect(expressionText(q.ProjectionExpression, q)).toBe('id, congress, title, sponsor_id');
  });

  it('marks a stored reintroduction announced', async () => {
    await markReintroductionAnnounced('119-hr-9', 'T');
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(reintroductionKeys.reintroductionOf('119-hr-9'));
    expect(expressionText(u.UpdateExpression, u)).toBe('SET announced_at = "T"');
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_exists(pk)');
  });
});

describe('bill listing', () => {
  const onIndex = (q: { IndexName?: string }, index: 'sortedListings' | 'reverseLookups' | 'secondaryListings', pk: string) => {
    expect(q.IndexName).toBe(INDEX[index].name);
    return `${INDEX[index].pk} = "${pk}"`;
  };

  it('reads a status filter from its status family’s listing, newest latest action first, one past the page', async () => {
    await listBills({ status: 'ENACTED', congress: 119 }, 20);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(onIndex(q, billKeys.byStatus.index, billKeys.byStatus.partition('ENACTED')));
    // The family's partition is the status filter itself: only the Congress is left to filter.
    expect(expressionText(q.FilterExpression, q)).toBe('congress = 119');
    expect(q.ScanIndexForward).toBe(false);
  });

  it('narrows a status family by a deeper status filter, never by a code that merely starts with its letters', async () => {
    await listBills({ status: 'FAIL:SECOND' }, 5);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(onIndex(q, billKeys.byStatus.index, billKeys.byStatus.partition('FAIL')));
    expect(expressionText(q.FilterExpression, q)).toBe('(status = "FAIL:SECOND" OR begins_with(status, "FAIL:SECOND:"))');
  });

  it('reads a sponsor’s bills with the status as a filter', async () => {
    await listBills({ sponsor_id: 'P000197', status: 'ENACTED', chamber: 'house' }, 5);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(onIndex(q, billKeys.bySponsor.index, billKeys.bySponsor.partition('P000197')));
    expect(expressionText(q.FilterExpression, q)).toBe('(chamber = "house" AND (status = "ENACTED" OR begins_with(status, "ENACTED:")))');
  });

  it('reads every bill by latest action when no filter picks a listing, the others as a filter', async () => {
    await listBills({ has_document: false, bill_category: 'substantive' }, 5);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(onIndex(q, billKeys.byLatestAction.index, billKeys.byLatestAction.partition));
    expect(expressionText(q.FilterExpression, q)).toBe('(has_document = false AND bill_category = "substantive")');
  });

  it('asks one bill past an unfiltered page, so a full last page ends the listing', async () => {
    await listBills({}, 5);
    const q = sent(QueryCommand);
    expect(q.FilterExpression).toBeUndefined();
    expect(q.Limit).toBe(6);
  });
});
