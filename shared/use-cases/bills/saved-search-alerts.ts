/**
 * Saved searches that alert (issue 23 §4; docs/search.md, "Saved
 * searches that alert"). For bills just indexed as new or with a new text
 * version: 1. list every registered saved search (one Query); 2. match the
 * new documents against them (shared/adapters/search/saved-search-matcher.ts: the new
 * documents alone, never the whole index); 3. send one search_match message
 * per (search, bill) to the notification dispatcher, whose event id is per
 * search, bill and version, and whose time is the version's (or, before any
 * text, the bill's introduction), so a retry after a crash at any point
 * sends the same messages and every recipient's record recognises them.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { TextVersion } from '#shared/domain/bills/text-version.schema.ts';
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import { listSavedSearches } from '#shared/adapters/db/saved-searches.repository.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import type { SearchMatchEvent } from '#shared/adapters/messaging/messages.ts';
import { matchSavedSearches } from '#shared/adapters/search/saved-search-matcher.ts';

/** A bill as the indexer read it: its document and its latest text version (null before any text). */
export interface IndexedBill {
  bill: Bill;
  doc: SearchDocument;
  version: Pick<TextVersion, 'version_code' | 'fetched_at'> | null;
}

/** The version a match is about: its code, or "none" for a bill without text yet. */
export const NO_TEXT_VERSION = 'none';

/** Snippets travel in the message; longer ones are cut (the schema's bound). */
const SNIPPET_MAX = 4000;

/** When the matched version appeared: deterministic, so a retried match records the same event. */
function versionTime(b: IndexedBill, now: Date): string {
  if (b.version && !Number.isNaN(Date.parse(b.version.fetched_at))) return new Date(b.version.fetched_at).toISOString();
  const day = b.bill.introduced_date ?? b.bill.latest_action_date;
  return day ? `${day}T00:00:00.000Z` : now.toISOString();
}

/** Matches freshly indexed bills against the saved searches and queues a search_match per match. */
export async function alertSavedSearches(bills: IndexedBill[], now: Date): Promise<{ searches: number; matches: number }> {
  const searches = await listSavedSearches();
  const matches = matchSavedSearches(
    bills.map((b) => b.doc),
    searches,
    now,
  );
  const byId = new Map(bills.map((b) => [b.bill.id, b]));
  const queries = new Map(searches.map((s) => [s.key, s.q]));
  const messages: SearchMatchEvent[] = matches.flatMap((m) => {
    const b = byId.get(m.bill_id);
    if (!b) return [];
    const version = b.version?.version_code ?? NO_TEXT_VERSION;
    return [
      {
        v: 1 as const,
        type: 'search_match' as const,
        event_id: `search_match:${m.key}:${m.bill_id}:${version}`,
        search_key: m.key,
        query: queries.get(m.key) ?? '',
        bill_id: m.bill_id,
        version,
        section: m.match.section.slice(0, 200),
        snippet: m.match.snippet.slice(0, SNIPPET_MAX),
        occurred_at: versionTime(b, now),
      },
    ];
  });
  if (messages.length > 0) await sendMessages('notification-dispatch', messages);
  return { searches: searches.length, matches: messages.length };
}
