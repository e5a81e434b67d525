import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A Lambda entry imported with the placeholder secret must fail during init.
function importEntry(secret: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', "await import('#functions/api/system.ts'); console.log('loaded')"], {
    cwd: process.cwd(),
    env: { ...process.env, JWT_SECRET_KEY: secret, SECRET_ARN: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('cold start', () => {
  it('fails the function init with a clear message when JWT_SECRET_KEY is the placeholder', () => {
    const out = importEntry('change-me-in-production');
    expect(out.status).not.toBe(0);
    expect(out.stderr).toMatch(/JWT_SECRET_KEY still holds the placeholder/);
    expect(out.stdout).not.toContain('loaded');
  });

  it('initialises with a real secret', () => {
    const out = importEntry('k'.repeat(40));
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain('loaded');
  });
});
