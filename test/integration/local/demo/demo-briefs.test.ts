/**
 * Every brief the offline demo makes, on DynamoDB Local and fauxqs, loaded as
 * the local stack loads it: the Bill Status bills imported, the document
 * fetch of each bill with a shipped text queued, the seed's poll, and the
 * workers drained; then the demo replay releases H.J.Res. 37's second text.
 * Before and after the replay, each bill with a shipped text has a brief
 * written by the extractive briefer, and every point of every brief quotes a
 * passage the quote locator found in the text of its version: the text the
 * API serves, at the offsets the brief carries, inside the unit its label
 * names, never in the cover, the running heads or the attestation, and
 * never the same words as the point itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as briefWorker } from '#functions/workers/brief.ts';
import { handler as documentFetch } from '#functions/workers/document-fetch.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { listBriefs } from '#shared/adapters/db/briefs.repository.ts';
import { getStoredText, listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { textView } from '#shared/use-cases/bills/bill-reads.ts';
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { quoteKey } from '#shared/domain/briefs/quote-locator.ts';
import { outlineOf } from '#shared/domain/briefs/section-parser.ts';
import { isCitable, pieceAt } from '#shared/domain/bills/text-outline.ts';
import { importDemoBills } from '#local/demo/demo-bills.ts';
import { replayDemo } from '#local/demo/demo-replay.ts';
import { TEXT_REPLAY_BILL_ID, textReplaySchedule } from '#local/demo/demo-replay-text.ts';
import { queueDemoTextFetches } from '#local/demo/demo-texts.ts';
import { SEED_POLL_WINDOW } from '#local/fixtures/build-seed-har.ts';
import { demoTexts } from '#local/fixtures/seed-texts.ts';
import { useDemoReplayStandIn } from '#test/support/demo-replay-stand-in.ts';
import { drain } from '#test/support/drain.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();
const workers = { 'ingest-tasks': ingestTasks, 'document-fetch': documentFetch, brief: briefWorker };
const { cache, clock } = useDemoReplayStandIn(() => []);
const TEXT_BILLS = [...new Set(demoTexts().map((t) => t.bill_id))];

beforeAll(async () => {
  const now = new Date('2026-03-01T00:00:00Z');
  await importDemoBills(now);
  await queueDemoTextFetches();
  await pollBills({ now, ...SEED_POLL_WINDOW, force: true });
  const { failures } = await drain(workers, 200);
  expect(failures).toEqual([]);
}, 240_000);

/** Every brief of the text bills, with each point checked against the stored text of its version. */
async function checkEveryBrief(): Promise<{ briefs: Brief[]; points: number }> {
  const briefs: Brief[] = [];
  let points = 0;
  for (const billId of TEXT_BILLS) {
    const versions = await listTextVersions(billId);
    for (const brief of await listBriefs(billId)) {
      briefs.push(brief);
      const version = versions.find((v) => v.version_code === brief.text_version_code);
      const stored = version && (await getStoredText(version));
      if (!stored) throw new Error(`${billId} ${brief.text_version_code}: no stored text`);
      const outline = outlineOf(stored);
      const served = await textView(billId, brief.text_version_code);
      const where = `${billId} brief ${brief.version}`;
      expect(brief, where).toMatchObject({ method: 'extractive', withheld_points: 0, uncited: false });
      expect('text' in served && served.text, where).toBe(stored.text);
      for (const p of brief.points) {
        points += 1;
        const c = p.citation;
        if (!c) throw new Error(`${where} ${p.id}: a point without a citation`);
        // The passage at the brief's offsets is the quote, word for word.
        expect(quoteKey(stored.text.slice(c.start, c.end)), `${where} ${p.id}`).toBe(quoteKey(c.quote));
        // The label names the unit that holds it, inside the bill's text proper.
        const piece = pieceAt(outline, c.start);
        expect(piece && isCitable(piece.kind), `${where} ${p.id} in ${piece?.ref}`).toBe(true);
        const unit = [...outline.units, ...outline.pieces].find((u) => u.ref === c.section);
        expect(unit && unit.start <= c.start && c.end <= unit.end, `${where} ${p.id}: ${c.section} holds the quote`).toBe(true);
        expect(p.text, `${where} ${p.id}`).not.toBe(c.quote);
        expect(c.quote, `${where} ${p.id}`).not.toMatch(/\bRFS\b|\bIIB\b|CONGRESS \d+(st|d|th) Session/);
      }
    }
  }
  return { briefs, points };
}

describe('the offline demo briefs', () => {
  it('briefs every bill with a shipped text, and every quote of every brief is located', async () => {
    const { briefs, points } = await checkEveryBrief();
    const briefed = new Set(briefs.map((b) => b.bill_id));
    expect([...briefed].sort()).toEqual([...TEXT_BILLS].sort());
    expect(TEXT_BILLS).toHaveLength(10);
    // Each full brief quotes the bill (an amendment brief quotes only what changed, maybe nothing); H.R. 2471's, read from the classic bill DTD, its findings too.
    for (const b of briefs.filter((x) => x.type === 'full')) expect(b.points.length, b.bill_id).toBeGreaterThanOrEqual(1);
    const hr2471 = briefs.find((b) => b.bill_id === '117-hr-2471');
    expect(hr2471?.points.map((p) => p.citation?.section)).toEqual(expect.arrayContaining(['Sec. 1', 'Sec. 2(1)']));
    console.log(`[demo briefs] before the replay: ${briefs.length} briefs of ${briefed.size} bills, ${points} points, every quote located`);
  });

  it("labels H.J.Res. 37's findings as paragraphs of Sec. 1, never as a section a finding's words begin", async () => {
    const [brief] = await listBriefs(TEXT_REPLAY_BILL_ID);
    const labels = brief?.points.map((p) => p.citation?.section) ?? [];
    expect(labels).toContain('Sec. 1(1)');
    expect(labels.every((l) => l && /^Sec\. [1-6](\(\d+\)(\([A-Z]\))?)?$/.test(l))).toBe(true);
  });

  it('after the replay, the amendment brief of H.J.Res. 37 quotes the changed text, not its running head', async () => {
    await replayDemo([textReplaySchedule()], cache, { step_ms: 0 }, clock);
    const { failures } = await drain(workers);
    expect(failures).toEqual([]);
    const [amendment] = await listBriefs(TEXT_REPLAY_BILL_ID);
    expect(amendment).toMatchObject({ type: 'amendment', text_version_code: 'rfs', previous_text_version_code: 'rh' });
    expect(amendment?.points[0]?.citation?.section).toBe('Sec. 1(11)');
    const { briefs, points } = await checkEveryBrief();
    console.log(`[demo briefs] after the replay: ${briefs.length} briefs, ${points} points, every quote located`);
  });
});
