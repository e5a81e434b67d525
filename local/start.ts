/**
 * `npm start`: checks the machine (Node 20+, Java 17+) and the configuration
 * (a real JWT secret, generated on first start), starts the local stack,
 * prints where everything is and the time to ready, and stops it cleanly on
 * Ctrl-C / SIGTERM. The service logs WARN and above until the ready box is
 * printed, INFO after (local/quiet-start.ts). A problem found before starting exits 1 with nothing started.
 */
import { join } from 'node:path';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { REPO_ROOT } from './function-loader.ts';
import { parseLocalEnv, type LocalEnv } from './local-env.schema.ts';
import { prerequisiteProblems } from './prerequisites.ts';
import { quietStart } from './quiet-start.ts';
import { resolveLocalSecrets } from './secrets.ts';
import { localDataDirs } from './data-dirs.ts';
import { startEmulators } from './emulators.ts';
import { PortInUseError } from './port-in-use.ts';
import type { LocalStack } from './stack.ts';
import { ensureWebBuild } from '#infra/web-build.ts';

const log = (line: string) => console.log(`[local] ${line}`);

function refuse(lines: string[]): never {
  console.error(['npm start cannot start the local stack:', ...lines].join('\n'));
  process.exit(1);
}

function summary(stack: LocalStack): string {
  const jobs = stack.scheduledJobs.length
    ? stack.scheduledJobs.map((j) => `    ${j.name.padEnd(28)} ${j.schedule.padEnd(16)} next ${j.next?.toISOString() ?? 'never'}`).join('\n')
    : '    (none: no job of the job table has a schedule, or LOCAL_SCHEDULER=0)';
  return [
    '',
    `  web app           ${stack.env.PUBLIC_URL}/   (clients/web/dist)`,
    `  API               ${stack.env.PUBLIC_URL}/api   (listening on ${stack.apiUrl})`,
    `  OpenAPI           ${stack.env.PUBLIC_URL}/api/openapi.json   reference: ${stack.env.PUBLIC_URL}/api/docs`,
    `  DynamoDB Local    ${stack.endpoints.dynamoEndpoint}   data: ${stack.dataDirs.dynamodb ?? 'in memory'}`,
    `  fauxqs (SQS, S3)  ${stack.endpoints.fauxqsEndpoint}   S3 snapshots: ${stack.dataDirs.s3 ?? 'none'}`,
    `  queues            ${QUEUES.map((q) => q.name).join(', ')}`,
    `  SMTP sink         smtp://${stack.endpoints.smtp}   mail: ${stack.dataDirs.mail}`,
    `  event bus         ${stack.endpoints.bus}`,
    '  scheduled jobs (UTC):',
    jobs,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let local: LocalEnv;
  try {
    local = parseLocalEnv(process.env);
  } catch (err) {
    refuse([(err as Error).message]);
  }
  // AWS_ENDPOINT_URL (what every SDK client honours) pointing at LocalStack means the same.
  const external = local.LOCAL_AWS_ENDPOINT ?? (process.env.AWS_ENDPOINT_URL || undefined);
  const problems = prerequisiteProblems({ java: !external });
  if (problems.length) refuse(problems.map((p) => `  - ${p}`));
  const dataDir = local.LOCAL_DATA_DIR ?? join(REPO_ROOT, '.local');
  const secrets = resolveLocalSecrets(process.env, join(dataDir, 'secrets.json'));
  if (!secrets.ok) refuse([secrets.message]);
  Object.assign(process.env, secrets.env);
  if (secrets.source === 'generated') log(`generated a JWT secret into ${join(dataDir, 'secrets.json')}`);

  // Signals are handled from here on, so Ctrl-C during the start still stops what has started.
  let stack: LocalStack | undefined = undefined;
  let stopRequested: string | undefined;
  const shutdown = (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    if (!stack) return log(`${signal}: stopping once the start completes`);
    log(`${signal}: stopping`);
    stack
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const quiet = quietStart();
  // The JVM boots while the service's code loads: the two slowest steps of the start, overlapped.
  const emulators = external
    ? { emulators: { dynamoEndpoint: external, fauxqsEndpoint: external } }
    : { startingEmulators: startEmulators({ dynamoDir: localDataDirs(dataDir, true).dynamodb ?? undefined }) };
  // Handled by the stack once loaded; this keeps an early failure from being reported as unhandled first.
  emulators.startingEmulators?.catch(() => undefined);
  // The web app builds (when its build is stale) while the stack starts; a failed build leaves the API up.
  const webBuild = ensureWebBuild(log).catch((err: unknown) => {
    log(`web app: the build failed, so / answers a page saying so: ${err instanceof Error ? err.message : String(err)}`);
    return 'failed' as const;
  });
  const { startLocalStack } = await import('./stack.ts');
  log(`the stack's code loaded at ${process.uptime().toFixed(1)} s`);
  const running = await startLocalStack({ dataDir, log, publicUrl: local.PUBLIC_URL, ...emulators });
  if (running.seed) log(`seed: ${running.seed.detail}`);
  const web = await webBuild;
  if (web === 'absent') log('web app: clients/web has no app, so only the API is served');
  console.log(summary(running));
  // Measured from process start, so it includes loading the code, not only starting the services.
  log(`ready in ${process.uptime().toFixed(1)} s (Ctrl-C stops)`);
  if (quiet.quieted) log('the service logged WARN and above while starting (LOG_LEVEL=INFO npm start shows every line); INFO from here on');
  await quiet.end();
  stack = running;
  if (stopRequested) {
    const signal = stopRequested;
    stopRequested = undefined;
    shutdown(signal);
  }
}

main().catch((err: unknown) => {
  // A busy port is the user's to fix, not a bug: one sentence, no stack.
  if (err instanceof PortInUseError) console.error(`npm start failed: ${err.message}`);
  else console.error('npm start failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
