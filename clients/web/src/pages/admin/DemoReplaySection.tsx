// The offline demo replay: plays the demo bills' held-back real actions forward through the poller, so followers are notified (offline local stack only).
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { ErrorState } from '../../components/QueryState.tsx';
import { plural } from '../../words/format.ts';

export function DemoReplaySection() {
  const { $api } = useApi();
  const queryClient = useQueryClient();
  const replay = $api.useMutation('post', '/api/admin/demo/replay', { onSuccess: () => void queryClient.invalidateQueries() });
  const result = replay.data;
  return (
    <section aria-labelledby="admin-demo-replay">
      <h2 id="admin-demo-replay">Demo replay</h2>
      <p>
        On the offline local stack, plays the last days of some demo bills&apos; real histories forward, a day every 0.4 s, through the poller: whoever follows
        those bills is notified on every channel (marked demo).
      </p>
      <button type="button" className="usa-button" disabled={replay.isPending} onClick={() => replay.mutate({ body: {} })}>
        {replay.isPending ? 'Replaying…' : 'Replay the demo'}
      </button>
      {result && (
        <div role="status">
          <p>
            Played {plural(result.played.length, 'step')} of {result.bills.join(', ')}; {result.remaining_steps} left.
          </p>
          <ul>
            {result.played.map((s) => (
              <li key={`${s.bill_id}-${s.action_date}`}>
                {s.bill_id}: {s.actions} action{s.actions === 1 ? '' : 's'} of {s.action_date}
              </li>
            ))}
          </ul>
        </div>
      )}
      {replay.error && <ErrorState error={replay.error} />}
    </section>
  );
}
