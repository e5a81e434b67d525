// For admins only: fetch one bill's text again and queue its brief, with the service's answer or its `detail`.
import { useApi } from '../../api/api-context.tsx';
import { ErrorState } from '../../components/QueryState.tsx';
import { useSession } from '../../session/session-context.tsx';

export function ReprocessSection({ billId }: { billId: string }) {
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return <ReprocessControl billId={billId} />;
}

function ReprocessControl({ billId }: { billId: string }) {
  const { $api } = useApi();
  const reprocess = $api.useMutation('post', '/api/admin/bills/{id}/reprocess');
  return (
    <section aria-labelledby="reprocess-heading">
      <h2 id="reprocess-heading">Admin</h2>
      <p className="usa-hint">Fetches the text of this bill again and writes its brief anew from the latest text version. It uses the language model.</p>
      <button
        type="button"
        className="usa-button usa-button--outline"
        disabled={reprocess.isPending}
        onClick={() => reprocess.mutate({ params: { path: { id: billId } } })}
      >
        Reprocess this bill
      </button>
      {reprocess.isSuccess && (
        <p role="status">
          {[
            reprocess.data.document_fetch_queued ? 'The text fetch is queued' : 'No text fetch was needed',
            reprocess.data.brief_queued_for ? `a brief is queued for the text version ${reprocess.data.brief_queued_for}` : 'no brief was queued',
          ].join('; ')}
          .
        </p>
      )}
      {reprocess.error && <ErrorState error={reprocess.error} heading="The bill was not reprocessed" />}
    </section>
  );
}
