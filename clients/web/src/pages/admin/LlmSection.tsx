// The LLM provider and model: what is in force, the provider's live model list (typed by hand when it cannot be
// listed), saving the choice, and a test ping of the model in force.
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { asFailure } from '../../api/api-failure.ts';
import { ErrorSummary, FormField, formErrors } from '../../components/FormField.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';

const PROVIDERS = ['openai', 'anthropic', 'gemini', 'ollama', 'none'] as const;
type Provider = (typeof PROVIDERS)[number];
const isProvider = (p: string): p is Provider => (PROVIDERS as readonly string[]).includes(p);

export function LlmSection() {
  const { $api } = useApi();
  const settings = $api.useQuery('get', '/api/settings');
  return (
    <section aria-labelledby="admin-llm">
      <h2 id="admin-llm">Language model</h2>
      <QueryState query={settings} label="Loading the language model settings…">
        {(s) => (
          <>
            <p>
              In force: <strong>{s.llm_provider}</strong>, model <strong>{s.llm_model}</strong> (set by {s.llm_source}).
            </p>
            <LlmForm key={`${s.llm_provider}/${s.llm_model}`} settings={s} onSaved={() => void settings.refetch()} />
            <LlmTest />
          </>
        )}
      </QueryState>
    </section>
  );
}

function LlmForm({ settings, onSaved }: { settings: Schemas['Settings']; onSaved: () => void }) {
  const { $api } = useApi();
  const [provider, setProvider] = useState<Provider>(isProvider(settings.llm_provider) ? settings.llm_provider : 'none');
  const [model, setModel] = useState(settings.llm_model);
  const listable = provider !== 'none';
  const models = $api.useQuery('get', '/api/settings/llm-models', { params: { query: listable ? { provider } : {} } }, { enabled: listable, retry: false });
  const save = $api.useMutation('put', '/api/settings', { onSuccess: onSaved });
  const listed = models.data && !models.data.error && models.data.models.length > 0 ? models.data.models : null;
  const listProblem = models.error
    ? asFailure(models.error).detail
    : (models.data?.error ?? (models.data?.models.length === 0 ? 'The provider listed no models.' : null));

  const errors = formErrors(save.error, { llm_provider: { id: 'llm-provider', label: 'the provider' }, llm_model: { id: 'llm-model', label: 'the model' } });

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ body: { llm_provider: provider, llm_model: provider === 'none' ? null : model.trim() || null } });
  }

  return (
    <form className="usa-form" onSubmit={submit} aria-label="Language model">
      <FormField id="llm-provider" label="Provider" errors={errors}>
        {(aria) => (
          <select
            className="usa-select"
            id="llm-provider"
            value={provider}
            onChange={(e) => {
              if (!isProvider(e.target.value)) return;
              setProvider(e.target.value);
              setModel(settings.providers.find((p) => p.provider === e.target.value)?.default_model ?? '');
            }}
            {...aria}
          >
            {PROVIDERS.map((p) => {
              const info = settings.providers.find((x) => x.provider === p);
              return (
                <option key={p} value={p}>
                  {p === 'none' ? 'none (extractive briefs, no model)' : `${p}${info && !info.configured ? ' (not configured)' : ''}`}
                </option>
              );
            })}
          </select>
        )}
      </FormField>
      {listable &&
        (models.isPending ? (
          <p role="status">Listing the models of {provider}…</p>
        ) : listed ? (
          <FormField id="llm-model" label="Model" errors={errors}>
            {(aria) => (
              <select className="usa-select" id="llm-model" value={model} onChange={(e) => setModel(e.target.value)} {...aria}>
                {!listed.includes(model) && <option value={model}>{model || 'the provider default'}</option>}
                {listed.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : (
          <FormField
            id="llm-model"
            label="Model"
            hint={`The models could not be listed (${listProblem}). Type the model name; leave it empty for the provider default.`}
            errors={errors}
          >
            {(aria) => <input className="usa-input" id="llm-model" value={model} onChange={(e) => setModel(e.target.value)} {...aria} />}
          </FormField>
        ))}
      <button type="submit" className="usa-button margin-top-2" disabled={save.isPending}>
        Save the language model
      </button>
      {save.isSuccess && <p role="status">The language model is saved.</p>}
      <ErrorSummary errors={errors} />
    </form>
  );
}

function LlmTest() {
  const { $api } = useApi();
  const test = $api.useMutation('post', '/api/admin/test-llm');
  return (
    <div className="margin-top-2">
      <button type="button" className="usa-button usa-button--outline" disabled={test.isPending} onClick={() => test.mutate({})}>
        Test the model in force
      </button>
      {test.isPending && <p role="status">Asking the model…</p>}
      {test.data && (
        <p role="status">
          {test.data.provider} model {test.data.model} replied: “{test.data.reply}”
        </p>
      )}
      {test.error && <ErrorState error={test.error} heading="The test failed" />}
    </div>
  );
}
