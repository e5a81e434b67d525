/**
 * One of a member's bill lists on the member page, sponsored or cosponsored: the newest ten from
 * GET /api/members/{id}/bills with the role, an empty state, and (for sponsored bills) the link to all of them.
 */
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { BillCard } from '../../components/BillCard.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';

type Role = 'sponsored' | 'cosponsored';

const WORDS: Record<Role, { heading: string; loading: string; empty: string }> = {
  sponsored: { heading: 'Sponsored bills', loading: 'Loading sponsored bills…', empty: 'No sponsored bill is stored.' },
  cosponsored: { heading: 'Cosponsored bills', loading: 'Loading cosponsored bills…', empty: 'No cosponsored bill is stored.' },
};

export function MemberBillsSection({ memberId, memberName, role }: { memberId: string; memberName: string; role: Role }) {
  const { $api } = useApi();
  const bills = $api.useQuery('get', '/api/members/{id}/bills', { params: { path: { id: memberId }, query: { role, limit: 10 } } });
  const words = WORDS[role];
  const headingId = `${role}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{words.heading}</h2>
      <QueryState query={bills} label={words.loading}>
        {(d) =>
          d.items.length ? (
            <ul className="bw-card-list">
              {d.items.map((b) => (
                <li key={b.id}>
                  <BillCard bill={b} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>{words.empty}</EmptyState>
          )
        }
      </QueryState>
      {role === 'sponsored' && (
        <p>
          <Link to={`/bills?sponsor_id=${memberId}`}>Every bill {memberName} sponsored</Link>
        </p>
      )}
    </section>
  );
}
