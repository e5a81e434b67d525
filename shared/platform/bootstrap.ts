/**
 * Cold start for every Lambda and for the local stack: pull the secret bundles
 * from Secrets Manager into the environment (in AWS), then parse the config.
 * A function module awaits this at top level, so a bad secret is an init error
 * and the function never serves a request with it.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { secretsManager } from './aws-clients.ts';
import { config, resetConfig, type Config } from './config.ts';

// zod/mini, like the config: a deployed function reads its secrets at every cold start.
const SecretBundle = z.record(z.string(), z.string());

let loaded: Promise<Config> | undefined;

async function loadSecretBundle(secretId: string): Promise<void> {
  const out = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed = SecretBundle.safeParse(JSON.parse(out.SecretString ?? '{}'));
  if (!parsed.success) throw new Error(`Secret ${secretId} must be a JSON object of string values`);
  for (const [key, value] of Object.entries(parsed.data)) {
    // Values set directly on the function win, so an operator can override one key.
    if (process.env[key] === undefined || process.env[key] === '') process.env[key] = value;
  }
  resetConfig();
}

/**
 * Loads secrets and validates the configuration, once per process: the bundle
 * (SECRET_ARN) and, for API functions behind the edge, the origin secret
 * (ORIGIN_SECRET_ARN, its own secret because CloudFront reads it too), fetched
 * in parallel.
 */
export function bootstrap(): Promise<Config> {
  loaded ??= (async () => {
    const secretIds = [process.env.SECRET_ARN, process.env.ORIGIN_SECRET_ARN].filter((id): id is string => Boolean(id));
    await Promise.all(secretIds.map(loadSecretBundle));
    return config();
  })();
  return loaded;
}
