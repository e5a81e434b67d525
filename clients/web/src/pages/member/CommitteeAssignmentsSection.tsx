// A member's committee seats on their page: each full committee with the seat's title and side, its subcommittees
// beneath it, all linked to the committee pages.
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';

type Assignment = Schemas['CommitteeAssignment'];

const seatWords = (a: Assignment) => [a.title, a.side === 'majority' ? 'majority' : 'minority'].filter(Boolean).join(', ');

export function CommitteeAssignmentsSection({ assignments }: { assignments: Assignment[] }) {
  const full = assignments.filter((a) => a.parent_id === null);
  // A subcommittee seat whose full committee seat is not listed still shows, under its full committee's name.
  const orphans = assignments.filter((a) => a.parent_id !== null && !full.some((f) => f.committee_id === a.parent_id));
  return (
    <section aria-labelledby="committees-heading">
      <h2 id="committees-heading">Committees</h2>
      {assignments.length === 0 ? (
        <p>No committee seat is on record.</p>
      ) : (
        <ul className="usa-list">
          {full.map((f) => (
            <li key={f.committee_id}>
              <Link to={`/committees/${f.committee_id}`}>{f.committee_name}</Link> <span className="bw-muted">({seatWords(f)})</span>
              <SubList subs={assignments.filter((a) => a.parent_id === f.committee_id)} />
            </li>
          ))}
          {orphans.map((a) => (
            <li key={a.committee_id}>
              <Link to={`/committees/${a.committee_id}`}>
                {a.parent_name ? `${a.parent_name}: ` : ''}
                {a.committee_name}
              </Link>{' '}
              <span className="bw-muted">({seatWords(a)})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SubList({ subs }: { subs: Assignment[] }) {
  if (subs.length === 0) return null;
  return (
    <ul className="usa-list">
      {subs.map((s) => (
        <li key={s.committee_id}>
          <Link to={`/committees/${s.committee_id}`}>{s.committee_name}</Link> <span className="bw-muted">({seatWords(s)})</span>
        </li>
      ))}
    </ul>
  );
}
