/**
 * The two scoring jobs' use cases: pick the day's subjects, then score them
 * with the signal sources (the real clients unless a caller passes others).
 */
import { newsRssSource, newsSearchSource } from './news-signals.ts';
import { scoreSubjects, type ScoringSummary } from './score-subjects.ts';
import { searchTrendsSource, type SignalSources } from './signal-sources.ts';
import { billsToScore, membersToScore } from './trend-subjects.ts';

/** The configured clients behind the signal interface. */
export const defaultSignalSources = (): SignalSources => ({ searchTrends: searchTrendsSource, newsSearch: newsSearchSource, newsRss: newsRssSource });

/** calculate_trend_scores: the day's bill scores. */
export async function calculateTrendScores(now: Date, sources = defaultSignalSources()): Promise<ScoringSummary> {
  return scoreSubjects('bill', await billsToScore(now), sources, now);
}

/** calculate_member_interest: the day's member scores. */
export async function calculateMemberInterest(now: Date, sources = defaultSignalSources()): Promise<ScoringSummary> {
  return scoreSubjects('member', await membersToScore(now), sources, now);
}
