/** Trend jobs: the daily public-interest scores of bills and members. */
import { jobFunction } from '#shared/jobs/job-function.ts';
import { calculateMemberInterest, calculateTrendScores } from '#shared/trends/calculate-trend-scores.ts';

export const handler = jobFunction('trends', {
  calculate_trend_scores: async ({ now }) => calculateTrendScores(now),
  calculate_member_interest: async ({ now }) => calculateMemberInterest(now),
});
