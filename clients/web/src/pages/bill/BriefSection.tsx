/**
 * The bill's latest brief: its summary, and each point labelled "From the text" (cited_fact) or "Inference", with
 * the cited section and quote, and a link that opens the text at the quoted passage. Says who wrote it and when.
 */
import type { Schemas } from '../../../../typescript/index.ts';
import { formatDate } from '../../words/format.ts';

type Brief = Pick<Schemas['Brief'], 'summary' | 'points' | 'uncited'> & { text_version_code?: string };
type Provenance = Pick<Schemas['Brief'], 'version' | 'method' | 'model' | 'created_at' | 'text_version_code' | 'previous_text_version_code'>;
export type CitationTarget = { version: string; quote: string };

export function BriefBody({ brief, onCite, headingLevel = 3 }: { brief: Brief; onCite?: ((c: CitationTarget) => void) | undefined; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <p className="font-sans-lg">{brief.summary}</p>
      {brief.uncited && (
        <div className="usa-alert usa-alert--info usa-alert--slim">
          <div className="usa-alert__body">
            <p className="usa-alert__text">No point of this brief could be matched to the text word for word: read it with care.</p>
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
                    onClick={() => onCite({ version: brief.text_version_code!, quote: p.citation!.quote })}
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
