/**
 * Runs before every test file: points the AWS clients at the emulators and
 * gives the file its own resource names and a test JWT secret. Nothing is
 * created here; integration tests call useIntegrationStack().
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { resetClients } from '#shared/platform/aws-clients.ts';
import { resetConfig } from '#shared/platform/config.ts';

const suffix = randomBytes(4).toString('hex');
const NO_EMULATOR = 'http://127.0.0.1:9';
Object.assign(process.env, {
  STAGE: 'test',
  // Node 20 runs the tests; Lambda runs nodejs22.x, so the SDK's Node 20 notice is noise here.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  // Tiers without emulators (unit, infra) get an address nothing listens on, so a
  // test that reaches AWS by mistake fails at once instead of leaving the machine.
  AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoEndpoint') ?? NO_EMULATOR,
  AWS_ENDPOINT_URL_SQS: inject('fauxqsEndpoint') ?? NO_EMULATOR,
  AWS_ENDPOINT_URL_S3: inject('fauxqsEndpoint') ?? NO_EMULATOR,
  TABLE_NAME: `test-${suffix}`,
  BUCKET_NAME: `test-${suffix}`,
  QUEUE_PREFIX: `test-${suffix}-`,
  JWT_SECRET_KEY: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'http://localhost:3000',
  ALLOW_PRIVATE_PUSH_TARGETS: '1',
  // scrypt at 2^10, not the deployed 2^17: hundreds of sign-ups a run (shared/platform/config.ts).
  PASSWORD_SCRYPT_LOG2_N: '10',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR',
});
delete process.env.SECRET_ARN;
delete process.env.AWS_PROFILE;
resetConfig();
resetClients();
