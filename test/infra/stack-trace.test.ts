/**
 * `npm run stack-trace` maps a deployed function's minified stack frames back
 * to the sources, from a rebuild of the same bundle with its maps.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '#infra/build-functions.ts';
import { functionSpecs } from '#infra/function-catalog.ts';
import { symbolicate } from '#local/stack-trace.ts';
import { ROOT } from './synth-stack.ts';

const outdir = mkdtempSync(path.join(tmpdir(), 'billwatch-trace-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

describe('stack traces', () => {
  it('map a frame of the minified bundle back to the source line', async () => {
    const spec = functionSpecs().find((s) => s.kind === 'fallback');
    const [built] = await buildFunctions(outdir, spec ? [spec] : [], { sourceMaps: true });
    const bundle = readFileSync(built?.file as string, 'utf8');
    // A literal only functions/api/system.ts holds (the docs stylesheet's content type).
    const at = positionOf(bundle, '"text/css; charset=utf-8"');
    const source = readFileSync(path.join(ROOT, 'functions/api/system.ts'), 'utf8');
    const expected = positionOf(source, "'text/css; charset=utf-8'");

    const trace = `Error: boom\n    at fallback (file:///var/task/index.mjs:${at.line}:${at.column})\n    at node:internal/process/task_queues:95:5`;
    const mapped = symbolicate(trace, path.dirname(built?.file as string));
    expect(mapped).toContain(`at fallback (functions/api/system.ts:${expected.line}:${expected.column})`);
    expect(mapped).toContain('node:internal/process/task_queues:95:5');
  }, 60_000);
});
