/**
 * LLM_RATE_LIMIT_RPM across all concurrent Lambdas: every provider call
 * first takes a token from the shared bucket in the table, waiting when the
 * bucket is empty. The bucket's capacity is one minute's worth of requests.
 */
import { config } from '#shared/platform/config.ts';
import { takeLlmToken } from '#shared/adapters/db/llm-rate.repository.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A lost race is retried after a short random pause, so contending Lambdas spread out. */
const RACE_PAUSE_MS = 25;

/** Waits until a request may be sent; throws when that would take longer than `maxWaitMs`. */
export async function acquireLlmSlot(maxWaitMs = 120_000): Promise<void> {
  const rpm = config().LLM_RATE_LIMIT_RPM;
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const { taken, waitMs } = await takeLlmToken(rpm, rpm);
    if (taken) return;
    const pause = waitMs > 0 ? waitMs : Math.random() * RACE_PAUSE_MS;
    if (Date.now() + pause > deadline) throw new Error(`LLM rate limit: no request slot within ${maxWaitMs} ms (LLM_RATE_LIMIT_RPM=${rpm})`);
    await sleep(pause);
  }
}
