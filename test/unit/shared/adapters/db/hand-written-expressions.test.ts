/**
 * Every DynamoDB expression of the services is built by shared/adapters/db/expressions.ts
 * from the key declarations and plain attribute objects; this lists the
 * source files that still spell an expression, or its name and value maps,
 * by hand (a `...Expression:` or `ExpressionAttribute...:` property): none
 * may, so a new repository builds its expressions like the others.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const SOURCE_DIRS = ['shared', 'functions'];
/** The helper itself writes the properties it returns. */
const HELPER = 'shared/adapters/db/expressions.ts';

const HAND_WRITTEN = /\b(?:KeyCondition|Update|Condition|Filter|Projection)Expression\s*:|\bExpressionAttribute(?:Names|Values)\s*:/g;
const withoutComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.ts$/.test(e.name) ? [rel] : [];
  });
}

describe('hand-written DynamoDB expressions', () => {
  const scanned = SOURCE_DIRS.flatMap(sourceFiles);
  const countIn = (file: string) => (withoutComments(fs.readFileSync(path.join(ROOT, file), 'utf8')).match(HAND_WRITTEN) ?? []).length;
  const counts = Object.fromEntries(
    scanned
      .filter((file) => file !== HELPER)
      .map((file) => [file, countIn(file)] as const)
      .filter(([, n]) => n > 0),
  );

  it('recognises a hand-written expression', () => {
    expect("ConditionExpression: 'attribute_not_exists(pk)'".match(HAND_WRITTEN)).toHaveLength(1);
    expect("ExpressionAttributeValues: { ':pk': 'X' }".match(HAND_WRITTEN)).toHaveLength(1);
    expect('...expressions({ condition: cond.itemAbsent() })'.match(HAND_WRITTEN)).toBeNull();
  });

  it('reads the sources', () => {
    // The helper is found and counted like any file, so an empty result below cannot come from an empty scan.
    expect(scanned).toContain(HELPER);
    expect(countIn(HELPER)).toBeGreaterThan(0);
  });

  it('appears in no file but the helper', () => {
    expect(counts).toEqual({});
  });
});
