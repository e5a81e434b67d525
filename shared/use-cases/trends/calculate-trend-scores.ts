/**
 * The two scoring jobs' use cases: pick the day's subjects, then score them
 * with the signal sources (the real clients unless a caller passes others),
 * leaving out the signals an admin switched off (read once per run).
 */
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { SIGNALS, type SignalName } from '#shared/domain/scores/trend-decisions.ts';
import { newsRssSource, newsSearchSource } from './news-signals.ts';
import { scoreSubjects, type ScoringSummary } from './score-subjects.ts';
import { searchTrendsSource, type SignalSources } from './signal-sources.ts';
import { billsToScore, membersToScore } from './trend-subjects.ts';

/** The configured clients behind the signal interface. */
export const defaultSignalSources = (): SignalSources => ({ searchTrends: searchTrendsSource, newsSearch: newsSearchSource, newsRss: newsRssSource });

/** The signals switched off in the settings store; each signal has the data-source switch of the same name. */
async function disabledSignals(): Promise<Set<SignalName>> {
  const switches = await getDataSources();
  return new Set(SIGNALS.filter((s) => !switches[s].enabled));
}

/** calculate_trend_scores: the day's bill scores. */
export async function calculateTrendScores(now: Date, sources = defaultSignalSources()): Promise<ScoringSummary> {
  const disabled = await disabledSignals();
  return scoreSubjects('bill', await billsToScore(now), sources, now, disabled);
}

/** calculate_member_interest: the day's member scores. */
export async function calculateMemberInterest(now: Date, sources = defaultSignalSources()): Promise<ScoringSummary> {
  const disabled = await disabledSignals();
  return scoreSubjects('member', await membersToScore(now), sources, now, disabled);
}
