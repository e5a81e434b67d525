/** The alert filter grid of the settings form: for each stance one can take on a bill, which kinds of events notify. */
import { STANCES } from '../../words/stance-words.ts';
import type { Draft } from './channel-table.tsx';

const CATEGORY_WORDS: Record<string, string> = {
  vote: 'Votes',
  presidential: 'Action by the President',
  committee_report: 'Committee reports',
  calendar: 'Scheduled for debate',
  procedural: 'Procedural steps',
  referral: 'Referrals to committee',
  new_document: 'New text and its brief',
  new_amendment: 'Amended text',
  status_changed: 'Change of status',
  reintroduced: 'Reintroduced in a new Congress',
  search_match: 'A saved search matches a new bill or text (a search has no stance: “Just following” applies)',
  // The rule is shared/domain/bill-forecast/forecast-jump.ts (FORECAST_JUMP_RULE), documented in docs/product-rules.md.
  forecast_jump:
    'Odds of becoming law jumped: by 10 percentage points or more, or doubled or halved (by 2 points or more), since the odds you were last told of (bills you support or oppose only)',
};

/** Events a stance never receives: odds are news only to someone who supports or opposes the bill. */
const NOT_SENT: Record<string, string[]> = { forecast_jump: ['neutral'] };

export function AlertFilterGrid({ filters, onChange }: { filters: Draft['alert_filters']; onChange: (next: Draft['alert_filters']) => void }) {
  return (
    <fieldset className="usa-fieldset margin-top-3">
      <legend className="usa-legend usa-legend--large">Which events notify you</legend>
      <p className="usa-hint">For each stance you can take on a bill, tick the kinds of events you want to hear about.</p>
      <div className="bw-table-wrap">
        <table className="usa-table usa-table--borderless usa-table--compact">
          <caption className="usa-sr-only">Alert filters: kinds of events by stance</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              {STANCES.map((s) => (
                <th scope="col" key={s.mode}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(CATEGORY_WORDS).map(([cat, words]) => (
              <tr key={cat}>
                <th scope="row">{words}</th>
                {STANCES.map((s) =>
                  NOT_SENT[cat]?.includes(s.mode) ? (
                    <td key={s.mode}>Not sent</td>
                  ) : (
                    <td key={s.mode}>
                      <input
                        className="bw-grid-check"
                        id={`filter-${s.mode}-${cat}`}
                        type="checkbox"
                        aria-label={`${words} when ${s.label}`}
                        checked={filters?.[s.mode]?.[cat] ?? true}
                        onChange={(e) => onChange({ ...filters, [s.mode]: { ...filters?.[s.mode], [cat]: e.target.checked } })}
                      />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
