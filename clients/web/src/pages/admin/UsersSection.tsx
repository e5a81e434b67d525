// The users: promote, demote and delete, with the last-admin rule said before anyone runs into it.
import { useApi } from '../../api/api-context.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';
import { useSession } from '../../session/session-context.tsx';
import { AdminTable } from './AdminTable.tsx';

export function UsersSection() {
  const { $api } = useApi();
  const session = useSession();
  const users = $api.useQuery('get', '/api/admin/users', { params: { query: { limit: 100 } } });
  const done = { onSuccess: () => void users.refetch() };
  const promote = $api.useMutation('post', '/api/admin/users/{id}/promote', done);
  const demote = $api.useMutation('post', '/api/admin/users/{id}/demote', done);
  const remove = $api.useMutation('delete', '/api/admin/users/{id}', done);
  const error = promote.error ?? demote.error ?? remove.error;
  return (
    <section aria-labelledby="admin-users">
      <h2 id="admin-users">Users</h2>
      <p className="usa-hint">There is always at least one administrator: the last one cannot be demoted or deleted, and you cannot demote yourself.</p>
      {error && <ErrorState error={error} />}
      <QueryState query={users} label="Loading the users…">
        {(d) => {
          // The API refuses to demote or delete the last administrator (409); with every user listed, the console
          // does not offer it. (With more pages than one, another administrator may be on them: the API decides.)
          const admins = d.items.filter((u) => u.is_admin).length;
          const onlyAdmin = (u: { is_admin: boolean }) => u.is_admin && admins === 1 && !d.next_cursor;
          return (
            <AdminTable
              label="Users table"
              caption="Users"
              rows={d.items}
              rowKey={(u) => u.id}
              columns={[
                { header: 'Email', cell: (u) => u.email },
                { header: 'Role', cell: (u) => (onlyAdmin(u) ? 'Administrator (the only administrator)' : u.is_admin ? 'Administrator' : 'User') },
                {
                  header: 'Actions',
                  cell: (u) => {
                    const path = { params: { path: { id: u.id } } };
                    return (
                      <div className="bw-row-actions">
                        {u.is_admin ? (
                          <button
                            type="button"
                            className="usa-button usa-button--outline usa-button--small"
                            disabled={u.id === session.user?.id || onlyAdmin(u)}
                            onClick={() => demote.mutate(path)}
                          >
                            Demote {u.email}
                          </button>
                        ) : (
                          <button type="button" className="usa-button usa-button--outline usa-button--small" onClick={() => promote.mutate(path)}>
                            Promote {u.email}
                          </button>
                        )}
                        {!onlyAdmin(u) && (
                          <button
                            type="button"
                            className="usa-button usa-button--secondary usa-button--small"
                            onClick={() => {
                              if (window.confirm(`Delete ${u.email} and all their data? This cannot be undone.`)) remove.mutate(path);
                            }}
                          >
                            Delete {u.email}
                          </button>
                        )}
                      </div>
                    );
                  },
                },
              ]}
            />
          );
        }}
      </QueryState>
    </section>
  );
}
