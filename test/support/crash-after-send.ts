/**
 * A crash right after a channel's send, for the tests of what a retry does
 * then: the notifications repository with `stepChannels` failing once, when
 * armed, on the write that records a sent channel, as if the process died
 * between the send and that write. A test file mocks the repository with
 * `vi.mock(path, async (real) => (await import(this module)).withCrashAfterSend(await real()))`
 * and arms `crashAfterSend` before the delivery it crashes.
 */
import type * as NotificationsRepository from '#shared/adapters/db/notifications.repository.ts';

export const crashAfterSend = { armed: false };

export function withCrashAfterSend(real: typeof NotificationsRepository): typeof NotificationsRepository {
  return {
    ...real,
    stepChannels: async (...args: Parameters<typeof real.stepChannels>) => {
      if (crashAfterSend.armed && Object.values(args[1].channels).includes('sent')) {
        crashAfterSend.armed = false;
        throw new Error('simulated crash after the send');
      }
      return real.stepChannels(...args);
    },
  };
}
