/**
 * The probes of the external-API health check, one per provider, each one
 * cheap request through that provider's own client (so keys, base URLs and
 * REPLAY_HAR apply as in real work), and the health check built from them.
 * A check whose data sources an admin switched off is reported `disabled`
 * and not called; the news check calls only the news source left on.
 */
import { config } from '#shared/platform/config.ts';
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { disabledByAdmin, type DataSourceName, type DataSources } from '#shared/domain/settings/data-sources.ts';
import { resolveLlm } from '#shared/adapters/providers/llm/llm-settings.ts';
import { providerFor } from '#shared/adapters/providers/llm/provider-factory.ts';
import type { LlmProvider } from '#shared/domain/llm/llm-provider.ts';
import { probeBillList } from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import { districtAt, geocodeZip } from '#shared/adapters/providers/geocoder.client.ts';
import { listCollections } from '#shared/adapters/providers/govinfo.client.ts';
import { fetchNewsRss } from '#shared/adapters/providers/news-rss.client.ts';
import { isNewsSearchConfigured, newsSearchQuota, probeNewsSearch } from '#shared/adapters/providers/news-search.client.ts';
import { fetchCurrentLegislators } from '#shared/adapters/providers/legislators/legislators.client.ts';
import { fetchRollCall } from '#shared/adapters/providers/roll-calls/roll-call.client.ts';
import { compareSearchInterest, isSearchTrendsConfigured } from '#shared/adapters/providers/search-trends.client.ts';
import { checkProviders, type Probe } from './provider-health.ts';
import type { CheckName, ProviderHealth } from './provider-health.schema.ts';

/** Headroom of the transport's own timeout over the check's deadline: the deadline answers first, then the socket is freed. */
const SOCKET_GRACE_MS = 1000;

/** A ZIP inside one district (Cupertino, CA); the local stack's recording has it, so the offline stack's check replays too. */
export const PROBE_ZIP = '95014';

/** Where the answer came from, when it was not the live provider. */
const source = () => (config().REPLAY_HAR ? ' (replayed from REPLAY_HAR, not live)' : '');
const ms = (from: number) => Math.round(performance.now() - from);

const congressApi: Probe = {
  name: 'congress_api',
  skipReason: async () => (config().CONGRESS_API_KEY || config().REPLAY_HAR ? null : 'CONGRESS_API_KEY is not set, so bills are not polled'),
  call: async (deadlineMs) => {
    const count = await probeBillList(deadlineMs + SOCKET_GRACE_MS);
    return `bill list answered${count === null ? '' : ` (${count} bills)`}${source()}`;
  },
};

// GovInfo serves a rate-limited DEMO_KEY without a key of our own, and the document fetcher uses it then, so it is always checked.
const documentApi: Probe = {
  name: 'document_api',
  skipReason: async () => null,
  call: async (deadlineMs) => {
    const collections = await listCollections({ timeoutMs: deadlineMs + SOCKET_GRACE_MS });
    if (!collections.some((c) => c.collectionCode === 'BILLS'))
      throw new Error(`collections endpoint lists ${collections.length} collections but not BILLS, where bill texts live`);
    const key = config().GOVINFO_API_KEY ? '' : '; GOVINFO_API_KEY is not set, so the rate-limited DEMO_KEY is in use';
    return `collections endpoint lists ${collections.length} collections, BILLS among them${key}${source()}`;
  },
};

/**
 * Published roll calls that never change, one per chamber: votes are fetched from these hosts
 * by the URLs bill actions carry, so a probe reads one and parses it as the pipeline would.
 */
export const PROBE_ROLL_CALLS = {
  house: () => `${config().HOUSE_CLERK_BASE_URL.replace(/\/+$/, '')}/evs/2023/roll037.xml`,
  senate: () => `${config().SENATE_BASE_URL.replace(/\/+$/, '')}/legislative/LIS/roll_call_votes/vote1191/vote_119_1_00007.xml`,
} as const;

const rollCallProbe = (chamber: 'house' | 'senate'): Probe => ({
  name: chamber === 'house' ? 'house_votes' : 'senate_votes',
  skipReason: async () => null,
  call: async (deadlineMs) => {
    const vote = await fetchRollCall(chamber, PROBE_ROLL_CALLS[chamber](), { retries: 0, timeoutMs: deadlineMs + SOCKET_GRACE_MS });
    return `roll call ${vote.congress}-${vote.session}-${vote.roll_number} parsed with ${vote.positions.length} positions${source()}`;
  },
});

// The nightly sync_members reads the whole current-legislators file, so the probe does too: availability and format in one.
const legislators: Probe = {
  name: 'legislators',
  skipReason: async () => null,
  call: async (deadlineMs) => {
    const members = await fetchCurrentLegislators(new Date().toISOString(), { retries: 0, timeoutMs: deadlineMs + SOCKET_GRACE_MS });
    return `current legislators file lists ${members.length} members${source()}`;
  },
};

const repLookup: Probe = {
  name: 'rep_lookup',
  skipReason: async () => null,
  call: async (deadlineMs) => {
    const opts = { retries: 0, timeoutMs: deadlineMs + SOCKET_GRACE_MS };
    const started = performance.now();
    const point = await geocodeZip(PROBE_ZIP, opts);
    if (!point) throw new Error(`the ZIP geocoder does not know ZIP ${PROBE_ZIP}`);
    const geocoded = performance.now();
    const district = await districtAt(point.lat, point.lon, opts);
    if (!district) throw new Error(`the district boundary service names no congressional district at ${point.lat},${point.lon}`);
    const label = `${district.state}-${district.district === 0 ? 'AL' : district.district}`;
    return `ZIP ${PROBE_ZIP} → ${label} (geocoder ${Math.round(geocoded - started)} ms, district boundaries ${ms(geocoded)} ms)${source()}`;
  },
};

/** The LLM in force (settings store, then environment), checked by listing its models; the extractive briefer is not a provider. */
function llmProbe(): Probe {
  let target: { client: LlmProvider; model: string } | undefined;
  return {
    name: 'llm',
    skipReason: async () => {
      const resolved = await resolveLlm();
      if (resolved.kind === 'extractive') return `the offline extractive briefer writes briefs: ${resolved.reason}`;
      const client = await providerFor(resolved.provider);
      if (!client) return `${resolved.provider} has no API key configured`;
      target = { client, model: resolved.model };
      return null;
    },
    call: async () => {
      if (!target) throw new Error('the LLM probe was called before its provider was resolved');
      const models = await target.client.listModels();
      const listed = models.includes(target.model) ? '' : ' (not in that list)';
      return `${target.client.name} lists ${models.length} models; briefs use ${target.model}${listed}`;
    },
  };
}

/** A query every news source answers: the health check asks for the news of Congress itself. */
export const NEWS_PROBE_QUERY = 'Congress';

// Configured when the news search has its key; the RSS feed needs none, and is checked beside it.
// Either source may be switched off by an admin: the check then calls the other only (both off: the check is disabled).
const newsProbe = (sources: DataSources): Probe => {
  const searchOn = sources.news_search.enabled;
  const feedOn = sources.news_rss.enabled;
  return {
    name: 'news',
    skipReason: async () => {
      if (!searchOn || isNewsSearchConfigured()) return null;
      return `NEWS_API_KEY is not set, so ${feedOn ? 'news comes from the RSS feed only and the news search is off' : `the news search is off; ${disabledByAdmin('news_rss')}`}`;
    },
    call: async (deadlineMs) => {
      const opts = { retries: 0, timeoutMs: deadlineMs + SOCKET_GRACE_MS };
      const quota = searchOn ? await newsSearchQuota() : null;
      if (quota?.remaining === 0) throw new Error(`the news search's daily quota of ${quota.limit} calls is spent`);
      // A low quota is kept for the news fetch: only the feed is called then.
      // Both calls finish before the answer, so neither outlives the check; the first failure is the check's error.
      const [searchCall, feedCall] = await Promise.allSettled([
        quota && !quota.low ? probeNewsSearch(opts) : null,
        feedOn ? fetchNewsRss(NEWS_PROBE_QUERY, opts) : null,
      ]);
      if (searchCall.status === 'rejected') throw searchCall.reason;
      if (feedCall.status === 'rejected') throw feedCall.reason;
      const [search, feed] = [searchCall.value, feedCall.value];
      const searched = !quota
        ? disabledByAdmin('news_search')
        : search
          ? `news search answered (${search.totalResults} articles; ${quota.remaining - 1} of ${quota.limit} calls left today)`
          : `news search not called: quota low (${quota.remaining} of ${quota.limit} calls left today)`;
      return `${searched}; ${feed ? `RSS feed lists ${feed.length} articles` : disabledByAdmin('news_rss')}${source()}`;
    },
  };
};

/** A term with steady interest, so a working service always has a timeline for it. */
export const PROBE_TREND_TERM = 'Congress';

const trends: Probe = {
  name: 'trends',
  skipReason: async () => (isSearchTrendsConfigured() ? null : 'SEARCH_TRENDS_API_KEY is not set, so trend scores go without search interest'),
  call: async (deadlineMs) => {
    const [interest] = await compareSearchInterest([PROBE_TREND_TERM], { retries: 0, timeoutMs: deadlineMs + SOCKET_GRACE_MS });
    return `interest over time answered ("${PROBE_TREND_TERM}": ${interest ?? 0} mean interest)${source()}`;
  },
};

/** The data-source switches behind each check: a check is disabled when every one of its switches is off. */
export const CHECK_SOURCES: Partial<Record<CheckName, readonly DataSourceName[]>> = {
  congress_api: ['congress_api'],
  document_api: ['document_api'],
  house_votes: ['roll_calls'],
  senate_votes: ['roll_calls'],
  legislators: ['legislators'],
  news: ['news_search', 'news_rss'],
  trends: ['search_trends'],
};

/** Why a check is off under these switches, or null when it runs. */
export function disabledCheck(name: CheckName, sources: DataSources): string | null {
  const names = CHECK_SOURCES[name] ?? [];
  if (names.length === 0 || names.some((n) => sources[n].enabled)) return null;
  return `${names.map(disabledByAdmin).join('; ')}, so it is not called`;
}

/** Every probe, in the report's order (CHECK_NAMES), marked with the switches in force. */
export const providerProbes = (sources: DataSources): Probe[] =>
  [congressApi, documentApi, rollCallProbe('house'), rollCallProbe('senate'), legislators, repLookup, llmProbe(), newsProbe(sources), trends].map((probe) => ({
    ...probe,
    disabled: disabledCheck(probe.name, sources),
  }));

/** GET /api/admin/health: every provider checked concurrently, each within PROVIDER_HEALTH_TIMEOUT_MS; the switches are read fresh. */
export async function checkProviderHealth(): Promise<ProviderHealth> {
  return checkProviders(providerProbes(await getDataSources({ maxAgeMs: 0 })), { timeoutMs: config().PROVIDER_HEALTH_TIMEOUT_MS });
}
