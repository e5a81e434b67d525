/**
 * The Node.js version the project says it needs is true (issue 32.5: npm
 * warned that a dependency wanted Node 22 while the README said 20): every
 * package the lock file installs accepts the lowest version package.json's
 * engines admits, and the README and docs/local-stack.md name that version.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#infra/function-catalog.ts';

// semver (a devDependency, npm's own range rules) ships no types; these are the two calls used.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
const lowest = semver.minVersion(manifest.engines.node)?.version ?? '';

describe('the Node.js version the project needs', () => {
  it('is accepted by every package the lock file installs', () => {
    expect(lowest).toMatch(/^\d+\.\d+\.\d+$/);
    const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(lowest, range) ? [`${name} wants node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it('is the one the README and the local-stack guide name', () => {
    const [major, minor] = lowest.split('.');
    for (const doc of ['README.md', 'docs/local-stack.md']) expect(read(doc), doc).toContain(`Node.js ${major}.${minor} or newer`);
  });
});
