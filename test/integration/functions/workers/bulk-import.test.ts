/**
 * The bulk Bill Status import end to end (issue 21.1) on DynamoDB Local and
 * fauxqs: POST /api/admin/backfill-bills with source "bulk" for the 114th
 * (legacy format) and 117th (v3) Congresses, GovInfo's zips served by a
 * local stand-in built from the fixtures; the bill-status-import worker
 * stages each zip in the bucket, fans its files out in chunks and imports
 * them; progress reads as a backfill; nothing is notified; a second run
 * creates and changes nothing; bad requests are 422s.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '#functions/api/admin.ts';
import { handler as bills } from '#functions/api/bills.ts';
import { handler as importWorker } from '#functions/workers/bill-status-import.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { call } from '#test/support/api.ts';
import { buildZip, bulkStandIn, zipsOfFiles, type BulkStandIn } from '#test/support/bulk-zips.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { FIXTURES, hasFixtures } from '../../../support/ingest-fixtures.ts';
import { drain, takeAll } from '../../../support/drain.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const DIR = path.join(FIXTURES, 'govinfo-billstatus');
let standIn: BulkStandIn;
let token = '';
let expected: Map<number, string[]>;

beforeAll(async () => {
  if (!hasFixtures) return;
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => {
      const text = readFileSync(path.join(DIR, f), 'utf8');
      const { bill } = parseBillStatus(text);
      return { congress: bill.congress, type: bill.type, number: bill.number, text, id: bill.id };
    });
  expected = new Map(
    [114, 117].map((c) => [
      c,
      files
        .filter((f) => f.congress === c)
        .map((f) => f.id)
        .sort(),
    ]),
  );
  const zips = new Map<string, Buffer>();
  for (const [key, specs] of zipsOfFiles(files)) zips.set(key, await buildZip(specs));
  standIn = await bulkStandIn(zips);
  process.env.GOVINFO_BULK_BASE_URL = standIn.base;
  resetConfig();
  ({ token } = await newAccount('bulk-admin@example.org'));
});
afterAll(async () => {
  delete process.env.GOVINFO_BULK_BASE_URL;
  resetConfig();
  await standIn?.close();
});

interface View {
  id: string;
  source: string;
  state: string;
  pages_done: number;
  pages_total: number | null;
  bills_seen: number;
  bills_total: number | null;
  bills_queued: number;
  bills_refreshed: number;
  files_failed: number | null;
  action?: string;
}
const start = (body: unknown) => call(admin, 'POST', '/api/admin/backfill-bills', { token, body });
const status = async (id: string) => (await call(admin, 'GET', `/api/admin/backfill-bills/${id}`, { token })).body as View;

describe.skipIf(!hasFixtures)('bulk Bill Status import through the admin route and the worker', () => {
  it('imports the 114th (legacy) and 117th (v3) Congresses from their zips, with progress as a backfill', async () => {
    for (const congress of [114, 117]) {
      const res = await start({ congress, source: 'bulk' });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ id: `bulk-congress-${congress}`, source: 'bulk', state: 'running', action: 'started', pages_total: 8 });
    }
    const again = await start({ congress: 117, source: 'bulk' });
    expect(again.status).toBe(409);
    const { failures } = await drain({ 'bill-status-import': importWorker });
    expect(failures).toEqual([]);
    for (const congress of [114, 117]) {
      const ids = expected.get(congress) as string[];
      const view = await status(`bulk-congress-${congress}`);
      expect(view).toMatchObject({
        state: 'completed',
        pages_done: 8,
        bills_total: ids.length,
        bills_seen: ids.length,
        bills_queued: ids.length,
        files_failed: 0,
      });
      for (const id of ids) expect((await call(bills, 'GET', `/api/bills/${id}`)).status, id).toBe(200);
    }
    // Each zip fetched once; the bill types without bills answered 404 and count as listed with no files.
    expect(standIn.served.filter((p) => p.endsWith('BILLSTATUS-117-hr.zip'))).toHaveLength(1);
    const list = await call(admin, 'GET', '/api/admin/backfill-bills', { token });
    expect((list.body as { items: View[] }).items.map((v) => v.id)).toEqual(expect.arrayContaining(['bulk-congress-114', 'bulk-congress-117']));
    expect(await takeAll('notification-dispatch')).toEqual([]);
    const law = (await call(bills, 'GET', '/api/bills/114-hr-1314')).body as { status: string; laws: unknown[]; crs_summaries: unknown[] };
    expect(law).toMatchObject({ status: 'ENACTED:SIGNED', laws: [{ type: 'Public Law', number: '114-74' }] });
    expect(law.crs_summaries.length).toBe(6);
  }, 120_000);

  it('runs again without creating or changing anything', async () => {
    await takeAll('document-fetch');
    await takeAll('ingest-tasks');
    const res = await start({ congress: 117, source: 'bulk' });
    expect(res.body).toMatchObject({ action: 'restarted', state: 'running' });
    await drain({ 'bill-status-import': importWorker });
    const view = await status('bulk-congress-117');
    expect(view).toMatchObject({ state: 'completed', bills_queued: 0, bills_refreshed: 0, bills_seen: (expected.get(117) as string[]).length });
  }, 120_000);

  it('answers 422 for a bulk backfill without a Congress, or of a Congress GovInfo has no files for', async () => {
    expect((await start({ source: 'bulk', from: '2024-01-01', to: '2024-01-31' })).status).toBe(422);
    const early = await start({ source: 'bulk', congress: 100 });
    expect(early.status).toBe(422);
    expect((early.body as { detail: string }).detail).toMatch(/108/);
    expect((await call(admin, 'GET', '/api/admin/backfill-bills/bulk-congress-110', { token })).status).toBe(404);
  });
});
