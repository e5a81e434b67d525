// The document indicator every bill carries: Brief (a cited brief exists), Pending (text stored, brief on its way) or No text.
const WORDS: Record<string, { label: string; hint: string }> = {
  brief: { label: 'Brief', hint: 'A cited plain-language brief of the text is ready' },
  pending: { label: 'Pending', hint: 'The text is published; its brief is being written' },
  no_text: { label: 'No text', hint: 'No text of this bill is published yet' },
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
