/**
 * Effectiveness job benchmark. On DynamoDB Local, in memory: 550 members
 * (through putMember) and 5,000 sponsored bills with four actions and three
 * cosponsors each (in the shapes the ingestion repositories write); runs
 * calculate_effectiveness_scores and prints its DynamoDB requests by command
 * and its wall time. Prints a table; not a test.
 * Run: npx tsx bench/effectiveness-bench.ts
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import type { WriteRequest } from '#shared/adapters/db/dynamo.ts';
import { countCommands, startBenchStack } from './support/bench-stack.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

const MEMBERS = 550;
const BILLS = 5_000;
const PARTIES = ['D', 'R', 'D', 'R', 'I'];
const STAGE_TEXTS = [
  ['Introduced in House', 'Referred to the House Committee on Ways and Means.'],
  ['Introduced in House', 'Referred to the House Committee on Ways and Means.', 'Ordered to be Reported by Voice Vote.'],
  ['Introduced in House', 'Ordered to be Reported by Voice Vote.', 'Passed/agreed to in House: On passage Passed by voice vote.', 'Received in the Senate.'],
  [
    'Introduced in House',
    'Passed/agreed to in House: On passage Passed by voice vote.',
    'Passed Senate without amendment by Unanimous Consent.',
    'Presented to President.',
  ],
];

const stack = await startBenchStack('effectiveness', { fauxqs: false });
const { dynamo } = await import('#shared/platform/aws-clients.ts');
const { tableDefinition } = await import('#shared/adapters/db/table-definition.ts');
const { batchWrite } = await import('#shared/adapters/db/dynamo.ts');
const { putMember } = await import('#shared/adapters/db/members.repository.ts');
const { actionKeys, billKeys, cosponsorKeys } = await import('#shared/adapters/db/keys/index.ts');
const { calculateEffectivenessScores } = await import('#shared/use-cases/effectiveness/calculate-effectiveness-scores.ts');
const { makeBill, makeMember } = await import('../test/support/personal-seed.ts');

const memberId = (i: number) => `M${String(i).padStart(6, '0')}`;
const counter = countCommands(dynamo());

try {
  await dynamo().send(new CreateTableCommand(tableDefinition('bench-effectiveness')));
  let t = performance.now();
  for (let i = 0; i < MEMBERS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, MEMBERS - i) }, (_, k) => {
        const n = i + k;
        const terms = Array.from({ length: 1 + (n % 9) }, (_, c) => ({
          chamber: 'house' as const,
          congress: 119 - c,
          start_year: null,
          end_year: null,
          state: 'CA',
          district: 1,
          party: null,
        }));
        return putMember(
          makeMember(memberId(n), `Member${n}, Bench`, { party: PARTIES[n % PARTIES.length] ?? 'D', terms, enriched_at: '2026-01-01T00:00:00Z' }),
        );
      }),
    );
  }
  const items: WriteRequest[] = [];
  for (let b = 0; b < BILLS; b++) {
    const sponsor = memberId((b * 7) % MEMBERS);
    const bill = makeBill(119, 'hr', b + 1, {
      sponsor_id: sponsor,
      latest_action_text: b % 20 === 0 ? 'Became Public Law No: 119-1.' : 'Referred to committee',
      bill_category: b % 10 === 0 ? 'commemorative' : 'substantive',
    });
    items.push({ put: entityItem('bill', billKeys.meta(bill.id), { ...bill, ...billKeys.bySponsor.keys(sponsor, bill) }) });
    for (const [d, text] of (STAGE_TEXTS[b % STAGE_TEXTS.length] ?? []).entries()) {
      const action = {
        bill_id: bill.id,
        action_date: `2025-03-${String(10 + d).padStart(2, '0')}`,
        action_text: text,
        category: 'procedural',
        action_code: null,
        action_type: null,
        recorded_votes: [],
        provenance: bill.provenance,
      };
      items.push({ put: entityItem('action', actionKeys.action(action), { ...action }) });
    }
    for (let c = 1; c <= 3; c++) {
      const m = memberId((b * 7 + c * 13) % MEMBERS);
      items.push({
        put: entityItem('cosponsor', cosponsorKeys.cosponsor(bill.id, m), {
          bill_id: bill.id,
          member_id: m,
          name: m,
          party: PARTIES[(b + c) % PARTIES.length],
          state: 'CA',
          district: 1,
          sponsorship_date: '2025-03-01',
          is_original: true,
          withdrawn_date: null,
        }),
      });
    }
  }
  for (let i = 0; i < items.length; i += 500)
    await Promise.all(
      Array.from({ length: Math.ceil(Math.min(500, items.length - i) / 25) }, (_, k) =>
        batchWrite(items.slice(i + k * 25, Math.min(i + (k + 1) * 25, i + 500))),
      ),
    );
  console.log(`Loaded ${MEMBERS} members and ${BILLS} bills (${items.length} bill items) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  counter.take();
  t = performance.now();
  const summary = await calculateEffectivenessScores(new Date());
  const seconds = (performance.now() - t) / 1000;
  const counts = counter.take();
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log('\ncalculate_effectiveness_scores');
  console.log(`  summary: ${JSON.stringify(summary)}`);
  console.log(
    `  DynamoDB requests: ${total} (${Object.entries(counts)
      .map(([k, v]) => `${k.replace('Command', '')} ${v}`)
      .join(', ')})`,
  );
  const billQueries = summary.action_queries + summary.cosponsor_queries;
  console.log(
    `  per bill: ${(billQueries / BILLS).toFixed(2)} Queries; per member: 1 sponsored-bills Query and 1 UpdateItem; member list: ${total - billQueries - 2 * MEMBERS} Query pages`,
  );
  console.log(`  wall time on DynamoDB Local: ${seconds.toFixed(1)} s`);
} finally {
  await stack.stop();
}
