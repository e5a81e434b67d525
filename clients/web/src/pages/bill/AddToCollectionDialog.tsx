// Add the bill to one of the person's collections (or to a new one), or take it out of one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { readsOf } from '../../api/query-keys.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorSummary, FormField, formErrors } from '../../components/FormField.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';

export function AddToCollectionDialog({ open, onClose, billId, label }: { open: boolean; onClose: () => void; billId: string; label: string }) {
  return (
    <Dialog open={open} onClose={onClose} title={`Add ${label} to a collection`}>
      {open && <AddToCollection billId={billId} />}
    </Dialog>
  );
}

function AddToCollection({ billId }: { billId: string }) {
  const { $api, client } = useApi();
  const queryClient = useQueryClient();
  const collections = $api.useQuery('get', '/api/collections', { params: { query: { limit: 100 } } });
  const [name, setName] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: readsOf('/api/collections') });
  const add = useMutation({
    mutationFn: async (id: string) => {
      await client.PUT('/api/collections/{id}/bills/{bill_id}', { params: { path: { id, bill_id: billId } } });
      return id;
    },
    onSuccess: (id) => {
      setAdded(id);
      refresh();
    },
  });
  const create = useMutation({
    mutationFn: async () => (await client.POST('/api/collections', { body: { name } })).data!,
    onSuccess: (c) => {
      setName('');
      add.mutate(c.id);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const errors = formErrors(create.error, { name: { id: 'new-collection-name', label: 'the name of the new collection' } });
  return (
    <>
      <QueryState query={collections} label="Loading your collections…">
        {(d) =>
          d.items.length === 0 ? (
            <p>You have no collection yet: name one below.</p>
          ) : (
            <ul className="usa-list usa-list--unstyled">
              {d.items.map((c) => (
                <li key={c.id} className="display-flex flex-align-center gap-1 margin-bottom-1">
                  <button type="button" className="usa-button usa-button--outline margin-top-0" disabled={add.isPending} onClick={() => add.mutate(c.id)}>
                    Add to {c.name}
                  </button>
                  <span className="font-sans-xs">{added === c.id ? 'Added.' : `${c.bill_count} bills`}</span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form className="usa-form" onSubmit={submit}>
        <FormField id="new-collection-name" label="New collection" errors={errors}>
          {(aria) => (
            <input className="usa-input" id="new-collection-name" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} {...aria} />
          )}
        </FormField>
        <ErrorSummary errors={errors} />
        <button type="submit" className="usa-button margin-top-1" disabled={create.isPending}>
          Create and add
        </button>
      </form>
      {add.error && <ErrorState error={add.error} />}
      <p className="margin-top-2">
        <Link to="/collections">Manage my collections</Link>
      </p>
    </>
  );
}
