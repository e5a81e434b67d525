import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { datasetLines, EXAMPLE_RECORD, hasDataset } from '../../../support/bill-outcomes.ts';
import { runCli, tempFiles } from '../../../support/cli-run.ts';

// The README's example record, with its outcome: the CLI ignores it.
const S1942 = EXAMPLE_RECORD;

const file = tempFiles('forecast-cli-');
function run(...args: string[]) {
  const r = runCli(...args);
  return {
    ...r,
    lines: r.out
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const LINES = [
  JSON.stringify(S1942),
  '{"id": "113-hr-9", "congress": 113,',
  '',
  JSON.stringify({ ...S1942, id: '113-s-2', title: undefined }),
  JSON.stringify({ ...S1942, id: '113-s-3', number: '3', sponsor: { ...S1942.sponsor, seniority_years: null, committee_chair: null, party: null } }),
  JSON.stringify({
    ...S1942,
    id: '114-s-4',
    congress: 114,
    short_title: undefined,
    subjects_top_term: null,
    committees_referred: ['SXYZ'],
    sponsor: { ...S1942.sponsor, id: null },
  }),
];

describe('npm run cli -- forecast', () => {
  it('prints one line per record, an error line for each bad one, and goes on', () => {
    const r = run('forecast', file('bills.jsonl', `${LINES.join('\n')}\n`));
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => l.id)).toEqual(['113-s-1942', null, '113-s-2', '113-s-3', '114-s-4']);
    expect(Object.keys(r.lines[0]!)).toEqual(['id', 'p_reported', 'p_passed_chamber', 'p_enacted']);
    expect(r.lines[1]).toMatchObject({ line: 2, error: expect.stringContaining('invalid JSON') });
    expect(r.lines[2]).toMatchObject({ line: 4, error: expect.stringContaining('title') });
    expect(r.lines[3]).toMatchObject({ line: 5, error: expect.stringContaining('number') });
    // Unknown sponsor, committee and policy area, no short title: the documented gaps still score.
    expect(r.lines[4]).toHaveProperty('p_enacted');
    expect(r.err).toContain('2 bills forecast, 3 lines with errors');
  });

  it('forecasts probabilities that fall from stage to stage', () => {
    const [f] = run('forecast', file('one.jsonl', JSON.stringify(S1942))).lines as { p_reported: number; p_passed_chamber: number; p_enacted: number }[];
    expect(f!.p_reported).toBeGreaterThan(0);
    expect(f!.p_reported).toBeLessThan(1);
    expect(f!.p_passed_chamber).toBeLessThanOrEqual(f!.p_reported);
    expect(f!.p_enacted).toBeLessThanOrEqual(f!.p_passed_chamber);
  });

  it('reads gzip’d files as well as plain ones', () => {
    const plain = run('forecast', file('b.jsonl', LINES[0]!));
    expect(run('forecast', file('b.jsonl.gz', gzipSync(LINES[0]!))).lines).toEqual(plain.lines);
  });

  it('exits 1 when the file cannot be read and 2 without a file', () => {
    const missing = run('forecast', path.join(path.dirname(file('x', '')), 'none.jsonl'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('none.jsonl');
    expect(run('forecast').code).toBe(2);
  });

  it.skipIf(!hasDataset)('forecasts real records of the dataset in order', () => {
    const lines = datasetLines().filter((l) => l.startsWith('{"id":"114-hr-11'));
    const r = run('forecast', file('real.jsonl.gz', gzipSync(lines.join('\n'))));
    expect(r.lines).toHaveLength(lines.length);
    expect(r.lines.map((l) => l.id)).toEqual(lines.map((l) => (JSON.parse(l) as { id: string }).id));
    expect(r.lines.every((l) => typeof l.p_enacted === 'number')).toBe(true);
  });
});
