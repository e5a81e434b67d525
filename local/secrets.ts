/**
 * The local JWT secret: generated once (32 random bytes, hex) into
 * .local/secrets.json with mode 0600 and reused on every start, so tokens
 * survive restarts and the placeholder is never used. JWT_SECRET_KEY from the
 * environment wins, and must pass the same check as in AWS.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { ConfigError, parseConfig } from '#shared/platform/config.ts';

const LocalSecrets = z.object({ JWT_SECRET_KEY: z.string().min(64) });

/** Reads the secret file, creating it with a fresh random secret when absent or unreadable. */
export function loadOrCreateLocalSecrets(file: string): { JWT_SECRET_KEY: string; created: boolean } {
  if (existsSync(file)) {
    try {
      const parsed = LocalSecrets.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return { ...parsed.data, created: false };
    } catch {
      // An unreadable file is replaced below, as on a first start.
    }
  }
  mkdirSync(dirname(file), { recursive: true });
  const secrets = { JWT_SECRET_KEY: randomBytes(32).toString('hex') };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync's mode applies only when it creates the file; replacing one keeps the old mode.
  chmodSync(file, 0o600);
  return { ...secrets, created: true };
}

export type SecretDecision = { ok: true; env: Record<string, string>; source: 'environment' | 'generated' | 'file' } | { ok: false; message: string };

/**
 * Decides the JWT secret for `npm start` and validates the whole configuration
 * with it: the environment's value when set (refused when it is the placeholder
 * or too short), else the local secret file's.
 */
export function resolveLocalSecrets(env: NodeJS.ProcessEnv, secretsFile: string): SecretDecision {
  const fromEnv = env.JWT_SECRET_KEY !== undefined && env.JWT_SECRET_KEY !== '';
  let secret: string;
  let source: 'environment' | 'generated' | 'file' = 'environment';
  if (fromEnv) {
    secret = env.JWT_SECRET_KEY as string;
  } else {
    const local = loadOrCreateLocalSecrets(secretsFile);
    secret = local.JWT_SECRET_KEY;
    source = local.created ? 'generated' : 'file';
  }
  const problem = configProblem({ ...env, JWT_SECRET_KEY: secret });
  return problem ? { ok: false, message: problem } : { ok: true, env: { JWT_SECRET_KEY: secret }, source };
}

/** Null when the environment parses as a Config, else the ConfigError text. */
export function configProblem(env: NodeJS.ProcessEnv): string | null {
  try {
    parseConfig(env);
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}
