/**
 * Where a search hit matched: the passage's name and the words around the match, the matched words highlighted.
 * The service sends the snippet HTML-escaped with the matches in <mark>; it is split into text and marks here
 * rather than inserted as HTML, so nothing a bill's text holds can ever run as markup.
 */

export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** The snippet as plain-text parts, each marked or not. */
export function snippetParts(snippet: string): SnippetPart[] {
  return snippet
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter(Boolean)
    .map((piece) => {
      const marked = piece.startsWith('<mark>') && piece.endsWith('</mark>');
      return { text: unescape(marked ? piece.slice('<mark>'.length, -'</mark>'.length) : piece), marked };
    });
}

export function MatchSnippet({ match }: { match: { section: string; snippet: string } }) {
  return (
    <p className="font-sans-xs bw-snippet">
      <span className="text-bold">Matched in {match.section}:</span>{' '}
      {snippetParts(match.snippet).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </p>
  );
}
