/**
 * Follow modes in the public's words. hold_boost means the person wants the bill to pass (alerts pushed hardest,
 * letters pre-filled "support"), hold_veto that they want it stopped; neutral is plain following (SPEC.md).
 */
import type { Schemas } from '../../../typescript/index.ts';

export type FollowMode = NonNullable<Schemas['Follow']['follow_mode']>;

export const STANCES: { mode: FollowMode; label: string; hint: string }[] = [
  { mode: 'neutral', label: 'Just following', hint: 'Hear when it moves, without taking a side.' },
  { mode: 'hold_boost', label: 'Support', hint: 'You want it to pass. Letters you draft will ask your representative to vote yes.' },
  { mode: 'hold_veto', label: 'Oppose', hint: 'You want it stopped. Letters you draft will ask your representative to vote no.' },
];

export function stanceLabel(mode: FollowMode | null | undefined): string {
  return STANCES.find((s) => s.mode === mode)?.label ?? 'Just following';
}

/** The letter stance a follow pre-fills: Support → YES, Oppose → NO, otherwise none. */
export function letterStanceOf(mode: FollowMode | null | undefined): 'YES' | 'NO' | undefined {
  return mode === 'hold_boost' ? 'YES' : mode === 'hold_veto' ? 'NO' : undefined;
}
