/**
 * The requests of the repositories that read and write the parts of a bill
 * (actions, texts, votes, cosponsors, the bill partition), the change feeds,
 * the data-source switches, the migration runner and the batch and index
 * helpers of shared/adapters/db/dynamo.ts, with the document client mocked (no
 * emulator): keys, key conditions, updates, conditions and projections read
 * back through their aliases. Their integration tests run the same requests
 * against DynamoDB Local.
 */
import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { insertActions, listActions, listActionsPage } from '#shared/adapters/db/actions.repository.ts';
import { getBillPartition } from '#shared/adapters/db/bill-detail.repository.ts';
import { readStoredBill } from '#shared/adapters/db/bill-import.repository.ts';
import { listBillChanges } from '#shared/adapters/db/change-feed.repository.ts';
import { listCosponsoredBillIds, listCosponsors } from '#shared/adapters/db/cosponsors.repository.ts';
import { forgetDataSources, updateDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { batchGet, indexPartition } from '#shared/adapters/db/dynamo.ts';
import { actionKeys } from '#shared/adapters/db/keys/action.keys.ts';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { cosponsorKeys } from '#shared/adapters/db/keys/cosponsor.keys.ts';
import { migrationKeys } from '#shared/adapters/db/keys/migration.keys.ts';
import { textVersionKeys } from '#shared/adapters/db/keys/text-version.keys.ts';
import { voteKeys } from '#shared/adapters/db/keys/vote.keys.ts';
import { INDEX, tableName } from '#shared/adapters/db/table.ts';
import { claimTextAnnouncement, listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { claimVoteFetch, listBillVotes, listMemberVotes, listRollCallPositions } from '#shared/adapters/db/votes.repository.ts';
import { runPendingMigrations } from '#shared/use-cases/migrations/runner.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { conditionFailed, useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  forgetDataSources();
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({});
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(GetCommand).resolves({});
  db.on(BatchGetCommand).resolves({ Responses: {} });
  db.on(TransactWriteCommand).resolves({});
});

/** The input of the only `command` sent (fails when there were none or several). */
const billPrefixQuery = (prefix: string) => `pk = "${billKeys.partition('119-hr-1')}" AND begins_with(sk, "${prefix}")`;

describe('actions', () => {
  it('inserts an action only where its key is new, and counts a duplicate as not inserted', async () => {
    const action = { bill_id: '119-hr-1', action_date: '2025-01-01', action_text: 'Introduced', action_type: null, chamber: null };
    db.on(PutCommand).rejects(conditionFailed());
    expect(await insertActions([action] as never)).toEqual([]);
    const p = sent(PutCommand);
    expect(p.Item).toMatchObject(actionKeys.action(action as never));
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');
  });

  it('lists a bill’s actions by the action prefix, newest first, whole or by page', async () => {
    await listActions('119-hr-1');
    let q = sent(QueryCommand);
    expect(q.ScanIndexForward).toBe(false);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(billPrefixQuery(actionKeys.prefix));
    db.resetHistory();
    await listActionsPage('119-hr-1', 10);
    q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(billPrefixQuery(actionKeys.prefix));
  });
});

describe('texts', () => {
  it('lists a bill’s text versions by the text prefix', async () => {
    await listTextVersions('119-hr-1');
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(billPrefixQuery(textVersionKeys.prefix));
  });

  it('claims a version’s announcement for a brief unless another brief holds it, keeping the first version and time', async () => {
    expect(await claimTextAnnouncement('119-hr-1', 'ih', { token: 'tok', version: 2 }, new Date('2026-01-01T00:00:00.000Z'))).toBe('claimed');
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(textVersionKeys.version('119-hr-1', 'ih'));
    expect(expressionText(u.UpdateExpression, u)).toBe(
      'SET announced_by = "tok", announced_version = if_not_exists(announced_version, 2), announced_at = if_not_exists(announced_at, "2026-01-01T00:00:00.000Z")',
    );
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_exists(pk) AND (attribute_not_exists(announced_by) OR announced_by = "tok"))');
  });
});

describe('votes', () => {
  it('lists a bill’s roll calls and a roll call’s positions by their prefixes', async () => {
    await listBillVotes('119-hr-1');
    let q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(billPrefixQuery(voteKeys.billVotePrefix));
    db.resetHistory();
    await listRollCallPositions('v1');
    q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${voteKeys.rollCallPartition('v1')}" AND begins_with(sk, "${voteKeys.positionPrefix}")`);
  });

  it('pages a member’s votes on the member index, newest first', async () => {
    await listMemberVotes('P000197', { limit: 5 });
    const q = sent(QueryCommand);
    const { index, partition } = voteKeys.byMember;
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(q.ScanIndexForward).toBe(false);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition('P000197')}"`);
  });

  it('claims a bill’s vote fetch only once', async () => {
    expect(await claimVoteFetch('119-hr-1')).toBe(true);
    const p = sent(PutCommand);
    expect(p.Item).toMatchObject(voteKeys.fetchClaim('119-hr-1'));
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');
  });
});

describe('cosponsors', () => {
  it('lists a bill’s cosponsors by prefix and a member’s cosponsored bills on their index', async () => {
    await listCosponsors('119-hr-1');
    let q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(billPrefixQuery(cosponsorKeys.prefix));
    db.resetHistory();
    await listCosponsoredBillIds('P000197', 5);
    q = sent(QueryCommand);
    const { index, partition } = cosponsorKeys.byMember;
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition('P000197')}"`);
  });
});

describe('the bill partition', () => {
  it('reads a bill’s whole partition for its detail and for an import', async () => {
    expect(await getBillPartition('119-hr-1')).toBeNull();
    let q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${billKeys.partition('119-hr-1')}"`);
    db.resetHistory();
    await readStoredBill('119-hr-1');
    q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${billKeys.partition('119-hr-1')}"`);
  });
});

describe('change feed', () => {
  it('reads a Congress’s bill changes on the change-feed index, after every id changed at `since`', async () => {
    await listBillChanges(119, '2026-01-01T00:00:00.000Z', 10);
    let q = sent(QueryCommand);
    const { name, pk, sk } = INDEX.changeFeed;
    const partition = billKeys.byContentChange.partition(119);
    expect(q.IndexName).toBe(name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${pk} = "${partition}" AND ${sk} > "2026-01-01T00:00:00.000Z#~"`);
    db.resetHistory();
    await listBillChanges(119, undefined, 10);
    q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${pk} = "${partition}"`);
  });
});

describe('data sources', () => {
  it('writes the first switches only where none were written, and later ones at the revision read', async () => {
    await updateDataSources((current) => current, 'admin');
    let p = sent(PutCommand);
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(revision)');
    expect(p.ExpressionAttributeValues).toBeUndefined();

    db.reset();
    forgetDataSources();
    db.on(GetCommand).resolves({ Item: { value: {}, revision: 3 } });
    db.on(PutCommand).resolves({});
    await updateDataSources((current) => current, 'admin');
    p = sent(PutCommand);
    expect(p.Item).toMatchObject({ revision: 4 });
    expect(expressionText(p.ConditionExpression, p)).toBe('revision = 3');
  });

  it('removes the switches at the revision read', async () => {
    db.on(GetCommand).resolves({ Item: { value: {}, revision: 3 } });
    await updateDataSources(() => null, 'admin');
    const d = sent(DeleteCommand);
    expect(expressionText(d.ConditionExpression, d)).toBe('revision = 3');
  });
});

describe('migrations and the dynamo helpers', () => {
  it('reads the applied migrations from their partition', async () => {
    expect(await runPendingMigrations([])).toEqual({ applied: [], already_applied: 0 });
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${migrationKeys.partition}"`);
  });

  it('projects a batch get through aliases and selects an index partition', async () => {
    await batchGet([billKeys.meta('119-hr-1')], ['status', 'title']);
    const request = db.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems?.[tableName()];
    expect(request && expressionText(request.ProjectionExpression, request)).toBe('status, title');
    const q = indexPartition('changeFeed', 'P');
    expect(q.IndexName).toBe(INDEX.changeFeed.name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX.changeFeed.pk} = "P"`);
  });
});
