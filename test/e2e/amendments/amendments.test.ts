// Amendments over HTTP against the local stack, through the typed client (every reply contract-checked): the demo's
// two amendment chains (H.R. 4182 and H.R. 4606 of the 115th) imported from their Bill Status files with the clerk's
// roll calls, then the two routes, the MCP tools, the bill's change feed and the bulk file, and their errors.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { importDemoAmendmentVotes } from '#local/demo/demo-amendment-votes.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { exportBulkSnapshot } from '#shared/use-cases/bills/bulk-export.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
const NOW = new Date('2026-12-01T12:00:00Z');
let votes: Awaited<ReturnType<typeof importDemoAmendmentVotes>>;

beforeAll(async () => {
  for (const file of ['legacy-BILLSTATUS-115hr4182.xml', 'legacy-BILLSTATUS-115hr4606.xml']) {
    const parsed = parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, file), 'utf8'), NOW.toISOString());
    await importBillStatus(parsed, { now: NOW, fetchLinked: false });
  }
  votes = await importDemoAmendmentVotes(NOW);
}, 240_000);

describe('GET /api/bills/{id}/amendments', () => {
  it("lists a bill's amendments by number with status, sponsor, purpose and the tallies of their roll calls", async () => {
    expect(votes).toEqual({ roll_calls: 7, linked: ['115-hamdt-489', '115-hamdt-491', '115-hamdt-962', '115-hamdt-963'] });
    const res = await api().request('GET', '/api/bills/115-hr-4182/amendments');
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.items.map((a) => [a.id, a.label, a.status, a.sponsor_id !== null, a.sponsor?.name, a.house_sequence, a.has_text])).toEqual([
      ['115-hamdt-489', 'H.Amdt. 489', 'failed', true, 'Hastings, Alcee', 1, false],
      ['115-hamdt-490', 'H.Amdt. 490', 'agreed_to', true, 'Gianforte, Greg', 2, false],
      ['115-hamdt-491', 'H.Amdt. 491', 'failed', true, 'Connolly, Gerald', 3, false],
    ]);
    expect(res.body.items.map((a) => a.roll_calls.map((r) => [r.vote_id, r.yea, r.nay, r.result]))).toEqual([
      [['house-115-1-646', 195, 221, 'Failed']],
      [],
      [['house-115-1-647', 193, 223, 'Failed']],
    ]);
    expect(res.body.items.every((a) => a.amended_bill_id === '115-hr-4182' && a.amended_bill_label === 'H.R. 4182')).toBe(true);
    const page = await api().request('GET', '/api/bills/115-hr-4606/amendments', { query: { limit: '1' } });
    expect(page.body.items.map((a) => a.id)).toEqual(['115-hamdt-962']);
    const next = await api().request('GET', '/api/bills/115-hr-4606/amendments', { query: { limit: '1', cursor: page.body.next_cursor ?? '' } });
    expect(next.body.items.map((a) => [a.id, a.status, a.sponsor?.name])).toEqual([['115-hamdt-963', 'failed', 'DeGette, Diana']]);
  });

  it('answers 404 bill.not_found for a bill not stored and 422 for a malformed id', async () => {
    expect(await api().request('GET', '/api/bills/115-hr-1/amendments')).toMatchObject({ status: 404, body: { code: 'bill.not_found' } });
    expect((await api().request('GET', '/api/bills/hr-4182/amendments')).status).toBe(422);
  });

  it('counts the amendments on the bill record, which moved the bill on its change feed', async () => {
    const bill = await api().request('GET', '/api/bills/115-hr-4182');
    expect(bill.body.amendment_summary).toEqual({
      count: 3,
      by_status: { submitted: 0, offered: 0, agreed_to: 1, failed: 2, withdrawn: 0, tabled: 0, fell: 0 },
      latest_action_date: '2017-11-30',
    });
    const feed = await api().request('GET', '/api/bills', { query: { congress: '115', sort: 'updated_asc', limit: '10' } });
    const fed = feed.body.items.find((b) => b.id === '115-hr-4182');
    expect(fed?.amendment_summary?.count).toBe(3);
  });
});

describe('GET /api/amendments/{id}', () => {
  it('answers one amendment with its actions and every member position on its roll call', async () => {
    const res = await api().request('GET', '/api/amendments/115-HAMDT-491');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: '115-hamdt-491', chamber: 'house', status: 'failed', status_date: '2017-11-30', text_versions: [] });
    expect(res.body.purpose).toMatch(/^Amendment sought to strike the provisions of the b/);
    expect(res.body.actions).toHaveLength(7);
    expect(res.body.actions[0]?.text).toMatch(/Connolly amendment \(A003\) Failed by recorded vote: 193 - 223/);
    const [roll] = res.body.roll_calls;
    expect(roll).toMatchObject({ vote_id: 'house-115-1-647', question: 'On Agreeing to the Amendment', yea: 193, nay: 223 });
    expect(roll?.positions.length).toBe((roll?.yea ?? 0) + (roll?.nay ?? 0) + (roll?.present ?? 0) + (roll?.not_voting ?? 0));
    expect(roll?.positions.filter((p) => p.position === 'Yea')).toHaveLength(193);
    expect(roll?.positions.find((p) => p.name.startsWith('Connolly'))?.position).toBe('Yea');
  });

  it('answers 404 amendment.not_found for one not stored and 422 for a malformed id', async () => {
    expect(await api().request('GET', '/api/amendments/115-hamdt-1')).toMatchObject({ status: 404, body: { code: 'amendment.not_found' } });
    expect((await api().request('GET', '/api/amendments/115-xamdt-1')).status).toBe(422);
  });
});

describe('amendments for builders', () => {
  it('answers the MCP tools get_amendment and list_bill_amendments', async () => {
    const call = (name: string, args: Record<string, string>) =>
      api().request('POST', '/api/mcp', {
        headers: { accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
    const one = (await call('get_amendment', { id: '115-hamdt-962' })).body as unknown as { result: { structuredContent: { id: string; status: string } } };
    expect(one.result.structuredContent).toMatchObject({ id: '115-hamdt-962', status: 'failed' });
    const list = (await call('list_bill_amendments', { id: '115-hr-4606' })).body as unknown as { result: { structuredContent: { items: { id: string }[] } } };
    expect(list.result.structuredContent.items.map((a) => a.id)).toEqual(['115-hamdt-962', '115-hamdt-963']);
  });

  it('writes the amendments to the bulk snapshot, one line per amendment as the API has it', async () => {
    await exportBulkSnapshot(NOW);
    const listing = await api().request('GET', '/api/bulk');
    const file = listing.body.files.find((f) => f.path === 'amendments/115.jsonl.gz');
    expect(file).toMatchObject({ entity: 'amendments', congress: 115, records: 5 });
    const body = Buffer.from(await (await fetch(new URL(new URL(file!.url).pathname, e2e.stack().apiUrl))).arrayBuffer());
    const lines = gunzipSync(body)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; status: string; roll_calls: unknown[]; actions: unknown[] });
    expect(lines.map((l) => l.id)).toEqual(['115-hamdt-489', '115-hamdt-490', '115-hamdt-491', '115-hamdt-962', '115-hamdt-963']);
    const detail = (await api().request('GET', '/api/amendments/115-hamdt-489')).body;
    expect(lines[0]).toMatchObject({ status: detail.status, actions: detail.actions });
  });
});
