/**
 * The requests of the briefs repository, with the document client mocked
 * (no emulator): a brief's three conditional puts (guard, brief, share
 * token), its listings, the uncited listing kept in step with the points,
 * the event mark, the filtered scan and the legacy share-token assignment,
 * read back through their aliases. The brief worker's integration tests run
 * the same requests against DynamoDB Local.
 */
import { GetCommand, QueryCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  assignShareToken,
  getLatestBrief,
  listBriefs,
  listBriefsPage,
  listUncitedBriefs,
  markBriefEventSent,
  putBrief,
  scanBriefItems,
  updateBriefPoints,
} from '#shared/adapters/db/briefs.repository.ts';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { briefKeys } from '#shared/adapters/db/keys/brief.keys.ts';
import { INDEX } from '#shared/adapters/db/table.ts';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({});
  db.on(GetCommand).resolves({});
  db.on(ScanCommand).resolves({ Items: [] });
  db.on(TransactWriteCommand).resolves({});
});

const brief = (uncited: boolean) =>
  Brief().parse({
    bill_id: '119-hr-1',
    version: 2,
    type: 'full',
    text_version_code: 'ih',
    previous_text_version_code: null,
    summary: 'What the bill does.',
    points: [{ id: 'p1', text: 'It does a thing.', label: 'cited_fact', citation: { section: 'Sec. 2', quote: 'does a thing', start: 10, end: 22 } }],
    topic_tags: [],
    uncited,
    share_token: '00000000-0000-4000-8000-000000000001',
    provider: 'offline',
    model: 'extractive',
    prompt_version: 'v1',
    method: 'extractive',
    input_tokens: 0,
    output_tokens: 0,
    cost_usd: 0,
    created_at: '2026-01-02T00:00:00Z',
  });
const byPrefix = `pk = "${billKeys.partition('119-hr-1')}" AND begins_with(sk, "${briefKeys.prefix}")`;

describe('briefs', () => {
  it('stores a brief with its dedupe guard and share token, each only where absent', async () => {
    expect((await putBrief(brief(false))).written).toBe(true);
    const items = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(3);
    expect(items[0]!.Put!.Item).toMatchObject(briefKeys.guard('119-hr-1', 'ih'));
    expect(items[1]!.Put!.Item).toMatchObject(briefKeys.brief('119-hr-1', 2));
    for (const i of items) expect(expressionText(i.Put!.ConditionExpression, i.Put!)).toBe('attribute_not_exists(pk)');
  });

  it('reads the newest brief, every brief and a page of them by the brief prefix, newest first', async () => {
    for (const read of [() => getLatestBrief('119-hr-1'), () => listBriefs('119-hr-1'), () => listBriefsPage('119-hr-1', 5)]) {
      db.resetHistory();
      await read();
      const q = sent(QueryCommand);
      expect(q.ScanIndexForward).toBe(false);
      expect(expressionText(q.KeyConditionExpression, q)).toBe(byPrefix);
    }
  });

  it('marks the event of an existing brief sent', async () => {
    await markBriefEventSent('119-hr-1', 2, 'T');
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(briefKeys.brief('119-hr-1', 2));
    expect(expressionText(u.UpdateExpression, u)).toBe('SET event_sent_at = "T"');
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_exists(pk)');
  });

  it('replaces the points, listing an uncited brief on the sparse index and taking a cited one off it', async () => {
    const { index, partition, sortKey } = briefKeys.uncitedList;
    const { pk, sk } = INDEX[index];
    const points = JSON.stringify(brief(true).points);
    await updateBriefPoints(brief(true));
    let u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(
      `SET points = ${points}, uncited = true, withheld_points = 0, ${pk} = "${partition}", ${sk} = "${sortKey('119-hr-1', 2)}"`,
    );
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_exists(pk)');
    db.resetHistory();
    await updateBriefPoints(brief(false));
    u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(`SET points = ${points}, uncited = false, withheld_points = 0 REMOVE ${pk}, ${sk}`);
  });

  it('lists uncited briefs from their index partition', async () => {
    await listUncitedBriefs();
    const q = sent(QueryCommand);
    const { index, partition } = briefKeys.uncitedList;
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition}"`);
  });

  it('scans for brief items filtered on their entity', async () => {
    await scanBriefItems();
    const s = sent(ScanCommand);
    expect(expressionText(s.FilterExpression, s)).toBe('entity = "brief"');
  });

  it('gives a legacy brief a share token only when it has none, with a new token item', async () => {
    expect(await assignShareToken('119-hr-1', 2, 'tok')).toBe(true);
    const [u, p] = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    expect(expressionText(u!.Update!.UpdateExpression, u!.Update!)).toBe('SET share_token = "tok"');
    expect(expressionText(u!.Update!.ConditionExpression, u!.Update!)).toBe('(attribute_exists(pk) AND attribute_not_exists(share_token))');
    expect(expressionText(p!.Put!.ConditionExpression, p!.Put!)).toBe('attribute_not_exists(pk)');
  });
});
