/**
 * The offline demo replay (local stack only): what an admin asks for, what a
 * run answers, and the replay's stored progress. The local stack holds back
 * the last days of some demo bills' real action histories and plays them
 * forward through the poller (local/demo/demo-replay.ts).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** A pause between steps: long enough to watch alerts arrive one by one, short enough for one request. */
export const MAX_STEP_MS = 2000;
export const DEFAULT_STEP_MS = 400;

export const DemoReplayRequest = lazySchema(() =>
  z
    .object({
      steps: z.number().int().min(1).max(100).optional().describe('Steps to play (one bill, one day of real actions each); default every step left'),
      step_ms: z
        .number()
        .int()
        .min(0)
        .max(MAX_STEP_MS)
        .default(DEFAULT_STEP_MS)
        .describe(`Pause after each step's poll, in ms (0 to ${MAX_STEP_MS}); the queue workers deliver in the meantime`),
    })
    .strict(),
);
export type DemoReplayRequest = z.infer<ReturnType<typeof DemoReplayRequest>>;

export const DemoReplayStep = lazySchema(() =>
  z.object({
    bill_id: z.string().describe('The bill the step moved, e.g. 115-s-2269'),
    action_date: z.string().describe('The real date (YYYY-MM-DD) of the actions the step released'),
    actions: z.number().int().describe('How many real actions of that day the step released'),
    released_at: z.string().describe('When the stand-in listed the bill as updated (ISO 8601): the time the poller saw the change'),
    meeting: z
      .object({
        id: z.string().describe('The meeting, e.g. house-103428'),
        version: z.number().int().describe('Its version after the step: 1 when first scheduled, higher after each change'),
        starts_at: z.string().describe('When it starts after the step (RFC 3339), moved into the coming week'),
      })
      .optional()
      .describe('A step that released a recorded meeting of the bill (no actions): the meeting as the step left it; its followers are told before it'),
  }),
);
export type DemoReplayStep = z.infer<ReturnType<typeof DemoReplayStep>>;

export const DemoReplayResult = lazySchema(() =>
  z.object({
    played: z.array(DemoReplayStep()).describe('The steps this run played, in order'),
    remaining_steps: z.number().int().describe('Steps still held back; 0 once every held-back day is played'),
    bills: z.array(z.string()).describe('Every bill the replay moves (follow them to be notified)'),
  }),
);
export type DemoReplayResult = z.infer<ReturnType<typeof DemoReplayResult>>;

/** Stored progress: per bill, how many held-back days are released and when the last one was. */
export const DemoReplayState = lazySchema(() =>
  z.object({
    version: z.number().int().min(0),
    released: z.record(z.string(), z.object({ days: z.number().int().min(0), updated_at: z.string() })),
  }),
);
export type DemoReplayState = z.infer<ReturnType<typeof DemoReplayState>>;
