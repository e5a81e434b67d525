/**
 * The bill's text versions and the text itself, with what changed against the previous version. A citation
 * opens its version here with the quoted passage marked, scrolled into view and focused: the passage is where the
 * API located it (the citation's offsets into this very text), so what is marked is what the brief quoted.
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
          <VersionText billId={billId} version={version} citation={citation && citation.version === version ? citation : null} />
        </>
      )}
    </section>
  );
}

function VersionText({ billId, version, citation }: { billId: string; version: string; citation: CitationTarget | null }) {
  const { $api } = useApi();
  const text = $api.useQuery('get', '/api/bills/{id}/text', { params: { path: { id: billId }, query: { version } } });
  const markRef = useRef<HTMLElement>(null);
  const loaded = Boolean(text.data);
  useEffect(() => {
    if (!citation || !loaded) return;
    markRef.current?.scrollIntoView?.({ block: 'center' });
    markRef.current?.focus();
  }, [citation, loaded]);
  return (
    <QueryState query={text} label="Loading the text…">
      {(d) => {
        if (!('text' in d)) return null;
        const at = citation && citation.start < citation.end && citation.end <= d.text.length ? citation : null;
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
            {citation && !at && <p className="bw-muted">This version&apos;s text is shorter than the citation says; the passage cannot be shown.</p>}
            <div className="bw-text" tabIndex={0} role="region" aria-label={`Text of ${d.label}`}>
              {at ? (
                <>
                  {d.text.slice(0, at.start)}
                  <mark ref={markRef} tabIndex={-1} className="bw-quote is-highlighted" aria-label={`Quoted passage, ${at.section}`}>
                    {d.text.slice(at.start, at.end)}
                  </mark>
                  {d.text.slice(at.end)}
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
