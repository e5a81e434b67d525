/**
 * When a bill's odds of becoming law have jumped (docs/product-rules.md,
 * "Forecast jumps"): its new P(enacted) is at least 10 percentage points
 * away from the last one its followers were told of (the bill's first
 * published forecast until a jump is told), or at least double or at most
 * half of it while 2 points or more away. Measured from the last one told,
 * not the last one published, so odds that creep up by a point a week are
 * told once they have moved far enough, and once. Followers with a stance
 * (support: hold_boost, oppose: hold_veto) hear of it as a forecast_jump
 * event; the rule is one for everyone, shown in the notification settings.
 */

export const FORECAST_JUMP_RULE = {
  /** A change of this many probability points (absolute) is a jump. */
  points: 0.1,
  /** So is odds at least this many times higher, or lower, than before... */
  ratio: 2,
  /** ...when they moved by at least this many points. */
  min_points: 0.02,
} as const;

/** The rule in the words the settings show. */
export const FORECAST_JUMP_RULE_WORDS =
  'A bill you support or oppose sends "Odds changed" when its chance of becoming law moves by 10 percentage points or more, or at least doubles or halves (by 2 points or more), since the odds you were last told of.';

/** Whether P(enacted) moving from `told` to `now` is a jump. */
export function isForecastJump(told: number, now: number): boolean {
  const moved = Math.abs(now - told);
  if (moved >= FORECAST_JUMP_RULE.points) return true;
  if (moved < FORECAST_JUMP_RULE.min_points) return false;
  const [low, high] = told < now ? [told, now] : [now, told];
  return high >= FORECAST_JUMP_RULE.ratio * low;
}
