// npm start refuses a placeholder or short JWT secret before starting anything, and generates one when none is set.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_PLACEHOLDER } from '#shared/platform/config.ts';
import { REPO_ROOT } from '#local/function-loader.ts';
import { nodeProblem } from '#local/prerequisites.ts';
import { loadOrCreateLocalSecrets, resolveLocalSecrets } from '#local/secrets.ts';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'billwatch-secrets-')), 'secrets.json');
const envWithout = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.JWT_SECRET_KEY;
  return env;
};

describe('local secrets', () => {
  it('refuses the placeholder with the configuration error text', () => {
    const decision = resolveLocalSecrets({ ...envWithout(), JWT_SECRET_KEY: JWT_PLACEHOLDER }, tempFile());
    expect(decision.ok).toBe(false);
    expect(!decision.ok && decision.message).toContain(`JWT_SECRET_KEY: JWT_SECRET_KEY still holds the placeholder "${JWT_PLACEHOLDER}"`);
  });

  it('refuses a secret shorter than 32 bytes', () => {
    const decision = resolveLocalSecrets({ ...envWithout(), JWT_SECRET_KEY: 'too-short' }, tempFile());
    expect(!decision.ok && decision.message).toContain('at least 32 bytes');
  });

  it('lets a good environment secret win over the file', () => {
    const secret = 'e'.repeat(48);
    expect(resolveLocalSecrets({ ...envWithout(), JWT_SECRET_KEY: secret }, tempFile())).toEqual({
      ok: true,
      env: { JWT_SECRET_KEY: secret },
      source: 'environment',
    });
  });

  it('generates a random 32-byte secret into a 0600 file once and reuses it', () => {
    const file = tempFile();
    const first = resolveLocalSecrets(envWithout(), file);
    expect(first).toMatchObject({ ok: true, source: 'generated' });
    const secret = first.ok ? first.env.JWT_SECRET_KEY : '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ JWT_SECRET_KEY: secret });
    expect(resolveLocalSecrets(envWithout(), file)).toEqual({ ok: true, env: { JWT_SECRET_KEY: secret }, source: 'file' });
    expect(loadOrCreateLocalSecrets(tempFile()).JWT_SECRET_KEY).not.toBe(secret);
  });

  it('names an old Node as a problem', () => {
    expect(nodeProblem('18.19.0')).toContain('Node.js 20.19 or newer');
    // Several dependencies want 20.19 (issue 32.5: what package.json's engines says, checked by test/unit/infra/node-engines.test.ts).
    expect(nodeProblem('20.11.1')).toContain('Node.js 20.19 or newer');
    expect(nodeProblem('20.19.0')).toBeNull();
  });

  it('makes `tsx local/start.ts` exit non-zero with the message when JWT_SECRET_KEY is the placeholder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'billwatch-start-'));
    const out = spawnSync('npx', ['tsx', 'local/start.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, JWT_SECRET_KEY: JWT_PLACEHOLDER, LOCAL_DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.status).not.toBe(0);
    expect(out.status).not.toBeNull();
    expect(out.stderr).toContain('JWT_SECRET_KEY still holds the placeholder');
    expect(out.stdout).not.toContain('ready in');
  }, 60_000);

  it('makes the start exit 1 with install advice when Java is missing', () => {
    // Node by absolute path, and a PATH on which no java can be found.
    const out = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'local/start.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PATH: '/nonexistent', LOCAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'billwatch-start-')), AWS_ENDPOINT_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('Java is not installed');
    expect(out.stderr).toContain('openjdk-17');
  }, 60_000);
});
