/**
 * The `semver` the bundles get (infra/shims/semver.ts) answers `gte` as the
 * real package does for the versions the X-Ray SDK compares (an AWS SDK v2
 * VERSION against 2.7.15), and rejects what is not a version as it does.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import shim, { gte } from '#infra/shims/semver.ts';

// The real package (a dependency of the X-Ray SDK, without type declarations here).
const semver = createRequire(import.meta.url)('semver') as { gte(a: string, b: string): boolean };

const PAIRS: Array<[string, string]> = [
  ['2.7.15', '2.7.15'],
  ['2.7.16', '2.7.15'],
  ['2.7.9', '2.7.15'],
  ['2.8.0', '2.7.15'],
  ['2.1692.0', '2.7.15'],
  ['3.0.0', '2.7.15'],
  ['1.99.99', '2.7.15'],
  ['2.6.100', '2.7.15'],
  ['10.0.0', '9.9.9'],
  ['v2.7.15', '2.7.15'],
  ['0.0.0', '0.0.1'],
];

describe('the semver shim', () => {
  it.each(PAIRS)('gte(%s, %s) is what semver answers', (a, b) => {
    expect(gte(a, b)).toBe(semver.gte(a, b));
    expect(shim.gte(a, b)).toBe(semver.gte(a, b));
  });

  it('throws on what is not a version, as semver does', () => {
    expect(() => semver.gte('not-a-version', '2.7.15')).toThrow(TypeError);
    expect(() => gte('not-a-version', '2.7.15')).toThrow(TypeError);
  });
});
