import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { DataSourcesSection } from './DataSourcesSection.tsx';
import { LlmSection } from './LlmSection.tsx';

const on = { enabled: true };
function settings(overrides: Partial<Schemas['Settings']> = {}): Schemas['Settings'] {
  return {
    llm_provider: 'anthropic',
    llm_model: 'claude-haiku',
    llm_source: 'settings',
    batch_supported: true,
    brief_mode: 'realtime',
    data_sources: { congress_api: on, document_api: on, roll_calls: on, legislators: on, news_search: { enabled: false }, news_rss: on, search_trends: on },
    providers: [
      { provider: 'anthropic', configured: true, default_model: 'claude-haiku' },
      { provider: 'openai', configured: false, default_model: 'gpt-mini' },
    ],
    ...overrides,
  };
}

describe('the data-source switches', () => {
  it('shows each source in plain words with its state, and switches one through PUT /api/settings', async () => {
    const user = userEvent.setup();
    let current = settings();
    const { calls } = renderInApp(
      <DataSourcesSection />,
      (call: FakeCall) => {
        if (call.path === '/api/settings' && call.method === 'GET') return { body: current };
        if (call.path === '/api/settings' && call.method === 'PUT') {
          current = settings({ data_sources: { ...current.data_sources, news_search: on } });
          return { body: current };
        }
        return undefined;
      },
      { token: 't' },
    );
    const news = await screen.findByRole('checkbox', { name: /News search/ });
    expect(news).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Congress\.gov.*sponsors/ })).toBeChecked();
    await user.click(news);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ data_sources: { news_search: { enabled: true } } }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /News search/ })).toBeChecked());
  });

  it('shows the detail of a refused change', async () => {
    const user = userEvent.setup();
    renderInApp(
      <DataSourcesSection />,
      (call: FakeCall) => {
        if (call.path === '/api/settings' && call.method === 'GET') return { body: settings() };
        if (call.path === '/api/settings' && call.method === 'PUT') return { status: 403, body: { detail: 'Admins only', code: 'auth.forbidden' } };
        return undefined;
      },
      { token: 't' },
    );
    await user.click(await screen.findByRole('checkbox', { name: /Search trends/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only');
  });
});

describe('the language model settings', () => {
  it('offers the live model list, saves the choice and shows the test reply', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(
      <LlmSection />,
      (call: FakeCall) => {
        if (call.path === '/api/settings' && call.method === 'GET') return { body: settings() };
        if (call.path === '/api/settings/llm-models') return { body: { provider: 'anthropic', models: ['claude-haiku', 'claude-sonnet'] } };
        if (call.path === '/api/settings' && call.method === 'PUT') return { body: settings({ llm_model: 'claude-sonnet' }) };
        if (call.path === '/api/admin/test-llm') return { body: { provider: 'anthropic', model: 'claude-sonnet', reply: 'pong' } };
        return undefined;
      },
      { token: 't' },
    );
    expect(await screen.findByText(/In force:/)).toHaveTextContent('anthropic, model claude-haiku');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Model' }), 'claude-sonnet');
    await user.click(screen.getByRole('button', { name: 'Save the language model' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ llm_provider: 'anthropic', llm_model: 'claude-sonnet' }));
    await user.click(screen.getByRole('button', { name: 'Test the model in force' }));
    expect(await screen.findByText(/replied: “pong”/)).toHaveTextContent('anthropic model claude-sonnet');
  });

  it('falls back to typing the model when the list answers an error, and shows refused saves and failed tests', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(
      <LlmSection />,
      (call: FakeCall) => {
        if (call.path === '/api/settings' && call.method === 'GET') return { body: settings() };
        if (call.path === '/api/settings/llm-models') return { body: { provider: 'anthropic', models: [], error: 'HTTP 401 from the provider' } };
        if (call.path === '/api/settings' && call.method === 'PUT')
          return { status: 422, body: { detail: 'Unknown model claude-x', code: 'settings.invalid' } };
        if (call.path === '/api/admin/test-llm') return { status: 502, body: { detail: 'The provider did not answer', code: 'llm.unavailable' } };
        return undefined;
      },
      { token: 't' },
    );
    const field = await screen.findByRole('textbox', { name: 'Model' });
    expect(field).toHaveAccessibleDescription(/HTTP 401 from the provider/);
    await user.clear(field);
    await user.type(field, 'claude-x');
    await user.click(screen.getByRole('button', { name: 'Save the language model' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ llm_provider: 'anthropic', llm_model: 'claude-x' }));
    expect(await screen.findByText('Unknown model claude-x')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test the model in force' }));
    expect(await screen.findByText('The provider did not answer')).toBeInTheDocument();
  });

  it('falls back to typing the model when the list call itself fails', async () => {
    renderInApp(
      <LlmSection />,
      (call: FakeCall) => {
        if (call.path === '/api/settings' && call.method === 'GET') return { body: settings() };
        if (call.path === '/api/settings/llm-models') return { status: 503, body: { detail: 'Listing is down', code: 'service.unavailable' } };
        return undefined;
      },
      { token: 't' },
    );
    expect(await screen.findByRole('textbox', { name: 'Model' })).toHaveAccessibleDescription(/Listing is down/);
  });
});
