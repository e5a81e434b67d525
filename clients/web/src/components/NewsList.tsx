// News articles about a bill or a member, each with its publisher and date.
import type { Schemas } from '../../../typescript/index.ts';
import { formatDate } from '../words/format.ts';
import { EmptyState } from './QueryState.tsx';

export function NewsList({ items, subject }: { items: Schemas['NewsArticle'][]; subject: string }) {
  if (items.length === 0) return <EmptyState>No news article about {subject} is stored yet. News is gathered daily from news search and RSS feeds.</EmptyState>;
  return (
    <ul className="usa-list usa-list--unstyled">
      {items.map((a) => (
        <li key={a.url} className="margin-bottom-2">
          <a href={a.url} rel="noopener noreferrer" target="_blank">
            {a.title}
            <span className="usa-sr-only"> (opens in a new tab)</span>
          </a>
          <br />
          <span className="bw-source">
            {a.source ?? 'Unknown publisher'}, {a.published_at ? formatDate(a.published_at) : 'date not given'}
          </span>
          {a.description && <p className="font-sans-xs margin-0">{a.description}</p>}
        </li>
      ))}
    </ul>
  );
}
