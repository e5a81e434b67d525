/** Trend jobs: the daily public-interest scores of bills and members, and the bills' forecasts. */
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { forecastBills, ForecastJobInput } from '#shared/use-cases/forecasts/forecast-bills-job.ts';
import { calculateMemberInterest, calculateTrendScores } from '#shared/use-cases/trends/calculate-trend-scores.ts';

export const handler = jobFunction('trends', {
  calculate_trend_scores: async ({ now }) => calculateTrendScores(now),
  calculate_member_interest: async ({ now }) => calculateMemberInterest(now),
  forecast_bills: async ({ now, input }) => forecastBills(now, ForecastJobInput.parse(input)),
});
