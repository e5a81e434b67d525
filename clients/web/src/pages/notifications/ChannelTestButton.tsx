// One channel's Test button: runs the test with the values on screen (not the saved ones) and says how it went.
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { ErrorState } from '../../components/QueryState.tsx';
import { runChannelTest, testable } from './channel-draft.ts';
import { channelRow, type Channel, type Draft } from './channel-table.tsx';

export function ChannelTestButton({ channel, draft, onPassed }: { channel: Channel; draft: Draft; onPassed: (tested: Draft) => void }) {
  const { client } = useApi();
  const label = channelRow(channel).label;
  const test = useMutation({
    // The values tested travel with the result, so a passed test counts for them even if the form moved on meanwhile.
    mutationFn: async (tested: Draft) => ({ tested, result: await runChannelTest(client, channel, tested) }),
    onSuccess: ({ tested, result }) => {
      if (result?.status === 'ok') onPassed(tested);
    },
  });
  const r = test.data?.result;
  return (
    <div className="margin-top-2">
      <button
        type="button"
        className="usa-button usa-button--outline"
        disabled={!testable(draft, channel) || test.isPending}
        onClick={() => test.mutate(draft)}
      >
        {test.isPending ? 'Testing…' : `Test ${label.toLowerCase()}`}
      </button>
      <div role="status" aria-live="polite">
        {r?.status === 'ok' && (
          <p className="text-bold">
            ✓ {label} test passed{r.detail ? `: ${r.detail}` : ''}
            {r.webhook_id ? ` (message ${r.webhook_id})` : ''}.
          </p>
        )}
        {r?.signing_secret && <TestSecret secret={r.signing_secret} />}
        {r?.status === 'error' && (
          <p className="usa-error-message">
            {label} test failed: {r.error ?? r.detail ?? 'no reason given'}
          </p>
        )}
      </div>
      {test.error && <ErrorState error={test.error} />}
    </div>
  );
}

/** The throw-away secret that signed a test to a URL not saved yet: the only secret that checks that message. */
function TestSecret({ secret }: { secret: string }) {
  return (
    <p>
      This test was signed with a one-time test secret, not your saved one, because the URL is not saved yet. Check its signature with <code>{secret}</code>.
    </p>
  );
}
