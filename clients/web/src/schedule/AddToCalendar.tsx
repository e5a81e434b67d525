// "Add to calendar" for a public iCalendar feed (a bill's or a committee's meetings): a webcal: link that calendar apps
// subscribe to (so later meetings and changes arrive by themselves), and the same feed as a file to download.
const webcal = (path: string): string => `webcal://${window.location.host}${path}`;

export function AddToCalendar({ feed, what }: { feed: string; what: string }) {
  return (
    <div className="display-flex flex-wrap gap-1 flex-align-center margin-y-1">
      <a className="usa-button" href={webcal(feed)}>
        Add to calendar<span className="usa-sr-only">: subscribe to the meetings of {what}</span>
      </a>
      <a className="usa-button usa-button--outline" href={feed} download>
        Download .ics <span className="usa-sr-only">of the meetings of {what}</span>
      </a>
    </div>
  );
}
