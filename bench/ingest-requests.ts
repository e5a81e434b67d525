/**
 * Ingestion request benchmark. On DynamoDB Local + fauxqs, replaying
 * the project's seed recording:
 *   1. sync_members, then poll_bills, then the ingest-tasks and document-fetch
 *      workers until their queues are empty, counting DynamoDB requests per
 *      stage and per ingested bill;
 *   2. every read endpoint of the Bills and Members groups, counting the
 *      DynamoDB requests each makes by command (a Scan would be a bug).
 * Prints tables; not a test. Run: npx tsx bench/ingest-requests.ts
 */
import { formatCounts as fmt, startCountedBench, totalCount as sum } from './support/bench-stack.ts';

const { SEED_HAR_PATH, SEED_POLL_WINDOW, SEED_ZIP } = await import('../local/fixtures/build-seed-har.ts');
const stack = await startCountedBench('ingest', { env: { REPLAY_HAR: SEED_HAR_PATH } });
const { take } = stack;

try {
  const { runJob } = await import('#shared/edges/jobs/job-function.ts');
  const { ingestJobs } = await import('#functions/jobs/ingest.ts');
  const { handler: ingestTasks } = await import('#functions/workers/ingest-tasks.ts');
  const { handler: documentFetch } = await import('#functions/workers/document-fetch.ts');
  const { drain } = await import('../test/support/drain.ts');
  const { handler: bills } = await import('#functions/api/bills.ts');
  const { handler: members } = await import('#functions/api/members.ts');
  const { call } = await import('#test/support/api.ts');

  // Job runs record themselves (JOB# items); their two puts per run are counted like everything else.
  take();
  await runJob(ingestJobs, { job: 'sync_members', trigger: 'local' });
  const sync = take();
  const poll = await runJob(ingestJobs, { job: 'poll_bills', trigger: 'local', input: { ...SEED_POLL_WINDOW, force: true } });
  const pollCounts = take();
  const tasks = await drain({ 'ingest-tasks': ingestTasks });
  const taskCounts = take();
  const docs = await drain({ 'document-fetch': documentFetch, 'ingest-tasks': ingestTasks });
  const docCounts = take();
  const created = Number((poll.result as { created: number }).created);
  console.log('\nPipeline DynamoDB requests (seed recording)');
  console.log(`  sync_members (9 members):            ${sum(sync)}  (${fmt(sync)})`);
  console.log(`  poll_bills (${created} new bills):            ${sum(pollCounts)}  (${fmt(pollCounts)})  → ${(sum(pollCounts) / created).toFixed(1)} per bill`);
  console.log(`  ingest tasks (${tasks.handled['ingest-tasks']?.length ?? 0} messages):         ${sum(taskCounts)}  (${fmt(taskCounts)})`);
  console.log(
    `  document fetch + votes (${(docs.handled['document-fetch']?.length ?? 0) + (docs.handled['ingest-tasks']?.length ?? 0)} messages): ${sum(docCounts)}  (${fmt(docCounts)})`,
  );
  const all = sum(pollCounts) + sum(taskCounts) + sum(docCounts);
  console.log(`  poll → tasks → text, per ingested bill: ${(all / created).toFixed(1)} requests`);

  const reads: [string, () => Promise<{ status: number }>][] = [
    ['GET /api/bills', () => call(bills, 'GET', '/api/bills')],
    ['GET /api/bills?has_document=true', () => call(bills, 'GET', '/api/bills', { query: { has_document: 'true' } })],
    ['GET /api/bills?sponsor_id=K000389', () => call(bills, 'GET', '/api/bills', { query: { sponsor_id: 'K000389' } })],
    ['GET /api/bills?status=ENACTED', () => call(bills, 'GET', '/api/bills', { query: { status: 'ENACTED' } })],
    ['GET /api/bills/{id}', () => call(bills, 'GET', '/api/bills/116-hjres-37')],
    ['GET /api/bills/{id}/actions', () => call(bills, 'GET', '/api/bills/116-hjres-37/actions')],
    ['GET /api/bills/{id}/text', () => call(bills, 'GET', '/api/bills/116-hjres-37/text')],
    ['GET /api/bills/{id}/text?version=rfs', () => call(bills, 'GET', '/api/bills/116-hjres-37/text', { query: { version: 'rfs' } })],
    ['GET /api/bills/{id}/cosponsors', () => call(bills, 'GET', '/api/bills/116-hjres-37/cosponsors')],
    ['GET /api/bills/{id}/votes (second view)', () => call(bills, 'GET', '/api/bills/119-s-5/votes')],
    ['GET /api/members', () => call(members, 'GET', '/api/members')],
    ['GET /api/members?q=Padilla, Alex', () => call(members, 'GET', '/api/members', { query: { q: 'Padilla, Alex' } })],
    ['GET /api/members?state=CA', () => call(members, 'GET', '/api/members', { query: { state: 'CA' } })],
    ['GET /api/members/{id} (second view)', () => call(members, 'GET', '/api/members/K000389')],
    ['GET /api/members/{id}/bills', () => call(members, 'GET', '/api/members/K000389/bills')],
    ['GET /api/members/{id}/votes', () => call(members, 'GET', '/api/members/P000145/votes')],
    [`GET /api/members/by-zip/${SEED_ZIP}`, () => call(members, 'GET', `/api/members/by-zip/${SEED_ZIP}`)],
  ];
  // Each endpoint is called twice and the second call counted: first views write their one-time claims.
  console.log('\nRead endpoints: DynamoDB requests per call (guest, second call)');
  let scans = 0;
  for (const [name, run] of reads) {
    await run();
    take();
    const res = await run();
    const c = take();
    scans += c.ScanCommand ?? 0;
    console.log(`  ${name.padEnd(44)} ${String(res.status).padEnd(4)} ${String(sum(c)).padStart(3)}  (${fmt(c)})`);
  }
  console.log(`\nScans on request paths: ${scans}`);
} finally {
  await stack.stop();
}
