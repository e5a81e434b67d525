// The person's notes on bills, pinned first.
import { Link } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, QueryState } from '../components/QueryState.tsx';
import { RequireSignedIn } from '../session/RequireSignedIn.tsx';
import { formatDateTime } from '../words/format.ts';

export default function NotesPage() {
  return (
    <RequireSignedIn what="see your notes">
      <PageHeading>My notes</PageHeading>
      <Notes />
    </RequireSignedIn>
  );
}

function Notes() {
  const { $api } = useApi();
  const notes = $api.useQuery('get', '/api/notes', { params: { query: { limit: 100 } } });
  return (
    <QueryState query={notes} label="Loading your notes…">
      {(d) =>
        d.items.length === 0 ? (
          <EmptyState>No notes yet. Open a bill and write in its “My note” box; notes you pin come first here.</EmptyState>
        ) : (
          <ul className="bw-card-list">
            {d.items.map((n) => (
              <li key={n.bill_id}>
                <article className="bw-card">
                  <h2>
                    <Link to={`/bills/${n.bill_id}#note-heading`}>{n.bill_id}</Link> {n.pinned && <span className="usa-tag">Pinned</span>}
                  </h2>
                  <p className="bw-wrap" style={{ whiteSpace: 'pre-wrap' }}>
                    {n.content}
                  </p>
                  <p className="bw-source">Last changed {formatDateTime(n.updated_at)}</p>
                </article>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
