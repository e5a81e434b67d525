/**
 * The bill's latest brief: its summary, and each point labelled "From the text" (cited_fact) or "Inference", with
 * the cited section and quote, and a button that opens the text at the quoted passage: the API located each quote
 * in the text (citation.start/end), so the page shows exactly the passage the brief counts as quoted and matches
 * nothing itself. Says who wrote it and when, and how many points were withheld for quoting words not in the text.
 */
import type { Schemas } from '../../../../typescript/index.ts';
import { formatDate } from '../../words/format.ts';

type Brief = Pick<Schemas['Brief'], 'summary' | 'points' | 'uncited'> & { text_version_code?: string; withheld_points?: number };
type Provenance = Pick<Schemas['Brief'], 'version' | 'method' | 'model' | 'created_at' | 'text_version_code' | 'previous_text_version_code'>;
/** A cited passage to show: the text version and where the quote is in it. */
export type CitationTarget = { version: string; section: string; start: number; end: number };

/** Why some or all of a brief's points are not backed by a quote, in words; null when every point is. */
function caution(brief: Brief): string | null {
  const withheld = brief.withheld_points ?? 0;
  const facts = brief.points.some((p) => p.label === 'cited_fact');
  const hidden =
    withheld === 1
      ? 'One point of this brief quoted words that are not in the text, so it is not shown.'
      : withheld > 1
        ? `${withheld} points of this brief quoted words that are not in the text, so they are not shown.`
        : '';
  if (!facts) return `${hidden} No point shown here quotes the text: read the brief with care.`.trim();
  return hidden || null;
}

export function BriefBody({ brief, onCite, headingLevel = 3 }: { brief: Brief; onCite?: ((c: CitationTarget) => void) | undefined; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <p className="font-sans-lg">{brief.summary}</p>
      {brief.uncited && caution(brief) && (
        <div className="usa-alert usa-alert--info usa-alert--slim">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{caution(brief)}</p>
          </div>
        </div>
      )}
      <H className="usa-sr-only">Points</H>
      <ol className="usa-list usa-list--unstyled">
        {brief.points.map((p) => (
          <li key={p.id} className="bw-point">
            <span className={`usa-tag ${p.label === 'cited_fact' ? 'bg-primary' : 'bw-doc-badge--pending'}`}>
              {p.label === 'cited_fact' ? 'From the text' : 'Inference'}
            </span>{' '}
            {p.text}
            {p.citation && (
              <p className="font-sans-xs margin-top-1">
                <span className="text-bold">{p.citation.section}:</span> “{p.citation.quote}”{' '}
                {onCite && brief.text_version_code && (
                  <button
                    type="button"
                    className="usa-button usa-button--unstyled"
                    onClick={() => onCite({ version: brief.text_version_code!, section: p.citation!.section, start: p.citation!.start, end: p.citation!.end })}
                  >
                    Show in the text<span className="usa-sr-only"> ({p.citation.section})</span>
                  </button>
                )}
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Who wrote the brief, when, and from which text: the source line under every brief. */
export function BriefProvenance({ brief }: { brief: Provenance }) {
  return (
    <p className="bw-source">
      {brief.method === 'llm' ? `Written by the language model ${brief.model}` : 'Extracted from the text without a language model'} on{' '}
      {formatDate(brief.created_at)}, from text version “{brief.text_version_code}”
      {brief.previous_text_version_code ? ` compared with “${brief.previous_text_version_code}”` : ''}. Brief version {brief.version}. Each point marked “From
      the text” quotes the bill; an inference is the model&apos;s reading.
    </p>
  );
}
