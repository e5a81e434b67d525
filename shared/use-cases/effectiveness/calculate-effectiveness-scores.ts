/**
 * calculate_effectiveness_scores: scores every stored member from their
 * sponsored bills and stores score, percentile, tier and seniority tier on
 * the member. Reads go through the indexes only: the member list (gsi3),
 * each member's sponsored bills (gsi2), and per bill two projected Queries
 * on its partition (actions, cosponsors); a bill whose latest action already
 * shows it became law skips the actions Query, and a sponsor of unknown party
 * skips the cosponsors Query (it cannot be bipartisan). Percentiles need
 * every score, so ranking waits for all reads.
 */
import { listCosponsorParties, listSponsoredBills, listStageActions, saveMemberScore } from '#shared/adapters/db/effectiveness.repository.ts';
import { type SponsoredBill } from '#shared/domain/scores/effectiveness-inputs.schema.ts';
import { listAllMembers } from '#shared/adapters/db/members.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { bucketOf, rankWithinBuckets, type Ranked } from '#shared/domain/scores/percentile.ts';
import { chairsCommittee, memberScore, type ScoredBill } from '#shared/domain/scores/effectiveness-score.ts';
import { congressesServed } from '#shared/domain/scores/seniority.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { billStage, type StageAction } from '#shared/domain/scores/bill-stage.ts';
import { seniorityTier } from '#shared/domain/scores/tiers.ts';

/** Members read at once, and bills of one member read at once (two Queries each): at most 4 × 8 × 2 Queries in flight. */
const MEMBER_CONCURRENCY = 4;
const BILL_CONCURRENCY = 8;
const WRITE_CONCURRENCY = 8;

interface Counters {
  bills_read: number;
  action_queries: number;
  cosponsor_queries: number;
}

/** The score inputs of one sponsored bill, with as few Queries as its data allows. */
async function scoredBill(bill: SponsoredBill, sponsorParty: string | null, counters: Counters): Promise<ScoredBill> {
  const latest: StageAction[] = bill.latest_action_text ? [{ action_text: bill.latest_action_text }] : [];
  const readActions = billStage(latest) !== 'became_law';
  const readCosponsors = sponsorParty !== null;
  if (readActions) counters.action_queries++;
  if (readCosponsors) counters.cosponsor_queries++;
  const [actions, cosponsorParties] = await Promise.all([
    readActions ? listStageActions(bill.id) : Promise.resolve([]),
    readCosponsors ? listCosponsorParties(bill.id) : Promise.resolve([]),
  ]);
  return { stage: billStage([...latest, ...actions]), bill_category: bill.bill_category, cosponsor_parties: cosponsorParties };
}

/** Runs the job: returns what it read and wrote. */
export async function calculateEffectivenessScores(now: Date) {
  const computedAt = now.toISOString();
  const counters: Counters = { bills_read: 0, action_queries: 0, cosponsor_queries: 0 };
  const members = await listAllMembers();
  const current = congressForDate(now);
  let chairs = 0;
  const ranked: Ranked[] = await mapLimit(members, MEMBER_CONCURRENCY, async (m) => {
    const sponsored = await listSponsoredBills(m.id);
    counters.bills_read += sponsored.length;
    const bills = await mapLimit(sponsored, BILL_CONCURRENCY, (b) => scoredBill(b, m.party, counters));
    const chair = chairsCommittee(m);
    if (chair) chairs++;
    return { id: m.id, score: memberScore(bills, m.party, chair), seniority_tier: seniorityTier(congressesServed(m.terms, current)), party: m.party };
  });
  const percentiles = rankWithinBuckets(ranked);
  const saved = await mapLimit(ranked, WRITE_CONCURRENCY, (r) => {
    const p = percentiles.get(r.id);
    return saveMemberScore(r.id, {
      effectiveness_score: r.score,
      percentile: p?.percentile ?? null,
      tier: p?.tier ?? null,
      seniority_tier: r.seniority_tier,
      effectiveness_computed_at: computedAt,
    });
  });
  return {
    members_scored: saved.filter(Boolean).length,
    members_gone: saved.filter((s) => !s).length,
    members_with_bills: ranked.filter((r) => r.score > 0).length,
    bills_read: counters.bills_read,
    action_queries: counters.action_queries,
    cosponsor_queries: counters.cosponsor_queries,
    chairs,
    buckets: new Set(ranked.map(bucketOf)).size,
    computed_at: computedAt,
  };
}
