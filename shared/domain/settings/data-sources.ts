/**
 * The admin's data-source switches (settings key `data_sources`): one switch
 * per external source the pipeline reads, each `{enabled}` (default true).
 * The shape is closed (an unknown source or field is refused) and extensible
 * (a source's object can gain fields later without a new setting key).
 * docs/runbooks.md ("Data-source switches") says what each switch stops.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** Every switch, with what turning it off stops; the order is the one the API shows. */
export const DATA_SOURCE_INFO = {
  congress_api: 'Congress.gov: bill polling, bill detail (sponsor, dates, links), actions, cosponsors, text-version lists, member sync and enrichment',
  document_api: 'GovInfo: bill texts (a skipped fetch is kept pending and queued again by the first poll after the switch is back on)',
  roll_calls: 'House clerk and Senate roll-call XML: vote fetches',
  legislators: 'The congress-legislators dataset: Senate LIS ids, contact details and committee chairs in sync_members',
  news_search: 'The news search API: bill news in fetch_news and the news-search signal of trend scores',
  news_rss: 'The news RSS feed: bill and member news in fetch_news and the news RSS signal of trend scores',
  search_trends: 'The search-trends service: the search-trends signal of trend scores',
} as const;

export const DATA_SOURCES = Object.keys(DATA_SOURCE_INFO) as (keyof typeof DATA_SOURCE_INFO)[];
export type DataSourceName = keyof typeof DATA_SOURCE_INFO;

/** One source's switch as stored and shown. */
export const DataSourceSwitch = lazySchema(() => z.strictObject({ enabled: z.boolean().default(true).describe('Whether it is switched on') }));
export type DataSourceSwitch = z.infer<ReturnType<typeof DataSourceSwitch>>;

const eachSource = <T extends z.ZodType>(schema: (name: DataSourceName) => T) =>
  Object.fromEntries(DATA_SOURCES.map((name) => [name, schema(name)])) as Record<DataSourceName, T>;

/** Every switch, each present (the reply of GET /api/settings and what the pipeline reads). */
export const DataSources = lazySchema(() =>
  z
    .strictObject(eachSource((name) => DataSourceSwitch().describe(DATA_SOURCE_INFO[name]).prefault({})))
    .meta({ id: 'DataSources', description: 'Whether each external data source is switched on' }),
);
export type DataSources = z.infer<ReturnType<typeof DataSources>>;

/** A change of some switches (PUT /api/settings): the sources not named keep their stored value. */
export const DataSourcesUpdate = lazySchema(() =>
  z.strictObject(
    eachSource((name) =>
      z
        .strictObject({ enabled: z.boolean().describe('Whether it is switched on') })
        .describe(DATA_SOURCE_INFO[name])
        .optional(),
    ),
  ),
);
export type DataSourcesUpdate = z.infer<ReturnType<typeof DataSourcesUpdate>>;

/**
 * Every source on: what an empty settings store means, and what DataSources
 * parses `{}` to (each switch defaults to on; test/unit/shared/use-cases/admin/data-sources.test.ts
 * holds the two equal). Spelled out rather than parsed, so importing this
 * module builds no schema.
 */
export const ALL_ENABLED: DataSources = Object.fromEntries(DATA_SOURCES.map((name) => [name, { enabled: true }])) as DataSources;

/**
 * Reads a stored value leniently: a source stored as `{enabled: boolean}` keeps
 * its switch; anything else (absent, an unknown key, or a value of the
 * free-form record this setting used to be, which nothing ever acted on) reads
 * as enabled, so an upgrade changes nothing until an admin sets a switch.
 */
export function readStoredDataSources(stored: unknown): DataSources {
  const out: DataSources = { ...ALL_ENABLED };
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out;
  for (const name of DATA_SOURCES) {
    const value = (stored as Record<string, unknown>)[name];
    const enabled = value && typeof value === 'object' ? (value as { enabled?: unknown }).enabled : undefined;
    if (typeof enabled === 'boolean') out[name] = { enabled };
  }
  return out;
}

/** The switches after an update: named sources take the new value, the others keep theirs. */
export function applyDataSourcesUpdate(current: DataSources, update: DataSourcesUpdate): DataSources {
  const next: DataSources = { ...current };
  for (const name of DATA_SOURCES) {
    const change = update[name];
    if (change) next[name] = { ...current[name], ...change };
  }
  return next;
}

/** Why a source is skipped, for run results, logs and health details. */
export const disabledByAdmin = (name: DataSourceName): string => `${name} disabled by admin`;

/** The first of `names` that is off, or null when all are on. */
export const firstDisabled = (sources: DataSources, ...names: DataSourceName[]): DataSourceName | null => names.find((n) => !sources[n].enabled) ?? null;
