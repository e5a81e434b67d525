// The batch slot's rule (who holds it at a given time) and the lease lengths it rests on.
import { describe, expect, it } from 'vitest';
import { BATCH_BUILD_LEASE_MS, BATCH_BUILD_TIMEOUT_SECONDS, BATCH_REQUEST_LEASE_MS, BatchState, slotHolder } from '#shared/domain/briefs/batch-state.schema.ts';
import { jobByName } from '#shared/edges/jobs/job-table.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const base = BatchState().parse({
  status: 'requested',
  batch_id: null,
  provider: 'openai',
  model: 'gpt-4o-mini',
  submitted_at: null,
  updated_at: NOW.toISOString(),
  total: 0,
  completed: 0,
  failed: 0,
  items: [],
  request_id: 'r1',
  lease_until: '2026-03-01T12:10:00.000Z',
});

describe('slotHolder', () => {
  it('is free with no state or a finished batch', () => {
    expect(slotHolder(null, NOW)).toEqual({ kind: 'free' });
    for (const status of ['none', 'completed', 'failed', 'expired', 'cancelled'] as const) {
      expect(slotHolder({ ...base, status, batch_id: 'b1', lease_until: null }, NOW)).toEqual({ kind: 'free' });
    }
  });

  it('is held by a request until its lease passes, then free', () => {
    expect(slotHolder(base, NOW)).toEqual({ kind: 'request', request_id: 'r1', lease_until: '2026-03-01T12:10:00.000Z' });
    expect(slotHolder(base, new Date('2026-03-01T12:10:00.000Z'))).toEqual({ kind: 'free' });
    expect(slotHolder({ ...base, lease_until: null }, NOW)).toEqual({ kind: 'free' });
  });

  it('is held by a submitted batch whatever the time, until it finishes', () => {
    const submitted = { ...base, status: 'in_progress' as const, batch_id: 'b1', lease_until: null };
    expect(slotHolder(submitted, new Date('2030-01-01T00:00:00Z'))).toEqual({ kind: 'batch', batch_id: 'b1', status: 'in_progress' });
    expect(slotHolder({ ...submitted, status: 'submitted' }, NOW)).toEqual({ kind: 'batch', batch_id: 'b1', status: 'submitted' });
  });

  it('frees the state an in-request submit left when it died (submitted, no batch id, no lease)', () => {
    const legacy = BatchState().parse({
      status: 'submitted',
      batch_id: null,
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      submitted_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      total: 0,
      completed: 0,
      failed: 0,
      items: [],
    });
    expect(legacy).toMatchObject({ request_id: null, lease_until: null, settings: null });
    expect(slotHolder(legacy, NOW)).toEqual({ kind: 'free' });
  });
});

describe('batch leases', () => {
  it('outlive the build job, and a request waits long enough for the scheduled poll to pick it up', () => {
    const build = jobByName('build_llm_batch');
    expect(build?.timeoutSeconds).toBe(BATCH_BUILD_TIMEOUT_SECONDS);
    expect(BATCH_BUILD_LEASE_MS).toBeGreaterThan(BATCH_BUILD_TIMEOUT_SECONDS * 1000);
    // The poll runs every 30 minutes, so it sees every request before its lease runs out.
    expect(jobByName('poll_llm_batch_results')?.schedule).toBe('*/30 * * * *');
    expect(BATCH_REQUEST_LEASE_MS).toBeGreaterThan(30 * 60_000);
  });
});
