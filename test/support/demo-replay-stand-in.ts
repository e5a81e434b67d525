/**
 * The demo replay's stand-in for the integration tests, plugged into the
 * transport as the local stack plugs it: the recorded dataset (REPLAY_HAR),
 * answers of the given replay plan as the cached state has released it, a
 * clock that moves 5 s a call without sleeping, and the stand-in unplugged
 * after the file.
 */
import { afterAll, beforeAll } from 'vitest';
import type { ReplayBill } from '#local/demo/demo-replay-plan.ts';
import { demoStandIn } from '#local/demo/demo-stand-in.ts';
import { SEED_HAR_PATH, SEED_POLL_WINDOW } from '#local/fixtures/build-seed-har.ts';
import type { DemoReplayState } from '#shared/domain/demo/demo-replay.schema.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetReplay, transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';

export function useDemoReplayStandIn(plan: () => ReplayBill[]) {
  const cache: { state: DemoReplayState } = { state: { version: 0, released: {} } };
  let tick = Date.parse('2026-03-02T12:00:00Z');
  const clock = { now: () => new Date((tick += 5000)), sleep: async () => undefined };
  beforeAll(() => {
    process.env.REPLAY_HAR = SEED_HAR_PATH;
    resetConfig();
    resetReplay();
    transportSettings.replayStandIn = demoStandIn(plan, () => cache.state, SEED_POLL_WINDOW.until);
  });
  afterAll(() => {
    transportSettings.replayStandIn = undefined;
  });
  return { cache, clock };
}
