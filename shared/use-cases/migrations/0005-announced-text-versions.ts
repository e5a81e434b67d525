/**
 * Migration 0005: records on each text version which brief announced it to
 * followers (`announced_by` on BILL#{id} / TEXT#{version_code}), for briefs
 * stored before a text version could be announced only once. Without it, a
 * re-brief of a version announced earlier (admin reprocess, backfill-citations)
 * would find no record and notify again. The oldest brief of a version whose
 * event was sent holds the record; re-running keeps it. Scans brief items
 * once, at deploy (see docs/data-model.md).
 */
import { scanBriefItems } from '#shared/adapters/db/briefs.repository.ts';
import { claimTextAnnouncement } from '#shared/adapters/db/texts.repository.ts';
import type { Migration } from './migration.ts';

export const announcedTextVersions: Migration = {
  id: '0005',
  description: 'Record which brief announced each text version (one new_document / new_amendment per text version)',
  up: async () => {
    const sent = (await scanBriefItems())
      .filter((i) => typeof i.event_sent_at === 'string' && typeof i.share_token === 'string')
      .sort((a, b) => String(a.bill_id).localeCompare(String(b.bill_id)) || Number(a.version) - Number(b.version));
    const counts = { recorded: 0, announced_already: 0, no_text: 0 };
    for (const item of sent) {
      const claim = await claimTextAnnouncement(
        String(item.bill_id),
        String(item.text_version_code),
        { token: String(item.share_token), version: Number(item.version) },
        new Date(String(item.event_sent_at)),
      );
      counts[claim === 'claimed' ? 'recorded' : claim] += 1;
    }
    return counts;
  },
};
