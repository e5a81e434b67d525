/**
 * The nightly public snapshot (job export_bulk): every bill with its actions,
 * status and timeline, every roll call on a bill with its positions, every
 * brief with its citations and every meeting, per Congress, and every member
 * and committee, as gzipped JSON Lines in the shapes the API answers
 * (docs/build-on-billwatch.md).
 *
 * Primary course:
 *   1. walk every bill (B2, a page at a time, no Scan) and read each one's
 *      partition items the records need (actions, votes, briefs);
 *   2. build each file's lines in a stable order (by id), gzip them (no
 *      timestamp in the header, so equal content gives equal bytes) and hash;
 *   3. write a file only when its SHA-256 differs from the last manifest's
 *      (incremental: an unchanged Congress is not rewritten);
 *   4. write the manifest last, so it never names a file not yet in place.
 * A run that dies midway leaves the previous manifest, which still names
 * files whose bytes it describes (a rewritten file has the same path but the
 * new bytes: its sha256 is corrected by the next run).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import { listBriefs } from '#shared/adapters/db/briefs.repository.ts';
import { putBulkFile, readBulkManifest, writeBulkManifest } from '#shared/adapters/db/bulk-snapshot.repository.ts';
import { listAllMembers } from '#shared/adapters/db/members.repository.ts';
import { listBillVotes, listRollCallPositions } from '#shared/adapters/db/votes.repository.ts';
import { actionView, billView, memberView } from '#shared/domain/bills/bill-views.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { BULK_LICENCE, BULK_SCHEMA_VERSION, type BulkEntity, type BulkFile, type BulkManifest } from '#shared/domain/bulk/bulk-manifest.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { committeeAndMeetingFiles } from '#shared/use-cases/committees/committee-bulk-files.ts';

type Line = { id: string; record: Record<string, unknown> };

/** A bill as the bulk file holds it: the API's detail fields with the whole action timeline. */
export async function bulkBill(bill: Bill) {
  const actions = await listActions(bill.id);
  return { ...billView(bill), status_timeline: bill.status_timeline, actions: actions.map(actionView) };
}

/** The roll calls on a bill, each with every recorded position. */
export async function bulkVotes(billId: string) {
  const votes = await listBillVotes(billId);
  return Promise.all(
    votes.map(async ({ provenance, ...vote }) => ({
      ...vote,
      data_as_of: provenance.fetched_at,
      positions: (await listRollCallPositions(vote.vote_id)).map((p) => ({
        member_id: p.member_id,
        name: p.name,
        party: p.party,
        state: p.state,
        position: p.position,
      })),
    })),
  );
}

const jsonl = (lines: Line[]) =>
  lines
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((l) => `${JSON.stringify(l.record)}\n`)
    .join('');

interface BuiltFile {
  entity: BulkEntity;
  congress: number | null;
  lines: Line[];
}

async function collectBills(): Promise<BuiltFile[]> {
  const files = new Map<string, BuiltFile>();
  const add = (entity: BulkEntity, congress: number, line: Line) => {
    const key = `${entity}/${congress}`;
    const file = files.get(key) ?? { entity, congress, lines: [] };
    file.lines.push(line);
    files.set(key, file);
  };
  let cursor: string | undefined;
  do {
    const page = await listBillsByLatestAction({ limit: 100, cursor });
    await mapLimit(page.items, 8, async (bill) => {
      const [record, votes, briefs] = await Promise.all([bulkBill(bill), bulkVotes(bill.id), listBriefs(bill.id)]);
      add('bills', bill.congress, { id: bill.id, record });
      for (const vote of votes) add('votes', bill.congress, { id: vote.vote_id, record: vote });
      for (const brief of briefs) add('briefs', bill.congress, { id: `${bill.id}#${String(brief.version).padStart(4, '0')}`, record: brief });
    });
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return [...files.values()];
}

/** Runs the export; returns what it wrote. */
export async function exportBulkSnapshot(now = new Date()): Promise<{ files: number; written: number; records: number }> {
  const previous = await readBulkManifest();
  const members = await listAllMembers();
  const built: BuiltFile[] = [
    ...(await collectBills()),
    { entity: 'members', congress: null, lines: members.map((m) => ({ id: m.id, record: memberView(m) })) },
    ...(await committeeAndMeetingFiles()),
  ];
  const files: BulkFile[] = [];
  let written = 0;
  for (const file of built.sort((a, b) => `${a.entity}/${a.congress ?? ''}`.localeCompare(`${b.entity}/${b.congress ?? ''}`))) {
    const path = file.congress === null ? `${file.entity}.jsonl.gz` : `${file.entity}/${file.congress}.jsonl.gz`;
    const body = gzipSync(jsonl(file.lines));
    const sha256 = createHash('sha256').update(body).digest('hex');
    const before = previous?.files.find((f) => f.path === path);
    const unchanged = before?.sha256 === sha256;
    if (!unchanged) {
      await putBulkFile(path, body, 'application/gzip');
      written += 1;
    }
    files.push({
      entity: file.entity,
      congress: file.congress,
      path,
      records: file.lines.length,
      bytes: body.length,
      sha256,
      written_at: unchanged && before ? before.written_at : now.toISOString(),
    });
  }
  const manifest: BulkManifest = {
    schema_version: BULK_SCHEMA_VERSION,
    generated_at: now.toISOString(),
    format: 'application/jsonl+gzip',
    licence: BULK_LICENCE,
    files,
  };
  await writeBulkManifest(manifest);
  return { files: files.length, written, records: files.reduce((n, f) => n + f.records, 0) };
}
