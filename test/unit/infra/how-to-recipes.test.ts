/**
 * The recipes of docs/how-to.md name real files: every path a recipe spells in
 * code (`shared/edges/http/route.ts`, `clients/web/src/app/routes.tsx`) exists,
 * and a path with a placeholder (`functions/api/<group>.ts`,
 * `shared/domain/notify/channels/{name}.ts`) has a real folder up to it. A
 * recipe that names a moved or deleted file fails here, not in a reader's hands.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#infra/function-catalog.ts';

const ROOTS = ['shared', 'functions', 'infra', 'local', 'clients', 'test', 'bench', 'docs', 'events', 'eslint'];
const PLACEHOLDER = /[<{*]|NNNN/;

/** Each `## ` section of the page, with the paths its code spans name. */
export function recipePaths(markdown: string): { recipe: string; paths: string[] }[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const recipe = section.slice(0, section.indexOf('\n')).trim();
      const spans = [...section.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
      const paths = spans.filter((s) => ROOTS.includes(s.split('/')[0]!) && s.includes('/'));
      return { recipe, paths: [...new Set(paths)] };
    });
}

/** The part of a path a reader finds as written: the whole path, or the folder before its first placeholder. */
export function checkedPart(p: string): { path: string; folder: boolean } {
  const segments = p.replace(/\/$/, '').split('/');
  const i = segments.findIndex((s) => PLACEHOLDER.test(s));
  return i === -1 ? { path: segments.join('/'), folder: false } : { path: segments.slice(0, i).join('/'), folder: true };
}

const recipes = recipePaths(readFileSync(path.join(PROJECT_ROOT, 'docs/how-to.md'), 'utf8'));

describe('the recipes of docs/how-to.md', () => {
  it('each name the files a change touches', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(8);
    for (const { recipe, paths } of recipes) expect(paths.length, recipe).toBeGreaterThan(0);
  });

  it.each(recipes.map((r) => [r.recipe, r.paths] as const))('"%s" names only files that exist', (_recipe, paths) => {
    const missing = paths.filter((p) => {
      const { path: part, folder } = checkedPart(p);
      const full = path.join(PROJECT_ROOT, part);
      return !existsSync(full) || (folder && !statSync(full).isDirectory());
    });
    expect(missing).toEqual([]);
  });

  it('reads a placeholder as the folder before it, and a plain path whole', () => {
    expect(checkedPart('functions/api/<group>.ts')).toEqual({ path: 'functions/api', folder: true });
    expect(checkedPart('shared/domain/notify/channels/{name}.ts')).toEqual({ path: 'shared/domain/notify/channels', folder: true });
    expect(checkedPart('shared/use-cases/migrations/NNNN-what-it-does.ts')).toEqual({ path: 'shared/use-cases/migrations', folder: true });
    expect(checkedPart('clients/web/src/app/routes.tsx')).toEqual({ path: 'clients/web/src/app/routes.tsx', folder: false });
    expect(recipePaths('## A\nEdit `shared/a.ts` and `npm test`, not `../shared/API.md` or `/api/x`.\n## B\n`clients/web/`')).toEqual([
      { recipe: 'A', paths: ['shared/a.ts'] },
      { recipe: 'B', paths: ['clients/web/'] },
    ]);
  });
});
