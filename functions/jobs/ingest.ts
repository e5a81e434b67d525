/** Ingest jobs: the poller, the outbox relay, the nightly action fetch, member and committee sync, effectiveness scores, the admin backfills and the bill backfills' resumer. */
import * as z from 'zod';
import { calculateEffectivenessScores } from '#shared/use-cases/effectiveness/calculate-effectiveness-scores.ts';
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { backfillAllActions, backfillCosponsors, backfillDatesLinks, backfillSponsors, fetchActionsForActiveBills } from '#shared/use-cases/bills/backfills.ts';
import { syncMembers } from '#shared/use-cases/members/member-tasks.ts';
import { syncCommittees } from '#shared/use-cases/committees/sync-committees.ts';
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import { relayOutbox } from '#shared/use-cases/bills/outbox-relay.ts';
import { resumeStalledBackfills } from '#shared/use-cases/bills/bill-backfill-admin.ts';

/** Optional poll input: an explicit updated-since window (seeding, catch-up) and force past the off-hours rule. */
const PollInput = z.object({ since: z.iso.datetime().optional(), until: z.iso.datetime().optional(), force: z.boolean().optional() });

export const ingestJobs = {
  poll_bills: async ({ now, input, trigger }: { now: Date; input: Record<string, unknown>; trigger: string }) => {
    const opts = PollInput.parse(input);
    return pollBills({ now, ...opts, force: opts.force ?? trigger === 'admin' });
  },
  relay_outbox: async ({ now }: { now: Date }) => relayOutbox(now),
  fetch_actions_for_active_bills: async ({ now }: { now: Date }) => fetchActionsForActiveBills(now),
  sync_members: async ({ now }: { now: Date }) => syncMembers(now),
  sync_committees: async ({ now }: { now: Date }) => syncCommittees(now),
  calculate_effectiveness_scores: async ({ now }: { now: Date }) => calculateEffectivenessScores(now),
  backfill_all_actions: async () => backfillAllActions(),
  backfill_sponsors: async () => backfillSponsors(),
  backfill_cosponsors: async () => backfillCosponsors(),
  backfill_dates_links: async () => backfillDatesLinks(),
  resume_bill_backfills: async ({ now }: { now: Date }) => resumeStalledBackfills(now),
};

export const handler = jobFunction('ingest', ingestJobs);
