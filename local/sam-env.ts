/**
 * events/env.json, the file `sam local invoke --env-vars` reads: for every
 * function of the catalog, keyed by its logical id in the synthesized stack,
 * the variables its row of infra/access-table.ts needs (TABLE_NAME,
 * BUCKET_NAME, QUEUE_URL_*, EVENT_BUS_NAME) set to the local stack's resource
 * names on a LocalStack reached from SAM's container, plus what every function
 * needs to start outside AWS (no secret bundle: a local JWT secret instead).
 *
 * SAM only overrides variables the template declares, so the local-only ones
 * (SAM_DECLARED_VARIABLES) are declared empty at synth through the stack's
 * `functionEnv` context: `samSynthCommand()` is the command the README shows.
 *
 * `npm run sam:env` rewrites the file and lists each function's logical id and
 * sample event; test/infra/sam-env.test.ts fails when the file is stale or
 * misses a variable a function's template sets.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, type CfnElement } from 'aws-cdk-lib';
import { needsOf, type Need } from '#infra/access-table.ts';
import type { FunctionSpec } from '#infra/function-catalog.ts';
import { PROJECT_ROOT } from '#infra/function-catalog.ts';
import { StackSettings, stackName } from '#infra/settings.ts';
import { BillWatchStack } from '#infra/stack.ts';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';
import { Config } from '#shared/platform/config.ts';
import { LocalEnv } from './local-env.schema.ts';

export const SAM_ENV_FILE = path.join(PROJECT_ROOT, 'events', 'env.json');

/** LocalStack's edge port on the Docker host, as SAM's function container sees it. */
export const SAM_AWS_ENDPOINT = 'http://host.docker.internal:4566';
/** LocalStack's account id, part of its queue URLs. */
const LOCALSTACK_ACCOUNT = '000000000000';
/** Signs local tokens only; at least 32 bytes, as the configuration requires. */
const SAM_JWT_SECRET = 'sam-local-invoke-only-never-deployed-0123456789';

/** Variables only a local run sets: declared empty in the template the SAM run synthesizes, so env.json may fill them. */
export const SAM_DECLARED_VARIABLES = ['AWS_ENDPOINT_URL', 'JWT_SECRET_KEY'] as const;

/** The synth whose template `sam local invoke -t` reads. */
export const samSynthCommand = (): string =>
  `npx cdk synth ${stackName({ stage: 'dev' })} -c functionEnv='${JSON.stringify(Object.fromEntries(SAM_DECLARED_VARIABLES.map((v) => [v, ''])))}'`;

/** The sample event of a function: events/<api|jobs|workers>/<entry>.<export>.json (test/integration/shared/domain/bills/events.test.ts). */
export function sampleEventOf(spec: FunctionSpec): string {
  const folder = { api: 'api', fallback: 'api', job: 'jobs', worker: 'workers' }[spec.kind];
  return `events/${folder}/${path.basename(spec.entry, '.ts')}.${spec.handler}.json`;
}

/** The local value of the variable one need sets (the names are those of infra/constructs/connect.ts). */
function variablesOf(need: Need): Record<string, string> {
  const local = LocalEnv.parse({});
  switch (need.kind) {
    case 'table':
      return { TABLE_NAME: local.TABLE_NAME };
    case 'bucket':
      return { BUCKET_NAME: local.BUCKET_NAME };
    case 'send':
      return { [queueUrlEnv(need.queue)]: `${SAM_AWS_ENDPOINT}/${LOCALSTACK_ACCOUNT}/${local.QUEUE_PREFIX}${need.queue}` };
    case 'bus-put':
      return { EVENT_BUS_NAME: Config.shape.EVENT_BUS_NAME.parse(undefined) };
    case 'secret-read':
      // No secret bundle outside AWS: an empty ARN skips it (shared/platform/bootstrap.ts) and JWT_SECRET_KEY stands in.
      return { SECRET_ARN: '' };
    case 'email-send':
      // SES is reached through AWS_ENDPOINT_URL like every other service.
      return {};
    case 'web-shell':
      // The dev stack SAM reads has no web app (it comes with the edge): share pages make a page of their own.
      return {};
  }
}

/** The environment of one function under `sam local invoke`. */
export function samEnvironmentOf(spec: FunctionSpec): Record<string, string> {
  const env: Record<string, string> = {
    AWS_ENDPOINT_URL: SAM_AWS_ENDPOINT,
    JWT_SECRET_KEY: SAM_JWT_SECRET,
    // Set by the stack from the API's URL, which does not exist locally.
    PUBLIC_URL: `http://localhost:${LocalEnv.parse({}).PORT}`,
  };
  for (const need of needsOf(spec)) Object.assign(env, variablesOf(need));
  return Object.fromEntries(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
}

/** The dev stack as `samSynthCommand()` synthesizes it (bundling skipped: only names and variables matter here). */
export function synthSamStack(): BillWatchStack {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const settings = StackSettings.parse({
    stage: 'dev',
    functionEnv: Object.fromEntries(SAM_DECLARED_VARIABLES.map((v) => [v, ''])),
  });
  return new BillWatchStack(app, stackName(settings), { settings });
}

/** Every function's logical id with its spec. */
export function samFunctions(stack: BillWatchStack): Array<{ logicalId: string; spec: FunctionSpec }> {
  return stack.functions.all.map(({ spec, fn }) => ({ logicalId: stack.getLogicalId(fn.node.defaultChild as CfnElement), spec }));
}

/** The content of events/env.json. */
export function samEnvFile(stack: BillWatchStack = synthSamStack()): string {
  const entries = samFunctions(stack).map(({ logicalId, spec }) => [logicalId, samEnvironmentOf(spec)] as const);
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stack = synthSamStack();
  writeFileSync(SAM_ENV_FILE, samEnvFile(stack));
  console.log(`Wrote ${path.relative(PROJECT_ROOT, SAM_ENV_FILE)}. Synthesize with:\n  ${samSynthCommand()}\nthen invoke one of:`);
  for (const { logicalId, spec } of samFunctions(stack)) {
    console.log(`  sam local invoke -t cdk.out/${stack.stackName}.template.json ${logicalId} -e ${sampleEventOf(spec)} --env-vars events/env.json`);
  }
}
