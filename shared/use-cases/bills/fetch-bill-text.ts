/**
 * The document fetch of one bill (the document-fetch worker's use case):
 *   1. list the bill's text versions on Congress.gov;
 *   2. for each version not stored yet, oldest first, fetch the document from
 *      GovInfo in the best format on offer (conditional GET; a 404 tries the next format);
 *   3. store the original, its plain text and that text's outline (its sections and
 *      units, read from the document's markup) in S3 and the version in the table,
 *      with the brief it calls for owed in the same transaction (table outbox);
 *   4. mark the bill as having text and send the brief message (the relay job
 *      sends it if this dies first);
 *   5. when a version was stored, send the search index message owed (table
 *      outbox) before step 2, else drop it (shared/use-cases/bills/search-index-requests.ts).
 * A redelivered message finds the versions stored and only repairs the bill's mark.
 * While an admin has Congress.gov or GovInfo switched off (data_sources), the
 * fetch is not attempted: the bill is marked as waiting (B5a) and the message
 * succeeds, so nothing is retried or dead-lettered; the first poll after the
 * switch is back on queues the fetch again (shared/use-cases/bills/poll-bills.ts).
 * Offline (REPLAY_HAR), a bill whose versions the recording lacks is skipped once.
 * A fetch the local stack's demo replay caused (`demo`) asks for briefs marked
 * demo, so the text's announcement says so (local/demo/demo-replay.ts).
 */
import { dropIndexing, oweIndexing, sendIndexing } from './search-index-requests.ts';
import { getBill, markBillHasText } from '#shared/adapters/db/bills.repository.ts';
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { markDocumentFetchPending } from '#shared/adapters/db/document-fetch-pending.repository.ts';
import { disabledByAdmin, firstDisabled } from '#shared/domain/settings/data-sources.ts';
import { listTextVersions, saveTextVersion, textKeys } from '#shared/adapters/db/texts.repository.ts';
import * as congress from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import { billPackageId, documentUrl, fetchDocument } from '#shared/adapters/providers/govinfo.client.ts';
import type { DocumentFetchMessage } from '#shared/adapters/messaging/messages.ts';
import { parseBillId } from '#shared/domain/bills/bill-id.ts';
import { textCandidates, type TextCandidate } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { parseBillText } from '#shared/adapters/providers/bill-text/bill-text.parser.ts';
import { sortVersions } from '#shared/domain/bills/text-version-order.ts';
import { owe, sendOwed } from './outbox-relay.ts';
import { UnrecordedResponseError } from '#shared/adapters/providers/transport/provider-error.ts';

async function fetchVersion(
  billId: string,
  c: TextCandidate,
): Promise<{ body: Buffer; format: TextCandidate['formats'][number]; url: string } | 'unchanged' | null> {
  const { congress: n, type, number } = parseBillId(billId);
  for (const format of c.formats) {
    const url = documentUrl(billPackageId(n, type, number, c.version_code), format);
    let res = await fetchDocument(url);
    // A 304 for a version we have not stored means an earlier attempt died after caching the ETag: fetch it whole.
    if (res.status === 'unchanged') res = await fetchDocument(url, { conditional: false });
    if (res.status === 'fetched') return { body: res.body, format, url };
  }
  return null;
}

/** Offline, a listing the recording lacks can never arrive: null (answered once) rather than an error retried to the DLQ. */
async function unlessUnrecorded<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (err) {
    if (err instanceof UnrecordedResponseError) return null;
    throw err;
  }
}

/** Fetches and stores every new text version of a bill; returns counts for the log. `reason` is why the fetch was asked for. */
export async function fetchBillText(billId: string, now: Date, reason: DocumentFetchMessage['reason'], options: { demo?: true } = {}) {
  const [bill, sources] = await Promise.all([getBill(billId), getDataSources()]);
  if (!bill) return { bill_id: billId, skipped: 'unknown bill' };
  // The version list comes from Congress.gov and the documents from GovInfo: the fetch needs both.
  const off = firstDisabled(sources, 'congress_api', 'document_api');
  if (off) {
    await markDocumentFetchPending(billId, reason, disabledByAdmin(off), now);
    return { bill_id: billId, skipped: disabledByAdmin(off), pending: true };
  }
  const { congress: n, type, number } = parseBillId(billId);
  const [remote, stored] = await Promise.all([unlessUnrecorded(congress.getBillTextVersions(n, type, number)), listTextVersions(billId)]);
  if (remote === null) return { bill_id: billId, skipped: 'offline: the recording holds no text versions of this bill' };
  const have = new Set(stored.map((v) => v.version_code));
  const candidates = sortVersions(textCandidates(remote)).filter((c) => !have.has(c.version_code));
  let created = 0;
  let missing = 0;
  // The latest version's text is searched by section: a new one is owed to the indexer before it is stored.
  // A version that is news (a new bill's, or after an action) is matched against the saved searches; one a backfill
  // or an admin reprocess brings is history, and alerts nobody.
  const isNews = reason === 'new_bill' || reason === 'action';
  const owedIndex = candidates.length > 0 ? await oweIndexing([billId], now, isNews ? [billId] : []) : null;
  for (const c of candidates) {
    const doc = await fetchVersion(billId, c);
    if (!doc || doc === 'unchanged') {
      missing++;
      continue;
    }
    const rendering = parseBillText(doc.body, doc.format);
    // The brief a new version calls for is owed in the transaction that stores it (outbox-relay.ts).
    const owed = owe(
      `text:${billId}:${c.version_code}`,
      'brief',
      [{ v: 1, type: 'brief_bill_text', bill_id: billId, version_code: c.version_code, force: false, ...(options.demo ? { demo: options.demo } : {}) }],
      now,
    );
    const isNew = await saveTextVersion(
      {
        bill_id: billId,
        version_code: c.version_code,
        label: c.label,
        published_date: c.published_date,
        format: doc.format,
        ...textKeys(billId, c.version_code, doc.format),
        size: doc.body.length,
        source_url: doc.url,
        fetched_at: now.toISOString(),
      },
      doc.body,
      rendering,
      owed,
    );
    if (!isNew) continue;
    created++;
    await markBillHasText(billId);
    await sendOwed(owed);
  }
  if (created > 0) await sendIndexing(owedIndex);
  else await dropIndexing(owedIndex);
  // A fetch that died between storing a version and marking the bill left it unmarked; the retry finds the version stored.
  if (created === 0 && stored.length > 0 && !bill.has_document) await markBillHasText(billId);
  return { bill_id: billId, versions: candidates.length + have.size, stored: created, unavailable: missing };
}
