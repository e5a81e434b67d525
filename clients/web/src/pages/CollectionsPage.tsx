// The person's collections of bills: list them and make a new one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { readsOf } from '../api/query-keys.ts';
import { ErrorSummary, FormField, formErrors } from '../components/FormField.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, QueryState } from '../components/QueryState.tsx';
import { RequireSignedIn } from '../session/RequireSignedIn.tsx';
import { formatDate, plural } from '../words/format.ts';

export default function CollectionsPage() {
  return (
    <RequireSignedIn what="keep collections of bills">
      <PageHeading>My collections</PageHeading>
      <Collections />
    </RequireSignedIn>
  );
}

function Collections() {
  const { $api, client } = useApi();
  const queryClient = useQueryClient();
  const collections = $api.useQuery('get', '/api/collections', { params: { query: { limit: 100 } } });
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const create = useMutation({
    mutationFn: async () => (await client.POST('/api/collections', { body: { name, is_public: isPublic } })).data!,
    onSuccess: () => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: readsOf('/api/collections') });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const errors = formErrors(create.error, {
    name: { id: 'collection-name', label: 'the name' },
    is_public: { id: 'collection-public', label: 'the Public box' },
  });
  return (
    <>
      <QueryState query={collections} label="Loading your collections…">
        {(d) =>
          d.items.length === 0 ? (
            <EmptyState>No collection yet. Name one below, then add bills to it from any bill&apos;s page.</EmptyState>
          ) : (
            <ul className="bw-card-list">
              {d.items.map((c) => (
                <li key={c.id}>
                  <article className="bw-card">
                    <h2>
                      <Link to={`/collections/${c.id}`}>{c.name}</Link>
                    </h2>
                    <p>
                      {plural(c.bill_count, 'bill')} · {c.is_public ? 'Public: anyone with the link can see it' : 'Private'}
                    </p>
                    <p className="bw-source">Changed {formatDate(c.updated_at)}</p>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form className="usa-form margin-top-3" onSubmit={submit}>
        <h2>New collection</h2>
        <FormField id="collection-name" label="Name" hint="Up to 100 characters, different from your other collections." errors={errors}>
          {(aria) => (
            <input className="usa-input" id="collection-name" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} {...aria} />
          )}
        </FormField>
        <div className="usa-checkbox margin-top-1">
          <input className="usa-checkbox__input" id="collection-public" type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
          <label className="usa-checkbox__label" htmlFor="collection-public">
            Public: anyone with its share link can see it
          </label>
        </div>
        <ErrorSummary errors={errors} />
        <button type="submit" className="usa-button margin-top-2" disabled={create.isPending}>
          Create collection
        </button>
      </form>
    </>
  );
}
