/**
 * Where a bill stands, drawn as the USWDS step indicator: the steps of its path (introduced, committee, each
 * chamber, the President, law) marked done, current or failed, with the status in plain words and its date.
 */
import type { Schemas } from '../../../typescript/index.ts';
import { formatDate } from '../words/format.ts';
import { statusWords, timelineSteps } from '../words/status-words.ts';

type Bill = Pick<Schemas['Bill'], 'status' | 'type' | 'chamber' | 'status_timeline'>;

export function StatusTimeline({ bill }: { bill: Bill }) {
  const steps = timelineSteps(bill.status, bill.type, bill.chamber);
  const currentIndex = steps.findIndex((s) => s.state === 'current' || s.state === 'failed');
  const latest = bill.status_timeline.at(-1);
  return (
    <section aria-labelledby="status-heading">
      <h2 id="status-heading">Where it stands</h2>
      <div className="usa-step-indicator usa-step-indicator--counters-sm" aria-label="Progress of the bill">
        <ol className="usa-step-indicator__segments">
          {steps.map((step, i) => {
            const cls =
              step.state === 'complete' ? ' usa-step-indicator__segment--complete' : step.state === 'upcoming' ? '' : ' usa-step-indicator__segment--current';
            const state = { complete: 'completed', current: 'current step', failed: 'stopped here', upcoming: 'not yet' }[step.state];
            return (
              <li
                key={step.label}
                className={`usa-step-indicator__segment${cls}${step.state === 'failed' ? ' bw-step--failed' : ''}`}
                aria-current={i === currentIndex ? 'step' : undefined}
              >
                <span className="usa-step-indicator__segment-label">
                  {step.label} <span className="usa-sr-only">({state})</span>
                </span>
              </li>
            );
          })}
        </ol>
        <div className="usa-step-indicator__header">
          <p className="usa-step-indicator__heading margin-0">
            <span className="usa-step-indicator__heading-text">{statusWords(bill.status)}</span>
          </p>
        </div>
      </div>
      {latest && (
        <p className="bw-source">
          Since {formatDate(latest.date)}: {latest.action_text.replace(/\.$/, '')}. Source: Congress.gov actions.
        </p>
      )}
      {bill.status_timeline.length > 1 && (
        <details className="margin-top-1">
          <summary>Every change of status ({bill.status_timeline.length})</summary>
          <ol className="usa-list">
            {bill.status_timeline.map((e, i) => (
              <li key={`${e.date}-${i}`}>
                <strong>{formatDate(e.date)}</strong>: {statusWords(e.status)}. <span className="bw-muted">{e.action_text}</span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
