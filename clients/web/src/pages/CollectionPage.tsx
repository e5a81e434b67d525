// One collection: rename it, make it public or private, copy or renew its share link, remove bills, delete it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Schemas } from '../../../typescript/index.ts';
import { useApi } from '../api/api-context.tsx';
import { readsOf } from '../api/query-keys.ts';
import { BillCard } from '../components/BillCard.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { ErrorSummary, FormField, formErrors } from '../components/FormField.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../components/QueryState.tsx';
import { RequireSignedIn } from '../session/RequireSignedIn.tsx';
import { formatDate } from '../words/format.ts';

export default function CollectionPage() {
  return (
    <RequireSignedIn what="see your collection">
      <CollectionLoader />
    </RequireSignedIn>
  );
}

function CollectionLoader() {
  const { id = '' } = useParams();
  const { $api } = useApi();
  const collection = $api.useQuery('get', '/api/collections/{id}', { params: { path: { id }, query: { limit: 100 } } });
  if (collection.isPending) return <LoadingPlaceholder label="Loading the collection…" />;
  if (collection.error || !collection.data)
    return (
      <>
        <PageHeading>Collection</PageHeading>
        <ErrorState error={collection.error} onRetry={() => void collection.refetch()} />
        <Link to="/collections">All my collections</Link>
      </>
    );
  return <CollectionView c={collection.data} />;
}

function CollectionView({ c }: { c: Schemas['CollectionWithBills'] }) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(c.name);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: readsOf('/api/collections/{id}') });
    void queryClient.invalidateQueries({ queryKey: readsOf('/api/collections') });
  };
  const path = { params: { path: { id: c.id } } };
  const update = useMutation({
    mutationFn: async (body: { name?: string; is_public?: boolean }) => (await client.PATCH('/api/collections/{id}', { ...path, body })).data!,
    onSuccess: refresh,
  });
  const rotate = useMutation({ mutationFn: async () => (await client.POST('/api/collections/{id}/rotate-share-token', path)).data!, onSuccess: refresh });
  const remove = useMutation({
    mutationFn: async (billId: string) => {
      await client.DELETE('/api/collections/{id}/bills/{bill_id}', { params: { path: { id: c.id, bill_id: billId } } });
    },
    onSuccess: refresh,
  });
  const destroy = useMutation({
    mutationFn: async () => {
      await client.DELETE('/api/collections/{id}', path);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readsOf('/api/collections') });
      navigate('/collections');
    },
  });
  const rename = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ name });
  };
  const shareUrl = `${window.location.origin}/share/collection/${c.share_token}`;
  // A refused rename or sharing change shows beside its field; the other actions' failures below the sharing.
  const errors = formErrors(update.error, { name: { id: 'rename', label: 'the name' }, is_public: { id: 'is-public', label: 'the Public box' } });
  const error = rotate.error ?? remove.error ?? destroy.error;
  return (
    <>
      <p className="margin-top-3 margin-bottom-0">
        <Link to="/collections">My collections</Link>
      </p>
      <PageHeading>{c.name}</PageHeading>
      <form className="usa-form" onSubmit={rename}>
        <FormField id="rename" label="Name" errors={errors}>
          {(aria) => <input className="usa-input" id="rename" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} {...aria} />}
        </FormField>
        <button type="submit" className="usa-button usa-button--outline margin-top-1" disabled={update.isPending || name === c.name}>
          Rename
        </button>
      </form>
      <section aria-labelledby="sharing" className="margin-top-3">
        <h2 id="sharing">Sharing</h2>
        <div className="usa-checkbox">
          <input
            className="usa-checkbox__input"
            id="is-public"
            type="checkbox"
            checked={c.is_public}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ is_public: e.target.checked })}
          />
          <label className="usa-checkbox__label" htmlFor="is-public">
            Public: anyone with the link can see it
          </label>
        </div>
        {c.is_public ? (
          <div className="margin-top-1">
            <label className="usa-label" htmlFor="share-url">
              Share link
            </label>
            <input className="usa-input" id="share-url" readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
            <div className="display-flex flex-wrap flex-align-center gap-1 margin-top-1">
              <CopyButton value={shareUrl} label="Copy the share link" />
              <button type="button" className="usa-button usa-button--unstyled" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                Make a new link (the old one stops working)
              </button>
            </div>
          </div>
        ) : (
          <p className="usa-hint">Make it public to get a link you can share.</p>
        )}
      </section>
      <ErrorSummary errors={errors} />
      {error && <ErrorState error={error} />}
      <section aria-labelledby="bills" className="margin-top-3">
        <h2 id="bills">Bills ({c.bill_count})</h2>
        {c.bills.items.length === 0 ? (
          <EmptyState>
            No bills yet. Open a bill and press “Add to a collection”. <Link to="/bills">Browse bills</Link>
          </EmptyState>
        ) : (
          <ul className="bw-card-list">
            {c.bills.items.map((b) => (
              <li key={b.id}>
                <BillCard
                  bill={b}
                  extra={
                    <div className="display-flex flex-justify flex-align-center flex-wrap gap-1">
                      <span className="bw-source">Added {formatDate(b.added_at)}</span>
                      <button type="button" className="usa-button usa-button--unstyled" disabled={remove.isPending} onClick={() => remove.mutate(b.id)}>
                        Remove {b.label}
                      </button>
                    </div>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <button
        type="button"
        className="usa-button usa-button--secondary margin-top-4"
        disabled={destroy.isPending}
        onClick={() => window.confirm(`Delete the collection “${c.name}”? Its share link stops working.`) && destroy.mutate()}
      >
        Delete this collection
      </button>
    </>
  );
}
