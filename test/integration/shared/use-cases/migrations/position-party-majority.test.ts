/**
 * Migration 0019 on DynamoDB Local: positions of a roll call stored before
 * they carried their party's majority get it from the roll call's own
 * positions, the members' report cards of its Congress are marked stale, and
 * a second run writes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { positionPartyMajority } from '#shared/use-cases/migrations/0019-position-party-majority.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { parseHouseVote } from '#shared/adapters/providers/roll-calls/house-vote.parser.ts';
import { queryAll } from '#shared/adapters/db/dynamo.ts';
import { query } from '#shared/adapters/db/expressions.ts';
import { voteKeys } from '#shared/adapters/db/keys/vote.keys.ts';
import { clearStaleRecord, listStaleRecords } from '#shared/adapters/db/member-records.repository.ts';
import { listRollCallPositions, saveRollCall } from '#shared/adapters/db/votes.repository.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { rollCallFrom } from '#shared/domain/votes/roll-call.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { DEMO_ROLLCALLS_DIR } from '#local/demo/demo-roll-calls.ts';

useIntegrationStack();

describe('migration 0019: party majorities on stored positions', () => {
  it('gives positions stored without it their party majority, marks the cards stale, and runs once', async () => {
    const now = new Date('2026-06-20T00:00:00Z');
    await importBillStatus(parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, 'legacy-BILLSTATUS-115hr1362.xml'), 'utf8')), {
      now,
      fetchLinked: false,
    });
    const { rollCall, positions } = rollCallFrom(
      parseHouseVote(readFileSync(path.join(DEMO_ROLLCALLS_DIR, 'roll-2017-127.xml'), 'utf8')),
      '115-hr-1362',
      null,
      now.toISOString(),
    );
    await saveRollCall(rollCall, positions);
    // As stored before: no party_majority, and no stale marks.
    const stored = await queryAll(query({ pk: voteKeys.rollCallPartition(rollCall.vote_id), skPrefix: voteKeys.positionPrefix }));
    for (const { party_majority: _gone, ...item } of stored) await table.putItem({ Item: item });
    const marks = await listStaleRecords(1000);
    expect(marks.items.length).toBeGreaterThan(400);
    for (const m of marks.items) expect(await clearStaleRecord(m)).toBe(true);

    expect(await positionPartyMajority.up()).toMatchObject({ roll_calls: 1, rewritten: 1 });
    const after = await listRollCallPositions(rollCall.vote_id);
    // Roll 127 of 2017 passed 411-2: both parties' majority voted Yea.
    expect(new Set(after.filter((p) => p.party === 'D' || p.party === 'R').map((p) => p.party_majority))).toEqual(new Set(['Yea']));
    expect(after.every((p) => p.party_majority !== undefined)).toBe(true);
    expect((await listStaleRecords(1000)).items.filter((m) => m.congress === 115).length).toBe(after.length);
    expect(await positionPartyMajority.up()).toMatchObject({ roll_calls: 1, rewritten: 0 });
  }, 300_000);
});
