/** Trend jobs: the daily public-interest scores of bills and members, and the bills' forecasts. */
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { forecastBills, ForecastJobInput } from '#shared/use-cases/forecasts/forecast-bills-job.ts';
import { calculateMemberInterest, calculateTrendScores } from '#shared/use-cases/trends/calculate-trend-scores.ts';

export const trendsJobs = {
  calculate_trend_scores: async ({ now }: { now: Date }) => calculateTrendScores(now),
  calculate_member_interest: async ({ now }: { now: Date }) => calculateMemberInterest(now),
  forecast_bills: async ({ now, input }: { now: Date; input: Record<string, unknown> }) => forecastBills(now, ForecastJobInput.parse(input)),
};

export const handler = jobFunction('trends', trendsJobs);
