/**
 * Starts the emulators once for the whole run: DynamoDB Local in memory and
 * fauxqs (SQS + S3), shared by every tier that lists this setup (one JVM per
 * run, warmed by the first tier, not one per tier). Each test file provisions
 * its own table, bucket and queues on them (see ./stack.ts), so files never
 * see each other's data.
 * Also gives the e2e client a folder to record the routes it exercised in,
 * and prints the contract coverage report at the end of a run with e2e calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type RunningDynamo } from '../../local/dynamodb-local.ts';
import { startFauxqsLocal, type RunningFauxqs } from '../../local/fauxqs-local.ts';
import { formatCoverage, readCoverage } from '../e2e/support/route-coverage.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    fauxqsEndpoint: string;
    /** Folder the e2e client records the routes it exercised in (test/e2e/support/route-coverage.ts). */
    contractCoverageDir: string;
  }
}

type Emulators = [RunningDynamo, RunningFauxqs];

/**
 * The run's emulators and how many tiers use them. Held on globalThis: each
 * tier loads this file as a module of its own, but all run in Vitest's one
 * main process. The last tier to finish stops them.
 */
const shared = globalThis as { billwatchEmulators?: { started: Promise<Emulators>; users: number } };

function useEmulators(): Promise<Emulators> {
  shared.billwatchEmulators ??= { started: Promise.all([startDynamoDbLocal(), startFauxqsLocal()]), users: 0 };
  shared.billwatchEmulators.users++;
  return shared.billwatchEmulators.started;
}

async function releaseEmulators(): Promise<void> {
  const held = shared.billwatchEmulators;
  if (!held || --held.users > 0) return;
  shared.billwatchEmulators = undefined;
  const [dynamoLocal, fauxqs] = await held.started;
  await Promise.all([dynamoLocal.stop(), fauxqs.stop()]);
}

export default async function setup(project: TestProject) {
  const [dynamoLocal, fauxqs] = await useEmulators();
  project.provide('dynamoEndpoint', dynamoLocal.endpoint);
  project.provide('fauxqsEndpoint', fauxqs.address);
  const coverageDir = mkdtempSync(join(tmpdir(), 'billwatch-contract-'));
  project.provide('contractCoverageDir', coverageDir);
  return async () => {
    await releaseEmulators();
    const { ROUTES } = await import('#shared/edges/http/routes/index.ts');
    const report = readCoverage(coverageDir, ROUTES);
    if (report) console.log(`\n${formatCoverage(report)}\n`);
    rmSync(coverageDir, { recursive: true, force: true });
  };
}
