/**
 * The bill's text versions and the text itself, with what changed against the previous version. A citation
 * opens its version here with the quoted passage marked, scrolled into view and focused.
 */
import { useEffect, useRef, useState } from 'react';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { formatDate } from '../../words/format.ts';
import type { CitationTarget } from './BriefSection.tsx';

type TextVersion = Schemas['TextVersion'];

export function TextSection({ billId, versions, citation }: { billId: string; versions: TextVersion[]; citation: CitationTarget | null }) {
  const latest = versions.at(-1)?.version_code;
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const version = citation && chosen === undefined ? citation.version : (chosen ?? latest);
  return (
    <section aria-labelledby="text-heading" id="bill-text">
      <h2 id="text-heading">The text</h2>
      {versions.length === 0 || !version ? (
        <EmptyState>No text of this bill is published yet. Follow the bill to hear when one is.</EmptyState>
      ) : (
        <>
          <div className="usa-form-group margin-top-0">
            <label className="usa-label" htmlFor="text-version">
              Text version
            </label>
            <select className="usa-select" id="text-version" value={version} onChange={(e) => setChosen(e.target.value)}>
              {versions.map((v) => (
                <option key={v.version_code} value={v.version_code}>
                  {v.label} ({v.version_code}), {v.published_date ? `published ${formatDate(v.published_date)}` : 'date unknown'}
                </option>
              ))}
            </select>
          </div>
          <VersionText billId={billId} version={version} quote={citation && citation.version === version ? citation.quote : null} />
        </>
      )}
    </section>
  );
}

function VersionText({ billId, version, quote }: { billId: string; version: string; quote: string | null }) {
  const { $api } = useApi();
  const text = $api.useQuery('get', '/api/bills/{id}/text', { params: { path: { id: billId }, query: { version } } });
  const markRef = useRef<HTMLElement>(null);
  const loaded = Boolean(text.data);
  useEffect(() => {
    if (!quote || !loaded) return;
    markRef.current?.scrollIntoView?.({ block: 'center' });
    markRef.current?.focus();
  }, [quote, loaded]);
  return (
    <QueryState query={text} label="Loading the text…">
      {(d) => {
        if (!('text' in d)) return null;
        const at = quote ? d.text.indexOf(quote) : -1;
        return (
          <>
            {d.diff && (
              <details className="margin-y-1">
                <summary>
                  What changed from “{d.previous_version_code}”: {d.diff.sections_added.length} sections added, {d.diff.sections_removed.length} removed,{' '}
                  {d.diff.sections_modified.length} changed, {d.diff.unchanged_count} unchanged
                </summary>
                <ul className="usa-list">
                  {d.diff.sections_added.map((s) => (
                    <li key={`a-${s.section}`}>
                      Added {s.section} {s.heading}
                    </li>
                  ))}
                  {d.diff.sections_removed.map((s) => (
                    <li key={`r-${s.section}`}>
                      Removed {s.section} {s.heading}
                    </li>
                  ))}
                  {d.diff.sections_modified.map((s) => (
                    <li key={`m-${s.section}`}>
                      Changed {s.section} {s.heading}
                      {[...s.changes.amounts.added, ...s.changes.dates.added, ...s.changes.deadlines.added].length > 0 &&
                        `: now ${[...s.changes.amounts.added, ...s.changes.dates.added, ...s.changes.deadlines.added].join(', ')}`}
                      {[...s.changes.amounts.removed, ...s.changes.dates.removed, ...s.changes.deadlines.removed].length > 0 &&
                        ` (was ${[...s.changes.amounts.removed, ...s.changes.dates.removed, ...s.changes.deadlines.removed].join(', ')})`}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {quote && at < 0 && <p className="bw-muted">The quoted passage was not found word for word in this version.</p>}
            <div className="bw-text" tabIndex={0} role="region" aria-label={`Text of ${d.label}`}>
              {at >= 0 ? (
                <>
                  {d.text.slice(0, at)}
                  <mark ref={markRef} tabIndex={-1} className="bw-quote is-highlighted">
                    {quote}
                  </mark>
                  {d.text.slice(at + quote!.length)}
                </>
              ) : (
                d.text
              )}
            </div>
            <p className="bw-source">
              {d.label}, published {formatDate(d.published_date)}; fetched from GovInfo on {formatDate(d.fetched_at)}.
            </p>
          </>
        );
      }}
    </QueryState>
  );
}
