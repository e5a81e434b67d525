// The data-source switches: each external source with what it feeds, switched on or off one at a time.
import { useApi } from '../../api/api-context.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';
import { DATA_SOURCE_WORDS, type DataSourceName } from '../../words/data-source-words.ts';

export function DataSourcesSection() {
  const { $api } = useApi();
  const settings = $api.useQuery('get', '/api/settings');
  const save = $api.useMutation('put', '/api/settings', { onSuccess: () => void settings.refetch() });
  return (
    <section aria-labelledby="admin-sources">
      <h2 id="admin-sources">Data sources</h2>
      <p>A source switched off is not called; the jobs that use it skip that part until it is back on.</p>
      {save.error && <ErrorState error={save.error} />}
      <QueryState query={settings} label="Loading the data-source switches…">
        {(s) => (
          <fieldset className="usa-fieldset">
            <legend className="usa-sr-only">Data sources switched on</legend>
            {(Object.keys(DATA_SOURCE_WORDS) as DataSourceName[]).map((name) => {
              const words = DATA_SOURCE_WORDS[name];
              const enabled = s.data_sources[name]?.enabled ?? true;
              return (
                <div className="usa-checkbox" key={name}>
                  <input
                    className="usa-checkbox__input"
                    id={`source-${name}`}
                    type="checkbox"
                    checked={enabled}
                    disabled={save.isPending}
                    onChange={(e) => save.mutate({ body: { data_sources: { [name]: { enabled: e.target.checked } } } })}
                  />
                  <label className="usa-checkbox__label" htmlFor={`source-${name}`}>
                    {words.label}
                    <span className="usa-checkbox__label-description">{words.description}</span>
                  </label>
                </div>
              );
            })}
          </fieldset>
        )}
      </QueryState>
    </section>
  );
}
