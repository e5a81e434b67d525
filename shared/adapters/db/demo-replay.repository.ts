/**
 * The offline demo replay's progress (SYSTEM / DEMO_REPLAY): per demo bill,
 * how many held-back days the provider stand-in has released. Written before
 * each step's poll, conditioned on the version read, so two replays cannot
 * interleave and a process that dies mid-replay leaves a state the next run
 * continues from (the next poll lists what was released and not yet seen).
 */
import { DemoReplayState } from '#shared/domain/demo/demo-replay.schema.ts';
import { conditional } from './dynamo.ts';
import { cond, condition } from './expressions.ts';
import { systemKeys } from './keys/system.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/** The stored progress, or a state with nothing released. */
export async function getDemoReplayState(): Promise<DemoReplayState> {
  const out = await table.getItem({ Key: systemKeys.demoReplay });
  return out.Item ? DemoReplayState().parse(out.Item) : { version: 0, released: {} };
}

/** Writes `next` when the stored version is still `next.version - 1`; false when another replay wrote first. */
export async function putDemoReplayState(next: DemoReplayState): Promise<boolean> {
  return conditional(() =>
    table.putItem({
      Item: entityItem('demo_replay', systemKeys.demoReplay, { version: next.version, released: next.released }),
      ...condition(next.version === 1 ? cond.itemAbsent() : cond.eq('version', next.version - 1)),
    }),
  );
}
