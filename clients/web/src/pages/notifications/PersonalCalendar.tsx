/**
 * The user's own calendar on the settings page: the private URL of the meetings of what they follow (subscribe, copy,
 * or make a new one when it leaked). A new URL is shown from the rotation's own reply rather than by reading the
 * settings again, which would start the settings form over and lose what is being edited.
 */
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ErrorState } from '../../components/QueryState.tsx';

/** Calendar apps subscribe to a webcal: link (and then poll it), where an https: one would only download the file. */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

export function PersonalCalendar({ savedUrl }: { savedUrl: string }) {
  const { client } = useApi();
  const rotate = useMutation({ mutationFn: async () => (await client.POST('/api/notifications/calendar-token')).data! });
  const url = rotate.data?.calendar_url ?? savedUrl;
  return (
    <section aria-labelledby="personal-calendar" className="margin-top-3">
      <h2 id="personal-calendar" className="usa-legend usa-legend--large">
        Your calendar
      </h2>
      <p className="usa-hint">Hearings, markups and floor days of the bills and committees you follow, kept up to date in your calendar app.</p>
      <label className="usa-label" htmlFor="calendar-url">
        Your calendar URL (keep it private: anyone with it can see what you follow)
      </label>
      <input className="usa-input bw-wrap" id="calendar-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <div className="display-flex flex-wrap flex-align-center gap-1 margin-top-1">
        <a className="usa-button" href={webcal(url)}>
          Subscribe in your calendar app
        </a>
        <CopyButton value={url} label="Copy the calendar URL" />
        <button type="button" className="usa-button usa-button--unstyled" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          Make a new calendar URL (the old one stops working)
        </button>
      </div>
      {rotate.error && <ErrorState error={rotate.error} />}
    </section>
  );
}
