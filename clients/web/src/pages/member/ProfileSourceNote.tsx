// Where the profile on the page comes from, when that is not Congress.gov's whole profile: on its way, not to be had
// offline, or failed. It never asks the reader to look again later for something that is not coming.
import type { Schemas } from '../../../../typescript/index.ts';

export function ProfileSourceNote({ m }: { m: Schemas['Member'] }) {
  const shown = m.terms.length > 0 ? 'the congress-legislators dataset' : "what this member's bills record";
  switch (m.enrichment_state) {
    case 'pending':
      return (
        <p className="bw-muted">
          Congress.gov&apos;s profile of this member (bio, terms, counts) has been asked for; until it arrives this page shows {shown}.
        </p>
      );
    case 'stalled':
      return <p className="bw-muted">Congress.gov&apos;s profile of this member was asked for and has not arrived; this page shows {shown}.</p>;
    case 'unavailable_offline':
      return <p className="bw-muted">This offline copy of BillWatch holds no Congress.gov profile of this member; this page shows {shown}.</p>;
    case 'failed':
      return (
        <p className="bw-muted">
          Congress.gov&apos;s profile of this member could not be fetched{m.enrichment_detail ? ` (${m.enrichment_detail})` : ''}; this page shows {shown}.
        </p>
      );
    default:
      return null;
  }
}
