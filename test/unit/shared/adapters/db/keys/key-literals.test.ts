/**
 * Every key literal the table stores ('BILL#', 'TREND#', 'SETTINGS', …) is
 * spelled in exactly one file of shared/adapters/db/keys/; everything else (the other
 * repositories, migrations, seeds, benches and tests) builds keys through
 * those definitions. keys.test.ts is the exception: it pins the definitions
 * to the literal strings stored today.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const KEYS_DIR = 'shared/adapters/db/keys';
const SOURCE_DIRS = ['shared', 'functions', 'local', 'test', 'bench', 'infra', 'eslint'];
/** Files that may hold key literals as expected values: the pinning test and this one. */
const CHECKS = ['test/unit/shared/adapters/db/keys/keys.test.ts', 'test/unit/shared/adapters/db/keys/key-literals.test.ts'];
/** Equal strings that are not table keys: GovInfo's collection code for bill texts. */
const NOT_KEYS: Record<string, string[]> = {
  BILLS: ['shared/use-cases/admin/provider-probes.ts', 'local/fixtures/build-seed-har.ts', 'test/integration/shared/use-cases/admin/provider-health.test.ts'],
};

const withoutComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|js|mjs)$/.test(e.name) ? [rel] : [];
  });
}

/** The key literals of the definitions: prefixes ending in '#' and whole upper-case constants. */
function keyLiterals(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(KEYS_DIR)) {
    const src = withoutComments(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    for (const m of src.matchAll(/['`]([A-Z][A-Z_]+#)|(['`])([A-Z][A-Z_]+)\2/g)) found.add(m[1] ?? m[3] ?? '');
  }
  found.delete('');
  return found;
}

/** A quoted occurrence: a prefix at the start of a string, a constant as a whole string. */
const occurrence = (literal: string) => (literal.endsWith('#') ? new RegExp(`['"\`]${literal}`) : new RegExp(`(['"\`])${literal}\\1`));

describe('key literals', () => {
  const literals = keyLiterals();

  it('finds the definitions', () => {
    expect(literals.size).toBeGreaterThan(50);
    for (const expected of ['BILL#', 'TREND#', 'TRENDING#', 'USER#', 'MEMBER#', 'TOKEN#', 'BILLS', 'META', 'PROFILE', 'SETTINGS', 'MIGRATION']) {
      expect(literals).toContain(expected);
    }
  });

  it('spells each one in exactly one file of shared/adapters/db/keys and nowhere else', () => {
    const sources = SOURCE_DIRS.flatMap(sourceFiles).map((file) => ({ file, src: withoutComments(fs.readFileSync(path.join(ROOT, file), 'utf8')) }));
    const misplaced: Record<string, string[]> = {};
    for (const literal of literals) {
      const pattern = occurrence(literal);
      const files = sources.filter((s) => pattern.test(s.src)).map((s) => s.file);
      const definitions = files.filter((f) => f.startsWith(`${KEYS_DIR}/`));
      const elsewhere = files.filter((f) => !f.startsWith(`${KEYS_DIR}/`) && !CHECKS.includes(f) && !(NOT_KEYS[literal] ?? []).includes(f));
      if (definitions.length !== 1 || elsewhere.length > 0) misplaced[literal] = files;
    }
    expect(misplaced).toEqual({});
  });
});
