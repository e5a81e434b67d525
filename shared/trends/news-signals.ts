/**
 * The news-search and news RSS signals. This build has no news clients yet,
 * so both report themselves unavailable and scores use search trends alone
 * (the breakdown says so).
 */
import type { SignalSources } from './signal-sources.ts';

const NO_CLIENT = 'no news client in this build';

export const newsSearchSource: SignalSources['newsSearch'] = {
  unavailable: () => NO_CLIENT,
  quotaLow: async () => true,
  countBatch: () => Promise.reject(new Error(NO_CLIENT)),
};

export const newsRssSource: SignalSources['newsRss'] = {
  unavailable: () => NO_CLIENT,
  count: () => Promise.reject(new Error(NO_CLIENT)),
};
