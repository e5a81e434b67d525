// The bill's record from Congress: actions, cosponsors, and related and reintroduced bills.
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { displayName, formatDate, memberPlace } from '../../words/format.ts';

const CATEGORY_WORDS: Record<string, string> = {
  vote: 'Vote',
  presidential: 'President',
  committee_report: 'Committee report',
  calendar: 'Calendar',
  procedural: 'Procedure',
  referral: 'Referral',
  new_document: 'New text',
  new_amendment: 'Amendment',
  status_changed: 'Status',
  reintroduced: 'Reintroduced',
};

export function ActionsSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const actions = $api.useQuery('get', '/api/bills/{id}/actions', { params: { path: { id: billId }, query: { limit: 100 } } });
  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      <QueryState query={actions} label="Loading the actions…">
        {(d) =>
          d.items.length === 0 ? (
            <EmptyState>No action is recorded yet.</EmptyState>
          ) : (
            <>
              <ol className="usa-list usa-list--unstyled">
                {d.items.map((a, i) => (
                  <li key={`${a.action_date}-${i}`} className="margin-bottom-1">
                    <strong>{formatDate(a.action_date)}</strong> <span className="usa-tag">{CATEGORY_WORDS[a.category] ?? a.category}</span> {a.action_text}
                  </li>
                ))}
              </ol>
              <p className="bw-source">
                Source: {d.items[0]!.source}, as of {formatDate(d.items[0]!.data_as_of)}.
              </p>
            </>
          )
        }
      </QueryState>
    </section>
  );
}

export function CosponsorsSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const cosponsors = $api.useQuery('get', '/api/bills/{id}/cosponsors', { params: { path: { id: billId } } });
  return (
    <section aria-labelledby="cosponsors-heading">
      <h2 id="cosponsors-heading">Cosponsors</h2>
      <QueryState query={cosponsors} label="Loading the cosponsors…">
        {(d) =>
          d.items.length === 0 ? (
            <EmptyState>No member has cosponsored this bill.</EmptyState>
          ) : (
            <div className="bw-table-wrap">
              <table className="usa-table usa-table--borderless usa-table--compact">
                <caption className="usa-sr-only">Cosponsors with their party and state</caption>
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Party and place</th>
                    <th scope="col">Joined</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((c) => (
                    <tr key={c.member_id}>
                      <th scope="row">
                        <Link to={`/members/${c.member_id}`}>{displayName(c.name)}</Link>
                      </th>
                      <td>{memberPlace(c)}</td>
                      <td>
                        {c.is_original ? 'At introduction' : formatDate(c.sponsorship_date)}
                        {c.withdrawn_date && ` (withdrew ${formatDate(c.withdrawn_date)})`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

const REASONS: Record<string, string> = {
  identical_bill: 'listed by Congress.gov as an identical bill',
  same_sponsor_title: 'same sponsor and title',
  identical_title: 'identical title',
};

export function RelatedSection({ bill }: { bill: Schemas['Bill'] }) {
  const empty = bill.related_bills.length === 0 && !bill.reintroduction_of && bill.reintroduced_as.length === 0;
  return (
    <section aria-labelledby="related-heading">
      <h2 id="related-heading">Related bills</h2>
      {empty && <EmptyState>Congress.gov lists no related bill, and no reintroduction was found.</EmptyState>}
      {bill.reintroduction_of && (
        <p>
          Reintroduces <Link to={`/bills/${bill.reintroduction_of.id}`}>{bill.reintroduction_of.label}</Link> of the {bill.reintroduction_of.congress}th
          Congress ({REASONS[bill.reintroduction_of.reason]}).
        </p>
      )}
      {bill.reintroduced_as.map((r) => (
        <p key={r.id}>
          Reintroduced as <Link to={`/bills/${r.id}`}>{r.label}</Link> in the {r.congress}th Congress ({REASONS[r.reason]}).
        </p>
      ))}
      {bill.related_bills.length > 0 && (
        <ul className="usa-list">
          {bill.related_bills.map((r) => (
            <li key={r.id}>
              <Link to={`/bills/${r.id}`}>
                {r.label} ({r.congress}th Congress)
              </Link>
              : {r.title} <span className="bw-muted">({r.relationships.map((x) => `${x.type}, identified by ${x.identified_by}`).join('; ')})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
