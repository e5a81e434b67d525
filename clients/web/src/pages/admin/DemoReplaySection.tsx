// The offline demo replay: plays the demo bills' held-back real actions (and a recorded meeting of one) forward through the poller, so followers are notified (offline local stack only).
// The route answers in time with the steps it played (about 15 s of them); the section asks again until none is left.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { ErrorState } from '../../components/QueryState.tsx';
import { plural } from '../../words/format.ts';

interface Step {
  bill_id: string;
  action_date: string;
  actions: number;
  /** A step that released a recorded meeting of the bill (moved into the coming week) rather than actions. */
  meeting?: { id: string; version: number; starts_at: string };
}

export function DemoReplaySection() {
  const { $api } = useApi();
  const queryClient = useQueryClient();
  const [played, setPlayed] = useState<Step[]>([]);
  const replay = $api.useMutation('post', '/api/admin/demo/replay', {
    onSuccess: (data) => {
      setPlayed((before) => [...before, ...data.played]);
      void queryClient.invalidateQueries();
      if (data.remaining_steps > 0 && data.played.length > 0) replay.mutate({ body: {} });
    },
  });
  const result = replay.data;
  const start = () => {
    setPlayed([]);
    replay.mutate({ body: {} });
  };
  return (
    <section aria-labelledby="admin-demo-replay">
      <h2 id="admin-demo-replay">Demo replay</h2>
      <p>
        On the offline local stack, plays the last days of some demo bills&apos; real histories forward, a day every 0.4 s, through the poller: whoever follows
        those bills is notified on every channel (marked demo).
      </p>
      <button type="button" className="usa-button" disabled={replay.isPending} onClick={start}>
        {replay.isPending ? 'Replaying…' : 'Replay the demo'}
      </button>
      {result && (
        <div role="status">
          <p>
            Played {plural(played.length, 'step')} of {result.bills.join(', ')}; {result.remaining_steps} left.
          </p>
          <ul>
            {played.map((s) => (
              <li key={`${s.bill_id}-${s.action_date}-${s.meeting?.version ?? ''}`}>
                {s.meeting
                  ? `${s.bill_id}: meeting ${s.meeting.id} of ${s.action_date}, version ${s.meeting.version}, now on ${s.meeting.starts_at.slice(0, 10)} (demo)`
                  : `${s.bill_id}: ${s.actions} action${s.actions === 1 ? '' : 's'} of ${s.action_date}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      {replay.error && <ErrorState error={replay.error} />}
    </section>
  );
}
