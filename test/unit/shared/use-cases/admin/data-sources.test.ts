// The data-source switches' schemas: defaults, the closed shape of a change (422 with a detail), and stored values of the old free-form record.
import { describe, expect, it } from 'vitest';
import { SettingsUpdate } from '#shared/use-cases/admin/llm-settings.schema.ts';
import { disabledCheck } from '#shared/use-cases/admin/provider-probes.ts';
import { CHECK_NAMES } from '#shared/use-cases/admin/provider-health.schema.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { validate } from '#shared/edges/http/validate.ts';
import {
  ALL_ENABLED,
  applyDataSourcesUpdate,
  DATA_SOURCES,
  DataSources,
  DataSourcesUpdate,
  disabledByAdmin,
  firstDisabled,
  readStoredDataSources,
} from '#shared/domain/settings/data-sources.ts';

const off = (...names: (typeof DATA_SOURCES)[number][]) => ({ ...ALL_ENABLED, ...Object.fromEntries(names.map((n) => [n, { enabled: false }])) });

/** The 422 a PUT /api/settings body gets: the first error's detail and every field at fault. */
function refusal(body: unknown): { detail: string; errors: unknown } {
  try {
    validate(SettingsUpdate(), body, 'body');
  } catch (err) {
    if (err instanceof InvalidInputError) return { detail: err.message, errors: err.errors };
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('data-source switches', () => {
  it('has one switch per external source of the pipeline, every one on by default', () => {
    expect(DATA_SOURCES).toEqual(['congress_api', 'document_api', 'roll_calls', 'legislators', 'news_search', 'news_rss', 'search_trends']);
    expect(DataSources().parse({})).toEqual(Object.fromEntries(DATA_SOURCES.map((n) => [n, { enabled: true }])));
    expect(ALL_ENABLED).toEqual(DataSources().parse({}));
    // A partial value fills the rest with defaults; an empty source object is on.
    expect(DataSources().parse({ news_rss: { enabled: false }, roll_calls: {} })).toEqual(off('news_rss'));
  });

  it('refuses an unknown source, an unknown field and a non-boolean switch, naming the field', () => {
    expect(refusal({ data_sources: { congress_api: { enabled: false }, weather_api: { enabled: false } } })).toEqual({
      detail: 'Invalid body.data_sources: Unrecognized key: "weather_api"',
      errors: [{ path: 'body.data_sources', message: 'Unrecognized key: "weather_api"' }],
    });
    expect(refusal({ data_sources: { news_rss: { enabled: false, until: '2026-01-01' } } }).detail).toBe(
      'Invalid body.data_sources.news_rss: Unrecognized key: "until"',
    );
    expect(refusal({ data_sources: { news_rss: { enabled: 'no' } } }).detail).toMatch(/^Invalid body\.data_sources\.news_rss\.enabled: /);
    // The free-form values this setting used to take are no longer a change.
    expect(refusal({ data_sources: { congress_api: 'enabled' } }).detail).toMatch(/^Invalid body\.data_sources\.congress_api: /);
    expect(refusal({ data_sources: { congress_api: {} } }).detail).toMatch(/^Invalid body\.data_sources\.congress_api\.enabled: /);
    expect(DataSources().safeParse({ ...ALL_ENABLED, extra: { enabled: true } }).success).toBe(false);
  });

  it('accepts a change of some switches, and null to turn every source back on', () => {
    expect(SettingsUpdate().parse({ data_sources: { news_search: { enabled: false } } })).toEqual({ data_sources: { news_search: { enabled: false } } });
    expect(SettingsUpdate().parse({ data_sources: null })).toEqual({ data_sources: null });
    expect(SettingsUpdate().parse({ data_sources: {} })).toEqual({ data_sources: {} });
  });

  it('merges a change into the stored switches, leaving the sources it does not name', () => {
    const stored = off('news_rss', 'legislators');
    const next = applyDataSourcesUpdate(stored, DataSourcesUpdate().parse({ news_rss: { enabled: true }, congress_api: { enabled: false } }));
    expect(next).toEqual(off('legislators', 'congress_api'));
    expect(stored).toEqual(off('news_rss', 'legislators'));
  });

  it('reads stored values leniently: unknown keys and the old free-form values read as the defaults', () => {
    // What the free-form record accepted before: strings, numbers, booleans, null, and any key. Nothing acted on them.
    expect(readStoredDataSources({ congress_api: 'enabled', news_search: false, search_trends: 0, roll_calls: null, weather_api: 'off' })).toEqual(ALL_ENABLED);
    expect(readStoredDataSources({ news_rss: { enabled: false }, weather_api: { enabled: false }, legislators: { enabled: 'no' } })).toEqual(off('news_rss'));
    for (const nothing of [undefined, null, 'off', 42, [], [{ enabled: false }]]) expect(readStoredDataSources(nothing)).toEqual(ALL_ENABLED);
  });

  it('names the switch that stops work, first one first', () => {
    expect(firstDisabled(ALL_ENABLED, 'congress_api', 'document_api')).toBeNull();
    expect(firstDisabled(off('document_api'), 'congress_api', 'document_api')).toBe('document_api');
    expect(firstDisabled(off('document_api', 'congress_api'), 'congress_api', 'document_api')).toBe('congress_api');
    expect(disabledByAdmin('roll_calls')).toBe('roll_calls disabled by admin');
  });
});

describe('health checks under the switches', () => {
  it('disables each check whose every source is off, and no check without a switch', () => {
    for (const name of CHECK_NAMES) expect(disabledCheck(name, ALL_ENABLED), name).toBeNull();
    const allOff = off(...DATA_SOURCES);
    const disabled = CHECK_NAMES.filter((name) => disabledCheck(name, allOff) !== null);
    expect(disabled).toEqual(['congress_api', 'document_api', 'house_votes', 'senate_votes', 'legislators', 'news', 'trends']);
    expect(disabledCheck('house_votes', off('roll_calls'))).toBe('roll_calls disabled by admin, so it is not called');
    // News has two sources: one left on keeps the check running.
    expect(disabledCheck('news', off('news_search'))).toBeNull();
    expect(disabledCheck('news', off('news_search', 'news_rss'))).toBe('news_search disabled by admin; news_rss disabled by admin, so it is not called');
  });
});
