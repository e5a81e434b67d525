/**
 * The requests of the bills repository, with the document client mocked (no
 * emulator): attribute writes on an existing record under their extra
 * condition, summary-field writes that raise the summary version, the
 * legacy-status read, and the missing-marker and latest-action listings,
 * read back through their aliases. The ingest integration tests run the
 * same requests against DynamoDB Local.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SUMMARY_VERSION } from '#shared/adapters/db/bill-card.ts';
import {
  listBillsByLatestAction,
  listBillsMissing,
  markBillHasText,
  rewriteLegacyStatus,
  setBillCategory,
  setLatestActionCategory,
} from '#shared/adapters/db/bills.repository.ts';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { INDEX, tableName } from '#shared/adapters/db/table.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  // Every write's condition fails here: the request is what is pinned, not what follows it.
  db.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
  db.on(GetCommand).resolves({});
});

const updates = (): UpdateCommandInput[] =>
  db.commandCalls(UpdateCommand).map((c) => {
    expect(c.args[0].input.TableName).toBe(tableName());
    expect(c.args[0].input.Key).toEqual(billKeys.meta('119-hr-1'));
    return c.args[0].input;
  });

describe('bills', () => {
  it('sets the latest action’s category only while that action is still the latest', async () => {
    expect(await setLatestActionCategory('119-hr-1', { date: '2026-01-01', text: 'Passed' }, 'passage' as never)).toBe(false);
    const [u] = updates();
    expect(expressionText(u!.UpdateExpression, u!)).toBe('SET latest_action_category = "passage"');
    expect(expressionText(u!.ConditionExpression, u!)).toBe('(attribute_exists(pk) AND (latest_action_date = "2026-01-01" AND latest_action_text = "Passed"))');
  });

  it('writes summary fields on an existing bill, raising the summary version', async () => {
    await expect(setBillCategory('119-hr-1', 'appropriations' as never)).rejects.toThrow(ConditionalCheckFailedException);
    let [u] = updates();
    expect(expressionText(u!.UpdateExpression, u!)).toBe(`SET bill_category = "appropriations" ADD ${SUMMARY_VERSION} 1`);
    expect(expressionText(u!.ConditionExpression, u!)).toBe('attribute_exists(pk)');
    db.resetHistory();
    await expect(markBillHasText('119-hr-1')).rejects.toThrow(ConditionalCheckFailedException);
    [u] = updates();
    expect(expressionText(u!.UpdateExpression, u!)).toBe(`SET has_document = true ADD ${SUMMARY_VERSION} 1`);
  });

  it('reads only the status fields to find a legacy status', async () => {
    expect(await rewriteLegacyStatus({ id: '119-hr-1' } as never)).toBe(false);
    const get = db.commandCalls(GetCommand)[0]!.args[0].input;
    expect(expressionText(get.ProjectionExpression, get)).toBe('status, status_timeline');
  });

  it('lists bills missing a field on their marker index, and by latest action from a day', async () => {
    await listBillsMissing('sponsor', 10);
    await listBillsByLatestAction({ limit: 10, since: '2026-01-01' });
    const [missing, latest] = db.commandCalls(QueryCommand).map((c) => c.args[0].input);
    const m = billKeys.missingList;
    expect(missing!.IndexName).toBe(INDEX[m.index].name);
    expect(expressionText(missing!.KeyConditionExpression, missing!)).toBe(`${INDEX[m.index].pk} = "${m.partition('sponsor')}"`);
    const l = billKeys.byLatestAction;
    expect(latest!.ScanIndexForward).toBe(false);
    expect(expressionText(latest!.KeyConditionExpression, latest!)).toBe(`${INDEX[l.index].pk} = "${l.partition}" AND ${INDEX[l.index].sk} >= "2026-01-01"`);
  });
});
