/**
 * Local data for `npm start`: with no CONGRESS_API_KEY the providers replay
 * the project's recorded dataset (local/fixtures/seed.har), and an empty
 * stack is seeded through the real pipeline — sync_members, then poll_bills
 * over the recording's window — which enqueues exactly as production does;
 * the queue pumps then run the ingest-tasks and document-fetch workers, which
 * bring actions, cosponsors, text (S3) and roll calls. The forecast job scores
 * the demo bills on every start (the bills the pumps bring are scored as their
 * actions and cosponsors arrive).
 */
import { listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { trendsJobs } from '#functions/jobs/trends.ts';
import { SEED_HAR_PATH, SEED_POLL_WINDOW, SEED_ZIP } from './fixtures/build-seed-har.ts';
import { loadDemoData } from './demo/demo-data.ts';
import { SCHEDULE_RECORDINGS_DIR } from './demo/offline-schedule.ts';

/** Environment for the providers when the developer has set no keys: replay the seed recording and the recorded schedule. */
export function localProviderEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  if (env.CONGRESS_API_KEY || env.REPLAY_HAR) return {};
  return { REPLAY_HAR: SEED_HAR_PATH, SCHEDULE_RECORDINGS_DIR };
}

/** The forecast run of every start: the Congresses of the demo's Bill Status bills (local/demo/billstatus) and the recording's, looked back on. */
export const DEMO_FORECAST_RUN = {
  job: 'forecast_bills',
  trigger: 'local',
  input: { congresses: [114, 115, 116, 117, 118, 119], retrospective: true },
} as const;

/** Seeds an empty local stack through the real jobs; a no-op when bills exist or live keys are set. */
export async function seedLocalData(): Promise<{ seeded: boolean; detail: string }> {
  if (!process.env.REPLAY_HAR) return { seeded: false, detail: 'provider keys are set: the scheduler polls live data' };
  const hadBills = (await listBillsByLatestAction({ limit: 1 })).items.length > 0;
  // Every current member and 26 real Bill Status bills (local/demo/): one marker read when already loaded.
  const demo = await loadDemoData();
  const demoDetail = demo.loaded
    ? `demo data ${demo.version}: ${demo.members.written} members written of ${demo.members.members} in ${demo.members.seconds} s, ${demo.bills.created} Bill Status bills imported of ${demo.bills.files} in ${demo.bills.seconds} s (statuses ${demo.bills.statuses.join(', ')}), ${demo.committees.written} committees written of ${demo.committees.committees}, ${demo.schedule.created} meetings from ${demo.schedule.readings} recorded schedule payloads`
    : `demo data ${demo.version} already loaded`;
  // The demo bills are past ones: the forecast job scores them retrospectively (shown, never scored), on every start.
  const forecasts = await runJob(trendsJobs, {
    ...DEMO_FORECAST_RUN,
    input: { ...DEMO_FORECAST_RUN.input, congresses: [...DEMO_FORECAST_RUN.input.congresses] },
  });
  const forecastDetail = `forecast_bills ${forecasts.status}`;
  if (hadBills) return { seeded: false, detail: `the table already has bills; ${demoDetail}; ${forecastDetail}` };
  const jobsStarted = performance.now();
  const members = await runJob(ingestJobs, { job: 'sync_members', trigger: 'local' });
  const poll = await runJob(ingestJobs, { job: 'poll_bills', trigger: 'local', input: { ...SEED_POLL_WINDOW, force: true } });
  const jobSeconds = ((performance.now() - jobsStarted) / 1000).toFixed(1);
  // A start interrupted mid-seed (with a persistent data folder) leaves its run's lease until it expires: say so rather than claim a seed.
  const skipped = [members, poll].find((r) => r.status === 'skipped');
  if (skipped)
    return { seeded: false, detail: `not seeded: ${skipped.job} was skipped (${skipped.error ?? ''}); its lease expires by itself, start again then` };
  // Returned, not logged: npm start prints it once with the rest of its summary.
  return { seeded: true, detail: `${seededDetail(jobSeconds, demoDetail)}; ${forecastDetail}` };
}

/**
 * The seed's line of the start summary. The jobs' results are not repeated:
 * each job already logged them on its own `job succeeded` line, and the
 * same figures printed twice read as two seeds.
 */
export function seededDetail(jobSeconds: string, demoDetail: string): string {
  return `seeded from the recorded dataset in ${jobSeconds} s by sync_members and poll_bills (their counts are on their "job succeeded" lines above); ${demoDetail}; the queue pumps fetch actions, text and votes next (by-zip answers every ZIP of the crosswalk; ${SEED_ZIP} also by street address)`;
}
