/**
 * The requests of the notification tokens (RSS and unsubscribe) and of the
 * notification listings, with the document client mocked (no emulator):
 * token creation and rotation (the profile field and its external_keys entry
 * swapped in place or appended), the due-event query, the history and the
 * RSS-filtered reads, read back through their aliases. The notify
 * integration and e2e tests run the same requests against DynamoDB Local.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '#shared/adapters/db/keys/notification.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { ensureNotificationToken, notificationTokenKey, rotateNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import {
  countFeedEvents,
  listDue,
  listFeedEvents,
  listHistory,
  stepChannels,
  transitionNotification,
  updateNotification,
} from '#shared/adapters/db/notifications.repository.ts';
import { INDEX, tableName } from '#shared/adapters/db/table.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(GetCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  db.on(UpdateCommand).resolves({});
});

const queries = () =>
  db.commandCalls(QueryCommand).map((c) => {
    expect(c.args[0].input.TableName).toBe(tableName());
    return c.args[0].input;
  });
const transaction = () => db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];

describe('notification tokens', () => {
  it('creates a token only where the profile has none, listing its item in external_keys', async () => {
    db.on(GetCommand).resolves({ Item: { pk: 'P' } });
    const token = await ensureNotificationToken('u1', 'rss');
    const get = db.commandCalls(GetCommand)[0]!.args[0].input;
    expect(expressionText(get.ProjectionExpression, get)).toBe('pk, rss_token, external_keys');
    const [put, u] = transaction();
    const key = notificationTokenKey('rss', token!);
    expect(put!.Put!.Item).toMatchObject(key);
    expect(expressionText(put!.Put!.ConditionExpression, put!.Put!)).toBe('attribute_not_exists(pk)');
    expect(u!.Update!.Key).toEqual(userKeys.profile('u1'));
    expect(expressionText(u!.Update!.UpdateExpression, u!.Update!)).toBe(
      `SET rss_token = "${token}", external_keys = list_append(if_not_exists(external_keys, []), [${JSON.stringify(key)}])`,
    );
    expect(expressionText(u!.Update!.ConditionExpression, u!.Update!)).toBe('(attribute_exists(pk) AND attribute_not_exists(rss_token))');
  });

  it('rotates a listed token in place, and appends a token stored before it was listed', async () => {
    const oldKey = notificationTokenKey('unsubscribe', 'old');
    db.on(GetCommand).resolves({ Item: { pk: 'P', email_unsubscribe_token: 'old', external_keys: [{ pk: 'X', sk: 'Y' }, oldKey] } });
    const token = await rotateNotificationToken('u1', 'unsubscribe');
    const [gone, , first] = transaction();
    let u = first;
    expect(gone!.Delete!.Key).toEqual(oldKey);
    expect(expressionText(u!.Update!.UpdateExpression, u!.Update!)).toBe(
      `SET email_unsubscribe_token = "${token}", external_keys[1] = ${JSON.stringify(notificationTokenKey('unsubscribe', token!))}`,
    );
    expect(expressionText(u!.Update!.ConditionExpression, u!.Update!)).toBe(`(email_unsubscribe_token = "old" AND external_keys[1].pk = "${oldKey.pk}")`);

    db.resetHistory();
    db.on(GetCommand).resolves({ Item: { pk: 'P', email_unsubscribe_token: 'old' } });
    await rotateNotificationToken('u1', 'unsubscribe');
    [, , u] = transaction();
    expect(expressionText(u!.Update!.UpdateExpression, u!.Update!)).toMatch(/external_keys = list_append\(if_not_exists\(external_keys, \[\]\), \[/);
    expect(expressionText(u!.Update!.ConditionExpression, u!.Update!)).toBe('email_unsubscribe_token = "old"');
  });
});

describe('notification listings', () => {
  it('reads each day’s due events on the deferral index up to now included', async () => {
    const now = new Date('2026-01-03T00:00:00.000Z');
    await listDue('digest' as never, now, 0);
    const [q] = queries();
    const { index, partition, dueBy } = notificationKeys.deferred;
    expect(q!.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q!.KeyConditionExpression, q!)).toBe(
      `${INDEX[index].pk} = "${partition('digest' as never, now.toISOString())}" AND ${INDEX[index].sk} <= "${dueBy(now.toISOString())}"`,
    );
  });

  it('reads the history newest first, and the RSS feed filtered on the channel having sent', async () => {
    const history = `pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${notificationKeys.prefix}")`;
    await listHistory('u1', 10);
    await listFeedEvents('u1', 10);
    await countFeedEvents('u1');
    const [h, feed, count] = queries();
    for (const q of [h!, feed!, count!]) {
      expect(q.ScanIndexForward).toBe(false);
      expect(expressionText(q.KeyConditionExpression, q)).toBe(history);
    }
    expect(h!.FilterExpression).toBeUndefined();
    for (const q of [feed!, count!]) expect(expressionText(q.FilterExpression, q)).toBe('channels.rss = "sent"');
    expect(count!.Select).toBe('COUNT');
  });
});

describe('channel updates', () => {
  const event = { user_id: 'u1', occurred_at: '2026-01-01T00:00:00.000Z', event_id: 'e1' };
  const sentUpdate = () => {
    const calls = db.commandCalls(UpdateCommand);
    expect(calls).toHaveLength(1);
    const u = calls[0]!.args[0].input;
    expect(u.Key).toEqual(notificationKeys.event(event));
    return u;
  };

  it('records channel states and errors as map entries, taking the event off the deferral index', async () => {
    await updateNotification(event, { channels: { email: 'sent' }, errors: { push: 'gone' }, attempts: { push: 2 }, defer: { clear: true } });
    const u = sentUpdate();
    const { pk, sk } = INDEX[notificationKeys.deferred.index];
    expect(expressionText(u.UpdateExpression, u)).toBe(
      `SET attempts = {"push":2}, due_at = null, channels.email = "sent", errors.push = "gone" REMOVE ${pk}, ${sk}`,
    );
    expect(u.ConditionExpression).toBeUndefined();
  });

  it('claims the next channel only from the states given, and takes a claim over only at the time read', async () => {
    await stepChannels(event, { channels: { email: 'sent' } }, { channel: 'push', from: ['pending', 'failed'], at: 5, takeOver: { claimedAt: 3 } });
    const u = sentUpdate();
    expect(expressionText(u.UpdateExpression, u)).toBe('SET claimed_at_push = 5, channels.email = "sent", channels.push = "sending"');
    expect(expressionText(u.ConditionExpression, u)).toBe('(channels.push IN ("pending", "failed") AND claimed_at_push = 3)');
  });

  it('steps a held event’s release only on the expected states and claim', async () => {
    await transitionNotification(event, { channels: { email: 'sending' }, expect: { email: 'held' }, claimedBy: null, claim: { id: 'r1' } as never });
    let u = sentUpdate();
    expect(expressionText(u.UpdateExpression, u)).toBe('SET release_claim = {"id":"r1"}, channels.email = "sending"');
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_exists(pk) AND channels.email = "held" AND attribute_not_exists(release_claim))');
    db.resetHistory();
    await transitionNotification(event, { channels: { email: 'sent' }, expect: { email: 'sending' }, claimedBy: 'r1', claim: null });
    u = sentUpdate();
    expect(expressionText(u.UpdateExpression, u)).toBe('SET channels.email = "sent" REMOVE release_claim');
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_exists(pk) AND channels.email = "sending" AND release_claim.id = "r1")');
  });
});
