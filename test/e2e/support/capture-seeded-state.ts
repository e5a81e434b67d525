/**
 * Seeds a local stack of its own on the test run's emulators (with no pumps,
 * so only the seed has run) and writes what it left to the file named by
 * its argument: run once per test run by ./seeded-state.ts, in a process of
 * its own so that the seeded file's service modules keep their environment.
 * The emulators come from the AWS_ENDPOINT_URL_* variables it inherits.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '#local/stack.ts';
import { readSeededState } from './seeded-state.ts';

const [outFile] = process.argv.slice(2);
const dynamoEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
const fauxqsEndpoint = process.env.AWS_ENDPOINT_URL_SQS;
if (!outFile || !dynamoEndpoint || !fauxqsEndpoint) throw new Error('usage: capture-seeded-state.ts OUT_FILE, with AWS_ENDPOINT_URL_DYNAMODB and _SQS set');

const id = randomBytes(4).toString('hex');
const names = { tableName: `seed-${id}`, bucketName: `seed-${id}`, queuePrefix: `seed-${id}-` };
const logs: string[] = [];
const stack = await startLocalStack({
  port: 0,
  smtpPort: 0,
  inMemory: true,
  dataDir: mkdtempSync(join(tmpdir(), 'billwatch-seed-')),
  emulators: { dynamoEndpoint, fauxqsEndpoint },
  names,
  scheduler: false,
  seed: true,
  pumps: false,
  webDistDir: null,
  log: (line) => logs.push(line),
});
try {
  if (!stack.seed?.seeded) throw new Error(`the seed did not run: ${stack.seed?.detail ?? 'no seed'}\n${logs.join('\n')}`);
  // Jobs the seed's events started write too: what they leave belongs to the seed.
  await stack.bus.idle();
  writeFileSync(outFile, JSON.stringify(await readSeededState(stack.seed, names, fauxqsEndpoint)));
} finally {
  await stack.stop();
}
// The SDK's keep-alive sockets and the stand-ins' servers would hold the process open.
process.exit(0);
