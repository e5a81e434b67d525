/**
 * Starts the emulators once for the whole run: DynamoDB Local in memory and
 * fauxqs (SQS + S3). Each test file provisions its own table, bucket and
 * queues on them (see ./stack.ts), so files never see each other's data.
 * Also gives the e2e client a folder to record the routes it exercised in,
 * and prints the contract coverage report at the end of a run with e2e calls,
 * and the seeded e2e files a folder to share the run's one seeded state in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../local/dynamodb-local.ts';
import { startFauxqsLocal } from '../../local/fauxqs-local.ts';
import { formatCoverage, readCoverage } from '../e2e/support/route-coverage.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    fauxqsEndpoint: string;
    /** Folder the e2e client records the routes it exercised in (test/e2e/support/route-coverage.ts). */
    contractCoverageDir: string;
    /** Folder the seeded e2e files share the run's one seeded state through (test/e2e/support/seeded-state.ts). */
    seededStateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const [dynamoLocal, fauxqs] = await Promise.all([startDynamoDbLocal(), startFauxqsLocal()]);
  project.provide('dynamoEndpoint', dynamoLocal.endpoint);
  project.provide('fauxqsEndpoint', fauxqs.address);
  const coverageDir = mkdtempSync(join(tmpdir(), 'billwatch-contract-'));
  project.provide('contractCoverageDir', coverageDir);
  const seededStateDir = mkdtempSync(join(tmpdir(), 'billwatch-seeded-'));
  project.provide('seededStateDir', seededStateDir);
  return async () => {
    await Promise.all([dynamoLocal.stop(), fauxqs.stop()]);
    const { ROUTES } = await import('#shared/edges/http/routes/index.ts');
    const report = readCoverage(coverageDir, ROUTES);
    if (report) console.log(`\n${formatCoverage(report)}\n`);
    rmSync(coverageDir, { recursive: true, force: true });
    rmSync(seededStateDir, { recursive: true, force: true });
  };
}
