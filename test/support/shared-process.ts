/**
 * For the tiers whose files share a process (isolate: false): what one file
 * changes in the process is undone when it ends, so the next file starts as
 * in a process of its own. Environment variables a file sets or deletes are
 * put back, spies restored, and real timers and the test config (vi.setConfig)
 * back; the service's own modules are loaded afresh for each file
 * (./fresh-modules.ts runs before this).
 */
import { afterAll, vi } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.resetConfig();
});
