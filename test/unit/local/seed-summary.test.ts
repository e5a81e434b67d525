/**
 * The seed's line of the `npm start` summary (issue 24 #31): the seed jobs log
 * their results on their own `job succeeded` lines, so the summary names the
 * jobs and does not print the same figures a second time.
 */
import { describe, expect, it } from 'vitest';
import { seededDetail } from '#local/seed.ts';

describe('the seed summary', () => {
  it('names the seed jobs without repeating their results', () => {
    const detail = seededDetail('4.6', 'demo data abc already loaded');
    expect(detail).toMatch(/^seeded from the recorded dataset in 4\.6 s by sync_members and poll_bills /);
    expect(detail).toContain('demo data abc already loaded');
    // A job result is a JSON object on its own log line; none is in the summary.
    expect(detail).not.toMatch(/[{}]/);
  });
});
