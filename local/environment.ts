/**
 * The environment that points the service at the local stack: emulator
 * endpoints (every AWS SDK client honours AWS_ENDPOINT_URL_<SERVICE>), dummy
 * credentials, resource names, the SMTP sink and the public URL. Applying it
 * resets the cached config and clients so the next use reads it.
 */
import { resetClients } from '#shared/platform/aws-clients.ts';
import { resetConfig } from '#shared/platform/config.ts';

export interface LocalEndpoints {
  dynamoEndpoint: string;
  fauxqsEndpoint: string;
  busEndpoint: string;
  smtpHost: string;
  smtpPort: number;
  publicUrl: string;
}

/** The variables the local stack sets (resource names and queue URLs are added by provisioning). */
export function localEnvironment(e: LocalEndpoints): Record<string, string> {
  return {
    STAGE: 'local',
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    // The emulators accept any signature; real credentials must never be sent to them.
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: e.dynamoEndpoint,
    AWS_ENDPOINT_URL_SQS: e.fauxqsEndpoint,
    AWS_ENDPOINT_URL_S3: e.fauxqsEndpoint,
    AWS_ENDPOINT_URL_EVENTBRIDGE: e.busEndpoint,
    // The local stack may run on Node 20; Lambda runs nodejs22.x, so the SDK's Node 20 notice is noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    PUBLIC_URL: e.publicUrl,
    SMTP_HOST: e.smtpHost,
    SMTP_PORT: String(e.smtpPort),
    SMTP_STARTTLS: '0',
    ALLOW_PRIVATE_PUSH_TARGETS: '1',
  };
}

/** Writes `env` into process.env and forgets cached config and clients. */
export function applyEnvironment(env: Record<string, string>): void {
  Object.assign(process.env, env);
  // Secrets come from the environment locally; a session token or secret ARN would point elsewhere.
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  delete process.env.SECRET_ARN;
  resetConfig();
  resetClients();
}
