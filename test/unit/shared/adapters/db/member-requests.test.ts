/**
 * The requests of the members repository, with the document client mocked
 * (no emulator): the member partition, the name search, the listings by
 * state (narrowed by chamber on the key) or by name (filtered on chamber and
 * party), the enrichment write and its claim, read back through their
 * aliases. The members integration and e2e tests run the same requests
 * against DynamoDB Local.
 */
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { claimEnrichment, getMemberDetail, listAllMembers, listMembers, saveMemberEnrichment, searchMembers } from '#shared/adapters/db/members.repository.ts';
import { INDEX, tableName } from '#shared/adapters/db/table.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({});
  db.on(PutCommand).resolves({});
  db.on(GetCommand).resolves({});
  db.on(BatchGetCommand).resolves({ Responses: {} });
});

describe('members', () => {
  it('reads a member’s profile with its enrichment claim, and searches names on the longest word’s partition by prefix', async () => {
    expect(await getMemberDetail('P000197')).toBeNull();
    const batch = db.commandCalls(BatchGetCommand);
    expect(batch).toHaveLength(1);
    expect(batch[0]!.args[0].input.RequestItems?.[tableName()]?.Keys).toEqual([memberKeys.profile('P000197'), memberKeys.enrichClaim('P000197')]);
    db.resetHistory();
    expect(await searchMembers('nancy pelosi', 5)).toEqual([]);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${memberKeys.namePartition('pelosi')}" AND begins_with(sk, "pelosi")`);
  });

  it('lists a state’s members on its index, narrowed to a chamber by the sort-key prefix, filtered on party', async () => {
    const { index, partition, chamberPrefix } = memberKeys.byState;
    await listMembers({ state: 'CA', chamber: 'house', party: 'D' }, 10);
    const q = sent(QueryCommand);
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(
      `${INDEX[index].pk} = "${partition('CA')}" AND begins_with(${INDEX[index].sk}, "${chamberPrefix('house')}")`,
    );
    expect(expressionText(q.FilterExpression, q)).toBe('(party = "D")');
  });

  it('lists everyone by name, filtered on chamber, and unfiltered without filters', async () => {
    const { index, partition } = memberKeys.byName;
    await listMembers({ chamber: 'senate' }, 10);
    let q = sent(QueryCommand);
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition}"`);
    expect(expressionText(q.FilterExpression, q)).toBe('(chamber = "senate")');
    db.resetHistory();
    await listAllMembers();
    q = sent(QueryCommand);
    expect(q.FilterExpression).toBeUndefined();
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition}"`);
  });

  it('saves the enrichment fields given on an existing member', async () => {
    await saveMemberEnrichment('P000197', {
      birth_year: 1940,
      terms: [],
      leadership_roles: [],
      sponsored_count: 3,
      cosponsored_count: 4,
      enriched_at: 'T',
      phone: undefined,
    });
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(memberKeys.profile('P000197'));
    expect(expressionText(u.UpdateExpression, u)).toBe(
      'SET birth_year = 1940, terms = [], leadership_roles = [], sponsored_count = 3, cosponsored_count = 4, enriched_at = "T"',
    );
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_exists(pk)');
  });

  it('claims an enrichment when unclaimed or when the claim has expired', async () => {
    expect(await claimEnrichment('P000197', 1_000_000)).toBe(true);
    const p = sent(PutCommand);
    expect(p.Item).toMatchObject(memberKeys.enrichClaim('P000197'));
    expect(expressionText(p.ConditionExpression, p)).toBe('(attribute_not_exists(pk) OR ttl < 1000)');
  });
});
