// The health check's aggregation with probes in memory: timing, deadlines, skip reasons and the overall status.
import { describe, expect, it } from 'vitest';
import { checkProviders, errorDetail, overallStatus, runCheck, type Probe } from '#shared/use-cases/admin/provider-health.ts';
import { ProviderHealth, type CheckName, type ProviderCheck } from '#shared/use-cases/admin/provider-health.schema.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const answering = (name: CheckName, delayMs: number, detail = 'fine'): Probe => ({
  name,
  skipReason: async () => null,
  call: async () => {
    await sleep(delayMs);
    return detail;
  },
});
const failing = (name: CheckName, message: string): Probe => ({
  name,
  skipReason: async () => null,
  call: () => Promise.reject(new Error(message)),
});
const hanging = (name: CheckName): Probe => ({ name, skipReason: async () => null, call: () => new Promise<string>(() => undefined) });
const skipped = (name: CheckName, reason: string, calls: string[] = []): Probe => ({
  name,
  skipReason: async () => reason,
  call: async () => {
    calls.push(name);
    return 'should not run';
  },
});
const check = (status: ProviderCheck['status']): ProviderCheck => ({
  name: 'llm',
  status,
  latency_ms: status === 'not_configured' || status === 'disabled' ? null : 1,
  detail: '',
});

describe('runCheck', () => {
  it('reports ok with the call latency and the probe detail', async () => {
    const out = await runCheck(answering('congress_api', 40, 'bill list answered'), { timeoutMs: 1000 });
    expect(out).toMatchObject({ name: 'congress_api', status: 'ok', detail: 'bill list answered' });
    expect(out.latency_ms).toBeGreaterThanOrEqual(35);
    expect(out.latency_ms).toBeLessThan(1000);
  });

  it('reports a throwing call as an error with its message and the time it took to fail', async () => {
    const out = await runCheck(failing('document_api', 'govinfo: HTTP 500 from GET http://x/collections'), { timeoutMs: 1000 });
    expect(out).toMatchObject({ status: 'error', detail: 'govinfo: HTTP 500 from GET http://x/collections' });
    expect(out.latency_ms).toEqual(expect.any(Number));
  });

  it('gives up on a call that outlives the deadline, within the deadline', async () => {
    const started = Date.now();
    const out = await runCheck(hanging('rep_lookup'), { timeoutMs: 80 });
    expect(Date.now() - started).toBeLessThan(500);
    expect(out).toMatchObject({ status: 'error', detail: 'no answer within 80 ms' });
    expect(out.latency_ms).toBeGreaterThanOrEqual(75);
  });

  it('counts the skip decision against the deadline but not in the latency', async () => {
    const slowSkip: Probe = { name: 'llm', skipReason: () => new Promise<null>(() => undefined), call: async () => 'x' };
    expect(await runCheck(slowSkip, { timeoutMs: 50 })).toMatchObject({ status: 'error', latency_ms: null, detail: 'no answer within 50 ms' });
    const readsFirst: Probe = { name: 'llm', skipReason: () => sleep(60).then(() => null), call: async () => 'listed' };
    const out = await runCheck(readsFirst, { timeoutMs: 1000 });
    expect(out.status).toBe('ok');
    expect(out.latency_ms).toBeLessThan(50);
  });

  it('reports a skip reason as not_configured without calling the provider', async () => {
    const calls: string[] = [];
    const out = await runCheck(skipped('llm', 'the offline extractive briefer writes briefs', calls), { timeoutMs: 1000 });
    expect(out).toEqual({ name: 'llm', status: 'not_configured', latency_ms: null, detail: 'the offline extractive briefer writes briefs' });
    expect(calls).toEqual([]);
  });

  it('reports a probe an admin switched off as disabled, before its skip decision and without calling it', async () => {
    const calls: string[] = [];
    let skipAsked = false;
    const probe: Probe = {
      name: 'trends',
      disabled: 'search_trends disabled by admin, so it is not called',
      skipReason: async () => ((skipAsked = true), null),
      call: async () => (calls.push('trends'), 'called'),
    };
    expect(await runCheck(probe, { timeoutMs: 1000 })).toEqual({
      name: 'trends',
      status: 'disabled',
      latency_ms: null,
      detail: 'search_trends disabled by admin, so it is not called',
    });
    expect([calls, skipAsked]).toEqual([[], false]);
    // null (a switch on) runs the probe as usual.
    expect((await runCheck({ ...probe, disabled: null }, { timeoutMs: 1000 })).status).toBe('ok');
  });

  it('measures latency with the clock it is given', async () => {
    let t = 1000;
    const probe: Probe = { name: 'news', skipReason: async () => null, call: async () => ((t += 123.4), 'ok') };
    expect((await runCheck(probe, { timeoutMs: 1000, now: () => t })).latency_ms).toBe(123);
  });
});

describe('errorDetail', () => {
  it('keeps one line and caps a long message', () => {
    expect(errorDetail(new Error('line one\n  line two'))).toBe('line one line two');
    const long = errorDetail(new Error('x'.repeat(1000)));
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
    expect(errorDetail('plain string')).toBe('plain string');
    expect(errorDetail(new Error(''))).toBe('failed without a message');
  });
});

describe('overallStatus', () => {
  it('is ok when every configured check passed, whatever is not configured', () => {
    expect(overallStatus([check('ok'), check('not_configured')])).toBe('ok');
    expect(overallStatus([check('not_configured')])).toBe('ok');
    expect(overallStatus([])).toBe('ok');
  });

  it('does not count a disabled check, which was never called', () => {
    expect(overallStatus([check('ok'), check('disabled')])).toBe('ok');
    expect(overallStatus([check('disabled'), check('error')])).toBe('degraded');
  });

  it('is degraded when any configured check errored', () => {
    expect(overallStatus([check('ok'), check('error'), check('not_configured')])).toBe('degraded');
  });
});

describe('checkProviders', () => {
  it('runs probes concurrently so a hanging one costs one deadline, and keeps their order', async () => {
    const started = Date.now();
    const report = await checkProviders(
      [
        answering('congress_api', 60),
        hanging('document_api'),
        failing('rep_lookup', 'boom'),
        answering('llm', 60),
        skipped('news', 'no client'),
        skipped('trends', 'no client'),
      ],
      { timeoutMs: 150 },
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(145);
    expect(elapsed).toBeLessThan(400);
    expect(ProviderHealth().parse(report)).toEqual(report);
    expect(report.status).toBe('degraded');
    expect(report.checks.map((c) => [c.name, c.status])).toEqual([
      ['congress_api', 'ok'],
      ['document_api', 'error'],
      ['rep_lookup', 'error'],
      ['llm', 'ok'],
      ['news', 'not_configured'],
      ['trends', 'not_configured'],
    ]);
    expect(Date.parse(report.checked_at)).toBeGreaterThanOrEqual(started - 5);
  });
});
