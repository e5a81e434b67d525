/**
 * POST /api/admin/demo/replay: runs the offline demo replay through the port
 * the local stack provides when it runs offline (local/demo/demo-replay.ts).
 * Anywhere else (a deployed stack, or a local one with live keys) nothing
 * provides it and the route answers 404: there is no recorded past to replay.
 */
import { NotFoundError } from '#shared/errors/app-error.ts';
import type { DemoReplayRequest, DemoReplayResult } from '#shared/domain/demo/demo-replay.schema.ts';

export type DemoReplay = (request: DemoReplayRequest) => Promise<DemoReplayResult>;

let provided: DemoReplay | undefined;

/** The local stack plugs its replay in (and out, with undefined, when it stops). */
export function provideDemoReplay(replay: DemoReplay | undefined): void {
  provided = replay;
}

/** Plays the demo forward; 404 where no offline local stack provides the replay. */
export async function runDemoReplay(request: DemoReplayRequest): Promise<DemoReplayResult> {
  if (!provided)
    throw new NotFoundError('The demo replay exists only on the offline local stack (npm start with no CONGRESS_API_KEY)', 'demo.replay_unavailable');
  return provided(request);
}
