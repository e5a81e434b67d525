// The person's private note on the bill (one per bill, can be pinned); guests are asked to sign in first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { readsOf } from '../../api/query-keys.ts';
import { ErrorSummary, FormField, formErrors } from '../../components/FormField.tsx';
import { ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { useSession } from '../../session/session-context.tsx';
import { useRequireSignIn } from '../../session/sign-in-prompt.tsx';
import { formatDateTime } from '../../words/format.ts';

export function NoteSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const { signedIn } = useSession();
  const requireSignIn = useRequireSignIn();
  // The list read filtered to this bill answers an empty page when there is no note yet; GET /api/notes/{bill_id}
  // would answer 404, which the browser logs as a console error however the app handles it.
  const note = useQuery({
    ...$api.queryOptions('get', '/api/notes', { params: { query: { bill_id: billId } } }),
    enabled: signedIn,
    select: (data) => data.items[0] ?? null,
  });
  return (
    <section aria-labelledby="note-heading">
      <h2 id="note-heading">My note</h2>
      {!signedIn ? (
        <button type="button" className="usa-button usa-button--outline" onClick={() => requireSignIn('keep a private note on this bill')}>
          Add a note
        </button>
      ) : note.isPending ? (
        <LoadingPlaceholder label="Loading your note…" lines={2} />
      ) : note.error ? (
        <ErrorState error={note.error} onRetry={() => void note.refetch()} />
      ) : (
        // Keyed by the bill: a save's refetch must not remount the form (it would drop the "Saved." confirmation).
        <NoteForm key={billId} billId={billId} note={note.data ?? null} />
      )}
    </section>
  );
}

function NoteForm({ billId, note }: { billId: string; note: Schemas['Note'] | null }) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [content, setContent] = useState(note?.content ?? '');
  const [pinned, setPinned] = useState(note?.pinned ?? false);
  const refresh = () => {
    // The notes page's list and this bill's note are both reads of /api/notes.
    void queryClient.invalidateQueries({ queryKey: readsOf('/api/notes') });
  };
  const save = useMutation({
    mutationFn: async () => (await client.PUT('/api/notes/{bill_id}', { params: { path: { bill_id: billId } }, body: { content, pinned } })).data!,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async () => {
      await client.DELETE('/api/notes/{bill_id}', { params: { path: { bill_id: billId } } });
    },
    onSuccess: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const errors = formErrors(save.error, { content: { id: 'note-content', label: 'your note' }, pinned: { id: 'note-pinned', label: 'the pin' } });
  return (
    <form className="usa-form maxw-none" onSubmit={submit}>
      <FormField id="note-content" label="Only you can see this note" errors={errors}>
        {(aria) => <textarea className="usa-textarea" id="note-content" value={content} onChange={(e) => setContent(e.target.value)} required {...aria} />}
      </FormField>
      <div className="usa-checkbox margin-top-1">
        <input className="usa-checkbox__input" id="note-pinned" type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
        <label className="usa-checkbox__label" htmlFor="note-pinned">
          Pin it to the top of <Link to="/notes">my notes</Link>
        </label>
      </div>
      <ErrorSummary errors={errors} />
      {remove.error && <ErrorState error={remove.error} />}
      <div className="display-flex flex-wrap gap-2 flex-align-center margin-top-2">
        <button type="submit" className="usa-button margin-top-0" disabled={save.isPending}>
          Save note
        </button>
        {note && (
          <button type="button" className="usa-button usa-button--secondary margin-top-0" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete note
          </button>
        )}
        <span role="status" className="font-sans-xs">
          {save.isSuccess ? 'Saved.' : note ? `Last saved ${formatDateTime(note.updated_at)}` : ''}
        </span>
      </div>
    </form>
  );
}
