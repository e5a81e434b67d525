/**
 * The embedded-metric records the job and worker wrappers publish: every value
 * carries its job or queue dimension, since the stack's alarms and dashboard
 * select metrics by exactly those dimensions.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as MetricsModule from '#shared/platform/metrics.ts';

type Emf = { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> } } & Record<string, unknown>;

let metricsModule: typeof MetricsModule;
beforeAll(async () => {
  // Outside Lambda the module disables publishing unless told otherwise.
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  vi.resetModules();
  metricsModule = await import('#shared/platform/metrics.ts');
});
afterEach(() => {
  vi.restoreAllMocks();
});

function capture(run: () => void): Emf[] {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  run();
  vi.restoreAllMocks();
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('"_aws"'))
    .map((l) => JSON.parse(l) as Emf);
}

/** Each metric name with the dimension names and values it was published with. */
function published(records: Emf[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const r of records) {
    for (const block of r._aws.CloudWatchMetrics) {
      expect(block.Namespace).toBe('BillWatch');
      const dims = Object.fromEntries((block.Dimensions[0] ?? []).map((d) => [d, r[d]]));
      for (const m of block.Metrics) out[m.Name] = dims;
    }
  }
  return out;
}

describe('metrics', () => {
  it('publishes a job run outcome and its duration, both per job', () => {
    const out = published(capture(() => metricsModule.recordJobRun('poll_bills', true, 1234)));
    expect(out.JobSucceeded).toEqual({ service: 'billwatch', job: 'poll_bills' });
    expect(out.JobDuration).toEqual({ service: 'billwatch', job: 'poll_bills' });
    const failed = published(capture(() => metricsModule.recordJobRun('sync_members', false, 10)));
    expect(failed.JobFailed).toEqual({ service: 'billwatch', job: 'sync_members' });
  });

  it('publishes records processed and failed, both per queue', () => {
    const out = published(capture(() => metricsModule.recordBatch('brief', 5, 2)));
    expect(out.RecordsProcessed).toEqual({ service: 'billwatch', queue: 'brief' });
    expect(out.RecordsFailed).toEqual({ service: 'billwatch', queue: 'brief' });
  });
});
