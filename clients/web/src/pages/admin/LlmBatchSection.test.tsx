import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { LlmBatchSection } from './LlmBatchSection.tsx';

describe('the LLM batch', () => {
  it('shows the batch in flight with a progress bar from its counts', async () => {
    renderInApp(
      <LlmBatchSection />,
      (call: FakeCall) => {
        if (call.path === '/api/admin/llm-batch-status')
          return {
            body: {
              status: 'in_progress',
              batch_id: 'msgbatch_1',
              provider: 'anthropic',
              model: 'claude-haiku',
              total: 40,
              completed: 10,
              failed: 2,
              imported: 0,
            },
          };
        return undefined;
      },
      { token: 't' },
    );
    const bar = await screen.findByRole('progressbar', { name: /msgbatch_1.*in progress/ });
    expect(bar).toHaveAttribute('value', '12');
    expect(bar).toHaveAttribute('max', '40');
    expect(screen.getByText(/10 of 40 documents done, 2 failed/)).toBeInTheDocument();
  });

  it('submits a batch, and shows the detail when the slot is taken (409) or the provider has no batches (422)', async () => {
    const user = userEvent.setup();
    const answers = [
      { status: 409, body: { detail: 'A batch holds the slot until 2026-11-26T13:00:00Z', code: 'llm_batch.in_progress' } },
      { status: 422, body: { detail: 'The provider in force (gemini) has no batch interface', code: 'llm_batch.unsupported' } },
    ];
    const { calls } = renderInApp(
      <LlmBatchSection />,
      (call: FakeCall) => {
        if (call.path === '/api/admin/llm-batch-status') return { body: { status: 'none' } };
        if (call.path === '/api/admin/submit-llm-batch') return answers.shift();
        return undefined;
      },
      { token: 't' },
    );
    expect(await screen.findByText('No batch has been asked for.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Submit an LLM batch' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('A batch holds the slot until');
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('has no batch interface'));
    expect(calls.filter((c) => c.path === '/api/admin/submit-llm-batch' && c.method === 'POST')).toHaveLength(2);
  });

  it.each([
    ['none', false, /No language model provider is set/],
    ['gemini', false, /The provider in force \(gemini\) has no batch interface/],
  ])('disables Submit with the reason shown when the provider is %s', async (provider, batch_supported, reason) => {
    renderInApp(
      <LlmBatchSection />,
      (call: FakeCall) => {
        if (call.path === '/api/admin/llm-batch-status') return { body: { status: 'none' } };
        if (call.path === '/api/settings') return { body: { llm_provider: provider, llm_model: null, llm_source: 'settings', batch_supported } };
        return undefined;
      },
      { token: 't' },
    );
    const button = screen.getByRole('button', { name: 'Submit an LLM batch' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(reason);
  });
});
