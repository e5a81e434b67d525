/** Jobs of the public-interest scores (see the job table in ./job-table.ts); members run after bills to score their sponsors; the bills' forecasts after both. */
import type { JobDef } from './job.ts';

export const TRENDS_JOBS: JobDef[] = [
  {
    name: 'calculate_trend_scores',
    group: 'trends',
    schedule: '0 3 * * *',
    description: "Scores the day's public interest in followed and recently active bills (search trends, news search, news RSS)",
    timeoutSeconds: 900,
  },
  {
    name: 'calculate_member_interest',
    group: 'trends',
    schedule: '30 3 * * *',
    description: "Scores the day's public interest in followed members and the sponsors of the day's scored bills",
    timeoutSeconds: 900,
  },
  {
    name: 'forecast_bills',
    group: 'trends',
    schedule: '0 4 * * *',
    description:
      "Scores every bill of the current Congress with the forecast model (odds of being reported, passing its chamber, becoming law), publishes those that changed, and resolves the ended Congress's open forecasts for the track record",
    timeoutSeconds: 900,
  },
];
