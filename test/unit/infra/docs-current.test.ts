/**
 * The documents that state what the code does stay true to it: the Schedules
 * table is generated from the job table, and no page grows past what a reader
 * takes in (the README at most 200 lines, every docs/ page at most 500).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#infra/function-catalog.ts';
import { withSchedules } from '#infra/schedules-doc.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const lineCount = (text: string) => text.trimEnd().split('\n').length;

describe('the documentation', () => {
  it('has a Schedules table equal to the job table (npx tsx infra/schedules-doc.ts --write)', () => {
    const doc = read('docs/observability.md');
    expect(withSchedules(doc)).toBe(doc);
  });

  it('keeps the README within 200 lines and every docs/ page within 500', () => {
    expect(lineCount(read('README.md'))).toBeLessThanOrEqual(200);
    for (const page of readdirSync(path.join(PROJECT_ROOT, 'docs')).filter((f) => f.endsWith('.md'))) {
      expect(lineCount(read(`docs/${page}`)), page).toBeLessThanOrEqual(500);
    }
  });

  it('says how `npm run demo:replay` signs in and which stack it talks to (issue 32.5), in the README and the local-stack guide', () => {
    for (const doc of ['README.md', 'docs/local-stack.md']) {
      const text = read(doc);
      for (const needed of ['npm run demo:replay', 'BILLWATCH_EMAIL', 'BILLWATCH_PASSWORD', '--url']) expect(text, `${doc}: ${needed}`).toContain(needed);
    }
  });
});
