/**
 * The bulk Bill Status import (issue 21.1) on DynamoDB Local and fauxqs:
 * every GPO Bill Status file of the fixtures (v3, the 115th's and the legacy
 * format) saved through the per-bill path, then read back through the bill
 * API field by field against the file; a second import writes nothing; the
 * history sends no notification; the follow-ups the files point at (text,
 * roll calls) are queued once.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as billsApi } from '#functions/api/bills.ts';
import { importBillStatus, type ImportedBill } from '#shared/use-cases/bills/import-bill-status.ts';
import { parseBillStatus, type ParsedBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { amendmentVoteRefs } from '#shared/domain/amendments/amendment-votes.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { FIXTURES, hasFixtures } from '../../../../support/ingest-fixtures.ts';
import { takeAll } from '../../../../support/drain.ts';

useIntegrationStack();

const DIR = path.join(FIXTURES, 'govinfo-billstatus');
const NOW = new Date('2026-06-20T12:00:00Z');
// Counted from the folder: the recordings grow, and every file of it must import.
const FILES = hasFixtures ? readdirSync(DIR).filter((f) => f.endsWith('.xml')) : [];
let parsed: ParsedBillStatus[] = [];
let first: ImportedBill[] = [];
let queued: Record<string, unknown[]> = {};

beforeAll(async () => {
  if (!hasFixtures) return;
  parsed = FILES.map((f) => parseBillStatus(readFileSync(path.join(DIR, f), 'utf8'), NOW.toISOString()));
  first = [];
  for (const p of parsed) first.push(await importBillStatus(p, { now: NOW }));
  queued = {
    dispatch: await takeAll('notification-dispatch'),
    documents: await takeAll('document-fetch'),
    ingest: await takeAll('ingest-tasks'),
  };
}, 240_000);

interface Detail {
  id: string;
  title: string;
  short_title: string | null;
  status: string;
  status_timeline: { status: string; date: string }[];
  sponsor: { id: string; party: string | null; state: string | null } | null;
  policy_area: string | null;
  introduced_date: string | null;
  latest_action_date: string | null;
  latest_action_text: string | null;
  crs_summaries: { version_code: string; action_date: string | null; action_desc: string | null; text: string }[];
  subjects: string[];
  laws: { type: string; number: string }[];
  committee_reports: string[];
  related_bills: { id: string }[];
  counts: Record<string, number>;
}
const detail = async (id: string) => {
  const res = await call(billsApi, 'GET', `/api/bills/${id}`);
  expect(res.status, id).toBe(200);
  return res.body as Detail;
};

describe.skipIf(!hasFixtures)('bulk Bill Status import', () => {
  it('imports every file of both formats, with at least six distinct statuses', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(26);
    expect(parsed.length).toBe(FILES.length);
    expect(first.every((r) => r.created)).toBe(true);
    expect(new Set(parsed.map((p) => p.bill.status)).size).toBeGreaterThanOrEqual(6);
  });

  it('shows each bill through the API field by field as its file has it (v3 and legacy)', async () => {
    for (const id of ['117-hr-2471', '114-hr-1314', '115-hr-302', '114-hres-348']) {
      const p = parsed.find((x) => x.bill.id === id) as ParsedBillStatus;
      const d = await detail(id);
      expect(d).toMatchObject({
        title: p.bill.title,
        short_title: p.bill.short_title,
        status: p.bill.status,
        policy_area: p.bill.policy_area,
        introduced_date: p.bill.introduced_date,
        latest_action_date: p.bill.latest_action_date,
        latest_action_text: p.bill.latest_action_text,
        subjects: p.subjects,
        laws: p.laws,
        committee_reports: p.committee_reports,
      });
      expect(d.status_timeline.map((e) => e.status)).toEqual(p.bill.status_timeline.map((e) => e.status));
      expect(d.sponsor?.id).toBe(p.bill.sponsor_id);
      expect(d.counts.actions, id).toBe(new Set(p.actions.map((a) => `${a.action_date}|${a.action_text}`)).size);
      expect(d.counts.cosponsors, id).toBe(p.cosponsors.length);
      expect(d.crs_summaries.map((s) => [s.version_code, s.action_date])).toEqual(
        [...p.summaries]
          .sort((a, b) => (a.action_date ?? '').localeCompare(b.action_date ?? '') || a.version_code.localeCompare(b.version_code))
          .map((s) => [s.version_code, s.action_date]),
      );
      expect(d.related_bills.map((r) => r.id).sort()).toEqual(expect.arrayContaining(p.related_bills.map((r) => r.bill_id).filter((b) => b !== id)));
    }
    const law = await detail('117-hr-2471');
    expect(law.status).toBe('ENACTED:SIGNED');
    expect(law.laws).toEqual([{ type: 'Public Law', number: '117-103' }]);
    expect(law.crs_summaries[0]).toMatchObject({ version_code: '00', action_date: '2021-04-13', action_desc: 'Introduced in House' });
    const legacy = await detail('114-hr-1314');
    expect(legacy.sponsor).toMatchObject({ id: 'M001181', party: 'R', state: 'PA' });
  });

  it('notifies nobody of history, and queues each follow-up the files point at once', () => {
    expect(queued.dispatch).toEqual([]);
    const texts = parsed.filter((p) => p.text_versions.length > 0).map((p) => p.bill.id);
    expect((queued.documents as { bill_id: string; reason: string }[]).map((m) => m.bill_id).sort()).toEqual(texts.sort());
    // Roll calls named by the bill's actions or by its amendments' (H.R. 2822's are only on its amendments).
    const withVotes = parsed
      .filter((p) => p.actions.some((a) => a.recorded_votes.length > 0) || p.amendments.some((a) => amendmentVoteRefs(a).length > 0))
      .map((p) => p.bill.id);
    const voteTasks = (queued.ingest as { type: string; bill_id: string }[]).filter((m) => m.type === 'fetch_bill_votes').map((m) => m.bill_id);
    expect(voteTasks.sort()).toEqual(withVotes.sort());
    // The legacy files' bill-level votes are among them (issue 24.8).
    expect(voteTasks).toEqual(expect.arrayContaining(['114-hr-1314', '114-hres-348', '114-sconres-11', '115-hr-302']));
  });

  it('writes nothing on a second import of the same files', async () => {
    const again: ImportedBill[] = [];
    for (const p of parsed) again.push(await importBillStatus(p, { now: new Date(NOW.getTime() + 3600_000), fetchLinked: false }));
    expect(again.filter((r) => r.writes > 0)).toEqual([]);
    expect(await takeAll('notification-dispatch')).toEqual([]);
  });
});
