/**
 * The ingestion pipeline end to end on DynamoDB Local and fauxqs, from the
 * project's recorded dataset: sync_members → poll_bills → ingest tasks
 * (sponsor, actions across pages and the status they give, cosponsors,
 * votes) → document fetch → text in S3 and brief requests. Run twice: the
 * second run changes nothing.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/s3-client.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { jobKeys } from '#shared/adapters/db/keys/job.keys.ts';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { systemKeys } from '#shared/adapters/db/keys/system.keys.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getMember } from '#shared/adapters/db/members.repository.ts';
import { getStats } from '#shared/adapters/db/stats.repository.ts';
import { getBillText, listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { listBillVotes, listMemberVotes } from '#shared/adapters/db/votes.repository.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { handler as documentFetch } from '#functions/workers/document-fetch.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { SEED_HAR_PATH, SEED_POLL_WINDOW } from '../../../../local/fixtures/build-seed-har.ts';
import { drain, takeAll } from '../../../support/drain.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const workers = { 'ingest-tasks': ingestTasks, 'document-fetch': documentFetch };

/** Everything stored except the run log and the poll clock, which record when, not what. */
async function snapshot() {
  const items = (await table.scan({})).Items ?? [];
  const stored = items
    .filter((i) => !jobKeys.isJobPartition(String(i.pk)) && i.sk !== systemKeys.pollState.sk)
    .map((i) => JSON.stringify(i, Object.keys(i).sort()))
    .sort();
  const objects = (await (await s3()).send(new ListObjectsV2Command({ Bucket: process.env.BUCKET_NAME }))).Contents ?? [];
  return { table: stored, objects: objects.map((o) => `${o.Key}:${o.Size}:${o.ETag}`).sort() };
}

async function runPipeline() {
  const members = await runJob(ingestJobs, { job: 'sync_members', trigger: 'local' });
  const poll = await runJob(ingestJobs, { job: 'poll_bills', trigger: 'local', input: { ...SEED_POLL_WINDOW, force: true } });
  const drained = await drain(workers);
  const briefs = await takeAll('brief');
  const events = await takeAll('notification-dispatch');
  return { members: members.result, poll: poll.result, drained, briefs, events };
}

describe('ingestion pipeline over the recorded dataset', () => {
  let first: Awaited<ReturnType<typeof runPipeline>>;
  beforeAll(async () => {
    process.env.REPLAY_HAR = SEED_HAR_PATH;
    resetConfig();
    resetReplay();
    first = await runPipeline();
  }, 60_000);

  it('saves new bills at once and links their sponsors afterwards', async () => {
    expect(first.poll).toMatchObject({ skipped: false, listed: 3, created: 3, changed: 0 });
    expect(first.drained.failures).toEqual([]);
    const bill = await getBill('116-hjres-37');
    expect(bill).toMatchObject({
      sponsor_id: 'K000389',
      introduced_date: '2019-01-30',
      policy_area: 'International Affairs',
      has_document: true,
      document_status: 'pending',
    });
    expect(bill?.sponsor).toMatchObject({ id: 'K000389', name: 'Khanna, Ro', state: 'CA', district: 17 });
    expect(bill?.provenance.source).toBe('congress.gov');
  });

  it('fetches actions across pages, once per (date, text), each with a category', async () => {
    const actions = await listActions('116-hjres-37');
    expect(actions).toHaveLength(6);
    expect(actions.map((a) => a.category)).toEqual(expect.arrayContaining(['referral', 'committee_report', 'calendar', 'vote']));
    const s5 = await listActions('119-s-5');
    expect(s5.find((a) => a.action_text.startsWith('Became Public Law'))?.category).toBe('presidential');
    expect(s5.find((a) => a.recorded_votes.length > 0)?.recorded_votes[0]).toMatchObject({ chamber: 'senate', roll_number: 7, session: 1 });
  });

  it("derives each bill's status and status timeline from its actions, announcing nothing for bills seen for the first time", async () => {
    expect(await getBill('116-hjres-37')).toMatchObject({
      status: 'PASS_OVER:HOUSE',
      status_timeline: [
        { status: 'INTRODUCED', date: '2019-01-30', action_text: 'Introduced in House' },
        { status: 'REFERRED', date: '2019-01-30', action_text: 'Referred to the House Committee on Foreign Affairs.' },
        { status: 'REPORTED', date: '2019-02-11', action_text: 'Reported by the Committee on Foreign Affairs. H. Rept. 116-7.' },
        { status: 'PASS_OVER:HOUSE', date: '2019-02-13', action_text: 'On passage Passed by the Yeas and Nays: 248 - 177 (Roll no. 83).' },
      ],
    });
    // Placed on the Senate calendar straight after introduction (Rule XIV) reads REPORTED, as unitedstates/congress reads it.
    expect((await getBill('119-s-5'))?.status_timeline.map((e) => e.status)).toEqual(['INTRODUCED', 'REPORTED', 'PASS_OVER:SENATE', 'ENACTED:SIGNED']);
    // Its recording lacks the House vote: "Received in the Senate." implies it.
    expect((await getBill('118-hr-21'))?.status).toBe('PASS_OVER:HOUSE');
    expect(first.events).toEqual([]);
  });

  it('gives each bill the category its latest action has in its action list (one categorisation)', async () => {
    for (const id of ['116-hjres-37', '119-s-5', '118-hr-21']) {
      const bill = await getBill(id);
      const latest = (await listActions(id)).filter((a) => a.action_date === bill?.latest_action_date && a.action_text === bill?.latest_action_text);
      expect(latest.length, id).toBeGreaterThan(0);
      for (const a of latest) expect({ id, category: bill?.latest_action_category }).toEqual({ id, category: a.category });
    }
  });

  it('stores each text version in S3 with a plain-text rendering and asks for one brief per version', async () => {
    const versions = await listTextVersions('116-hjres-37');
    expect(versions.map((v) => v.version_code)).toEqual(['rh', 'rfs']);
    expect(versions[0]).toMatchObject({ format: 'uslm', s3_key: 'texts/116-hjres-37/rh.uslm.xml', text_s3_key: 'texts/116-hjres-37/rh.txt' });
    const text = await getBillText('116-hjres-37', 'rfs');
    expect(text).toContain('SEC. 2.');
    expect(text).toContain('SEC. 4. RULE OF CONSTRUCTION REGARDING INTELLIGENCE SHARING.');
    expect(text).not.toContain('<');
    expect(first.briefs).toEqual([
      { v: 1, type: 'brief_bill_text', bill_id: '116-hjres-37', version_code: 'rh', force: false, correlation_id: expect.any(String) },
      { v: 1, type: 'brief_bill_text', bill_id: '116-hjres-37', version_code: 'rfs', force: false, correlation_id: expect.any(String) },
    ]);
  });

  it('stores the committees each member chairs, known to be none for subcommittee chairs and ranking members', async () => {
    expect(first.members).toMatchObject({ committee_chairs: 0 });
    // McClintock chairs a subcommittee, Lofgren is a ranking member: neither chairs a full committee.
    expect((await getMember('M001177'))?.chaired_committees).toEqual([]);
    expect((await getMember('L000397'))?.chaired_committees).toEqual([]);
  });

  it('stores roll calls with Senate positions mapped from LIS ids to Bioguide ids', async () => {
    expect((await getMember('P000145'))?.lis_id).toBe('S413');
    const [senate] = await listBillVotes('119-s-5');
    expect(senate).toMatchObject({ vote_id: 'senate-119-1-7', yea: 64, nay: 35, result: 'Bill Passed', kind: 'passage', date: '2025-01-20' });
    const padilla = await listMemberVotes('P000145', { limit: 10 });
    expect(padilla.items).toEqual([expect.objectContaining({ vote_id: 'senate-119-1-7', position: 'Nay', bill_id: '119-s-5', kind: 'passage' })]);
    const [house] = await listBillVotes('118-hr-21');
    expect(house).toMatchObject({ vote_id: 'house-118-1-37', kind: 'amendment', yea: 205, nay: 220 });
    expect((await listMemberVotes('A000370', { limit: 10 })).items[0]?.position).toBe('Yea');
  });

  it('keeps the processing counters', async () => {
    expect(await getStats()).toMatchObject({ total_bills: 3, documents_fetched: 2, bills_missing_sponsor: 0, bills_missing_metadata: 0 });
  });

  it('changes nothing when everything runs a second time and messages are redelivered', async () => {
    const before = await snapshot();
    const second = await runPipeline();
    expect(second.poll).toMatchObject({ created: 0, changed: 0 });
    expect(second.briefs).toEqual([]);
    // Redelivery of every kind of message: each worker finds its work done.
    const redelivered = [
      ...['fetch_sponsor_for_bill', 'fetch_bill_actions', 'fetch_bill_cosponsors', 'fetch_bill_votes'].map((type) => ({ v: 1, type, bill_id: '119-s-5' })),
      { v: 1, type: 'enrich_member', member_id: 'K000389' },
    ];
    const { sendMessages } = await import('#shared/adapters/messaging/send.ts');
    await sendMessages('ingest-tasks', redelivered as never);
    await drain(workers);
    await sendMessages('document-fetch', [{ v: 1, type: 'fetch_bill_text', bill_id: '116-hjres-37', reason: 'reprocess' }]);
    const again = await drain(workers);
    expect(again.failures).toEqual([]);
    expect(await takeAll('brief')).toEqual([]);
    const after = await snapshot();
    // The enrichment is the one write a redelivered enrich_member may make (the first time it runs).
    const withoutEnrichment = (s: { table: string[] }) =>
      s.table.filter((row) => !row.includes('"K000389"') || !row.includes(JSON.stringify(memberKeys.profile('K000389').sk)));
    expect(withoutEnrichment(after)).toEqual(withoutEnrichment(before));
    expect(after.objects).toEqual(before.objects);
  });
});
