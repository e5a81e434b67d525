/** Jobs of the ingest domain (see the job table in ./job-table.ts). */
import type { JobDef } from './job.ts';

export const INGEST_JOBS: JobDef[] = [
  {
    name: 'poll_bills',
    group: 'ingest',
    schedule: '*/30 * * * *',
    description: 'Polls bills updated since the last poll (off-hours: skipped when the last poll was under an hour ago)',
    timeoutSeconds: 900,
  },
  {
    name: 'relay_outbox',
    group: 'ingest',
    schedule: '*/5 * * * *',
    description: 'Sends the queue messages a crashed step left in the table outbox (entries older than a minute)',
    timeoutSeconds: 120,
  },
  {
    name: 'fetch_actions_for_active_bills',
    group: 'ingest',
    schedule: '0 4 * * *',
    description: 'Queues an action fetch for every bill with an action in the last 30 days',
    timeoutSeconds: 300,
    adminPath: '/api/admin/trigger-fetch-actions',
  },
  {
    name: 'sync_members',
    group: 'ingest',
    schedule: '0 1 * * *',
    description: 'Syncs current members: chamber, state, district, contact info, term history, Senate LIS ids and the full committees each chairs',
    timeoutSeconds: 900,
  },
  {
    name: 'sync_committees',
    group: 'ingest',
    schedule: '30 1 * * *',
    description:
      'Syncs every committee and subcommittee with its members (side, rank, title) from congress-legislators; retires the committees it no longer lists',
    timeoutSeconds: 900,
  },
  {
    name: 'backfill_all_actions',
    group: 'ingest',
    description: 'Queues an action fetch for every bill, without a date filter',
    timeoutSeconds: 900,
    adminPath: '/api/admin/backfill-all-actions',
  },
  {
    name: 'backfill_sponsors',
    group: 'ingest',
    description: 'Queues a sponsor link for every bill still missing its sponsor',
    timeoutSeconds: 900,
    adminPath: '/api/admin/backfill-sponsors',
  },
  {
    name: 'backfill_cosponsors',
    group: 'ingest',
    description: 'Queues a cosponsor fetch for every bill',
    timeoutSeconds: 900,
    adminPath: '/api/admin/backfill-cosponsors',
  },
  {
    name: 'backfill_dates_links',
    group: 'ingest',
    description: 'Queues a bill detail fetch for bills missing an introduced date or congress.gov link',
    timeoutSeconds: 900,
    adminPath: '/api/admin/backfill-dates-links',
  },
  {
    name: 'resume_bill_backfills',
    group: 'ingest',
    schedule: '*/15 * * * *',
    description: 'Re-queues the page of every bill backfill stalled at its cursor (its page overdue by 45 minutes with nobody holding it)',
    timeoutSeconds: 120,
    adminPath: '/api/admin/resume-bill-backfills',
  },
  {
    name: 'calculate_effectiveness_scores',
    group: 'ingest',
    schedule: '0 5 * * *',
    description: 'Scores every member from their sponsored bills; stores score, percentile within (seniority tier × party) and tier',
    timeoutSeconds: 900,
    adminPath: '/api/admin/calculate-effectiveness',
  },
];
