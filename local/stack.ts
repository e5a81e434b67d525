/**
 * The whole local stack, in-process: used by `npm start` (local/start.ts) and
 * by the e2e tests. Steps:
 *   1. start the emulators (DynamoDB Local, fauxqs), the SMTP sink and the event bus;
 *   2. point the environment at them (plus the seed file's provider environment);
 *   3. provision the table, bucket and queues; restore the S3 snapshot; run pending migrations;
 *   4. start the API server, one pump per queue and the scheduler;
 *   5. seed local data, then save DynamoDB's working copy a few seconds after each write.
 * stop() undoes it in reverse, flushes the S3 snapshot and saves DynamoDB's working copy.
 */
import { join } from 'node:path';
import { config } from '#shared/platform/config.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import type { JobFunctionGroup } from '#shared/edges/jobs/job.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { runPendingMigrations } from '#shared/use-cases/migrations/runner.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';
import { startApiServer } from './api-server.ts';
import { startEmulators, type EmulatorEndpoints, type RunningEmulators } from './emulators.ts';
import { localDataDirs } from './data-dirs.ts';
import { saveOnChange } from './dynamodb-save-on-change.ts';
import { applyEnvironment, localEnvironment } from './environment.ts';
import { startEventBus, type LocalEventBus } from './event-bus.ts';
import { REPO_ROOT } from './function-loader.ts';
import { parseLocalEnv } from './local-env.schema.ts';
import { freePort } from './net.ts';
import { provision, type ProvisionNames } from './provision.ts';
import { startQueuePump, type QueuePump } from './queue-pump.ts';
import { restoreBucket, snapshotPeriodically, type BucketSnapshots } from './s3-persistence.ts';
import { startScheduler, type ScheduledJob } from './scheduler.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { webApp } from './web-app.ts';

/** Where `npm run web:build` puts the web app. */
export const WEB_DIST_DIR = join(REPO_ROOT, 'clients', 'web', 'dist');

/** Job groups whose providers the offline recording cannot answer; their schedules stay paused offline. */
const OFFLINE_PAUSED_GROUPS: readonly JobFunctionGroup[] = ['ingest', 'news', 'trends'];

export interface LocalStackOptions {
  /** API port; 0 picks a free one (default $PORT or 3000). */
  port?: number;
  /** Where local state lives (default <repo>/.local). */
  dataDir?: string;
  /** DynamoDB in memory and no S3 snapshots (tests). */
  inMemory?: boolean;
  /** Use emulators that already run instead of starting them (left running on stop). */
  emulators?: EmulatorEndpoints;
  /** Emulators the caller began starting for this data folder, so the JVM boots while code loads; the stack owns them. */
  startingEmulators?: Promise<RunningEmulators>;
  /** Table, bucket and queue prefix (default from TABLE_NAME / BUCKET_NAME / QUEUE_PREFIX, else billwatch). */
  names?: ProvisionNames;
  scheduler?: boolean;
  seed?: boolean;
  /**
   * What seeding runs instead of seeding through the real jobs (local/seed.ts): the e2e tests put back the state one
   * such seed left (test/e2e/support/seeded-state.ts) rather than run the whole offline demo in every seeded file.
   */
  seeder?: () => Promise<{ seeded: boolean; detail: string }>;
  pumps?: boolean;
  /** Visibility timeout of the local queues (default LOCAL_VISIBILITY_TIMEOUT_SECONDS or 10). */
  visibilityTimeoutSeconds?: number;
  /** Base URL of links (default $PUBLIC_URL as `npm start` read it, else http://localhost:{port}). */
  publicUrl?: string;
  /** SMTP sink port (default SMTP_SINK_PORT or 1025; 0 picks a free one). */
  smtpPort?: number;
  /** The web app's build folder served on the API's origin (default clients/web/dist; null: none). */
  webDistDir?: string | null;
  log?: (line: string) => void;
}

export interface LocalStack {
  apiUrl: string;
  /** Every variable the stack set in process.env. */
  env: Record<string, string>;
  dlqUrls: Record<string, string>;
  endpoints: EmulatorEndpoints & { bus: string; smtp: string };
  dataDirs: { dynamodb: string | null; s3: string | null; mail: string };
  scheduledJobs: ScheduledJob[];
  pumps: Record<string, QueuePump>;
  bus: LocalEventBus;
  smtp: SmtpSink;
  seed: { seeded: boolean; detail: string } | null;
  stop(): Promise<void>;
}

/** Starts everything and resolves once the API answers. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const local = parseLocalEnv(process.env);
  const dataDir = options.dataDir ?? local.LOCAL_DATA_DIR ?? join(REPO_ROOT, '.local');
  // External emulators (LocalStack) keep their own state; only ours need the folders.
  const persistent = !options.inMemory && !options.emulators;
  const dirs = localDataDirs(dataDir, persistent);
  const began = performance.now();
  const stops: Array<() => Promise<unknown> | void> = [];
  const stopAll = async () => {
    // Taken out of the list, so a second stop() does nothing.
    for (const stop of stops.splice(0).reverse()) await Promise.resolve(stop()).catch((err: unknown) => log(`stop: ${String(err)}`));
  };
  try {
    // The seed module pulls in the ingest pipeline; it loads while the emulators start.
    const seedModule = import('./seed.ts');
    seedModule.catch(() => undefined);
    // 1. Emulators, SMTP sink and bus, in parallel.
    const [emulators, smtp, bus] = await Promise.all([
      options.startingEmulators ?? startEmulators({ external: options.emulators, dynamoDir: dirs.dynamodb ?? undefined }),
      startSmtpSink({ port: options.smtpPort ?? local.SMTP_SINK_PORT, mailDir: dirs.mail, log }),
      startEventBus({ log }),
    ]);
    // Jobs started by the bus get a moment to finish before the emulators under them go away.
    const busGrace = () => Promise.race([bus.idle(), new Promise((r) => setTimeout(r, 10_000).unref())]);
    stops.push(
      () => emulators.stop(),
      () => smtp.stop(),
      async () => (await busGrace(), bus.stop()),
    );
    log(`emulators, SMTP sink and event bus up in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    if (emulators.dynamoCopy)
      log(`dynamodb: running on ${emulators.dynamoCopy.workDir} (from the ${emulators.dynamoCopy.origin}), kept in ${emulators.dynamoCopy.lastingDir}`);
    const requestedPort = options.port ?? local.PORT;
    const port = requestedPort === 0 ? await freePort() : requestedPort;

    // 2. Environment.
    const env: Record<string, string> = {
      ...localEnvironment({
        ...emulators,
        busEndpoint: bus.endpoint,
        smtpHost: smtp.host,
        smtpPort: smtp.port,
        publicUrl: options.publicUrl ?? `http://localhost:${port}`,
      }),
      ...(await seedModule).localProviderEnv(process.env),
    };
    const webDistDir = options.webDistDir === undefined ? WEB_DIST_DIR : options.webDistDir;
    // Share pages read the app's shell from here (shared/web/app-shell.ts), as from the app's bucket in AWS.
    if (webDistDir) env.WEB_DIST_DIR = webDistDir;
    applyEnvironment(env);

    // 3. Resources, S3 snapshot, migrations.
    const names = options.names ?? { tableName: local.TABLE_NAME, bucketName: local.BUCKET_NAME, queuePrefix: local.QUEUE_PREFIX };
    const visibility = options.visibilityTimeoutSeconds ?? local.LOCAL_VISIBILITY_TIMEOUT_SECONDS;
    const provisioned = await provision(names, { visibilityTimeoutSeconds: visibility });
    Object.assign(env, provisioned.env);
    applyEnvironment(env);
    config();
    let snapshots: BucketSnapshots | null = null;
    if (dirs.s3) {
      const restored = await restoreBucket(names.bucketName, dirs.s3);
      if (restored) log(`s3: restored ${restored} objects from ${dirs.s3}`);
      snapshots = snapshotPeriodically(names.bucketName, dirs.s3, local.S3_SNAPSHOT_INTERVAL_SECONDS * 1000, log);
      const s = snapshots;
      stops.push(() => s.flush());
    }
    const migrations = await runPendingMigrations();
    if (migrations.applied.length) log(`migrations: applied ${migrations.applied.join(', ')}`);

    log(`resources provisioned and migrations run at ${((performance.now() - began) / 1000).toFixed(1)} s`);

    // 4. API, pumps, scheduler.
    const api = await startApiServer({ port, host: local.HOST, log, web: webDistDir ? webApp(webDistDir) : undefined });
    stops.push(() => api.stop());
    const pumps: Record<string, QueuePump> = {};
    if (options.pumps ?? true) {
      for (const queue of QUEUES) {
        pumps[queue.name] = startQueuePump({ queue, queueUrl: env[queueUrlEnv(queue.name)] as string, visibilityTimeoutSeconds: visibility, log });
      }
      stops.push(() => Promise.all(Object.values(pumps).map((p) => p.stop())));
    }
    let scheduledJobs: ScheduledJob[] = [];
    if (options.scheduler ?? local.LOCAL_SCHEDULER === '1') {
      // Offline, the providers replay a fixed recording: a scheduled poll would only ask for windows it does not
      // hold, and the recording has no news or trends answers. Admins can still run these jobs by hand.
      const offline = Boolean(process.env.REPLAY_HAR) && !process.env.CONGRESS_API_KEY;
      const jobs = offline ? JOBS.filter((j) => !OFFLINE_PAUSED_GROUPS.includes(j.group)) : JOBS;
      if (offline)
        log(`offline (replaying recorded provider data): ${OFFLINE_PAUSED_GROUPS.join(', ')} schedules paused; set CONGRESS_API_KEY to poll live data`);
      const scheduler = startScheduler(jobs, log);
      scheduledJobs = scheduler.jobs;
      stops.push(() => scheduler.stop());
    }

    // 5. Seed. Offline, the demo replay (POST /api/admin/demo/replay) and its provider stand-in live in this process,
    // plugged in first: the seed's poll reads the bill whose new text version the replay releases through the stand-in.
    const seeding = options.seed ?? true;
    if (seeding && process.env.REPLAY_HAR && !process.env.CONGRESS_API_KEY) stops.push(await (await import('./demo/demo-replay.ts')).installDemoReplay());
    const seedStarted = performance.now();
    const seed = seeding ? await (options.seeder ?? (await seedModule).seedLocalData)() : null;
    if (seed) log(`seeding took ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    if (emulators.dynamoCopy) {
      // Watched from after the seed, so its thousands of writes cost one save, not one every few seconds.
      const saver = saveOnChange({ client: dynamo(), copy: emulators.dynamoCopy, intervalMs: local.DYNAMODB_SAVE_DELAY_SECONDS * 1000, log });
      stops.push(() => saver.stop());
    }

    return {
      apiUrl: api.url,
      env,
      dlqUrls: provisioned.dlqUrls,
      endpoints: { dynamoEndpoint: emulators.dynamoEndpoint, fauxqsEndpoint: emulators.fauxqsEndpoint, bus: bus.endpoint, smtp: `${smtp.host}:${smtp.port}` },
      dataDirs: dirs,
      scheduledJobs,
      pumps,
      bus,
      smtp,
      seed,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
