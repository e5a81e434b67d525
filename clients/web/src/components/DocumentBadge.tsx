// The document indicator every bill carries: whether a brief exists (Brief ready), is on its way (Brief coming: the text
// is stored) or cannot be yet (No text yet).
const WORDS: Record<string, { label: string; hint: string }> = {
  brief: { label: 'Brief ready', hint: 'A cited plain-language brief of the text is ready' },
  pending: { label: 'Brief coming', hint: 'The text is published; its brief is being written' },
  no_text: { label: 'No text yet', hint: 'No text of this bill is published yet' },
};

export function DocumentBadge({ status }: { status: string }) {
  const w = WORDS[status] ?? { label: status, hint: '' };
  return (
    <span className={`usa-tag usa-tag--big bw-doc-badge--${status}`} title={w.hint}>
      {w.label}
      <span className="usa-sr-only">: {w.hint}</span>
    </span>
  );
}
