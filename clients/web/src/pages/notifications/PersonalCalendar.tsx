/**
 * The user's own calendar on the settings page: the private URL of the meetings of what they follow (subscribe, copy,
 * or make a new one when it leaked). A new URL is shown from the rotation's own reply rather than by reading the
 * settings again, which would start the settings form over and lose what is being edited.
 */
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { PrivateUrl } from '../../components/PrivateUrl.tsx';

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
      <PrivateUrl
        id="calendar-url"
        label="Your calendar URL (keep it private: anyone with it can see what you follow)"
        url={url}
        copyLabel="Copy the calendar URL"
        renewLabel="Make a new calendar URL (the old one stops working)"
        renewing={rotate.isPending}
        onRenew={() => rotate.mutate()}
        renewError={rotate.error}
      >
        <a className="usa-button" href={webcal(url)}>
          Subscribe in your calendar app
        </a>
      </PrivateUrl>
    </section>
  );
}
