/** Trend jobs: the daily public-interest scores of bills and members. */
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { calculateMemberInterest, calculateTrendScores } from '#shared/use-cases/trends/calculate-trend-scores.ts';

export const handler = jobFunction('trends', {
  calculate_trend_scores: async ({ now }) => calculateTrendScores(now),
  calculate_member_interest: async ({ now }) => calculateMemberInterest(now),
});
