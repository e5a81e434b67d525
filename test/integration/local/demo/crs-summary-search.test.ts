/**
 * Issue 23's done-when for summaries, offline: the demo's Bill Status bills
 * (local/demo/billstatus) imported through the bulk import's per-file path,
 * which asks the indexer for each; the indexer's real path (the search-index
 * worker's messages) reads each bill's CRS summary into a change set; a search
 * container's live index applies them. Then, for every demo bill with a
 * summary, a query of three of its summary's distinctive words (not in its
 * title) finds it in the top 5.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BILLSTATUS_DIR, importDemoBills } from '#local/demo/demo-bills.ts';
import { indexBills } from '#shared/use-cases/bills/search-indexing.ts';
import { STOP_WORDS, tokens } from '#shared/domain/search/search-query.ts';
import { IndexBill } from '#shared/adapters/messaging/messages.ts';
import { parseBillStatus, type ParsedBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { liveIndex, resetLiveIndex } from '#shared/adapters/search/live-index.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { takeAll } from '#test/support/drain.ts';

useIntegrationStack();

const NOW = new Date('2026-06-20T12:00:00Z');
let demo: ParsedBillStatus[] = [];

/** Three words of the bill's latest summary, absent from its titles, that the fewest demo bills' summaries and titles hold. */
function distinctiveWords(bill: ParsedBillStatus, frequency: Map<string, number>): string[] {
  const titled = new Set(tokens(`${bill.bill.title} ${bill.bill.short_title ?? ''}`));
  const words = [...new Set(tokens(bill.summaries.at(-1)?.text ?? ''))].filter(
    (w) => w.length >= 5 && /^[a-z]+$/u.test(w) && !titled.has(w) && !STOP_WORDS.has(w),
  );
  return words.sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0)).slice(0, 3);
}

beforeAll(async () => {
  const files = (await readdir(DEMO_BILLSTATUS_DIR)).filter((f) => f.endsWith('.xml'));
  demo = await Promise.all(files.map(async (f) => parseBillStatus(await readFile(path.join(DEMO_BILLSTATUS_DIR, f), 'utf8'), NOW.toISOString())));
  await importDemoBills(NOW);
  // The search-index worker's work, as its queue delivers it: the import asked for every bill it created.
  const requested = (await takeAll('search-index')).map((m) => IndexBill().parse(m).bill_id);
  await indexBills(requested, NOW);
  resetLiveIndex();
}, 240_000);

afterAll(() => resetLiveIndex());

describe('CRS summaries are searched', () => {
  it('asks the indexer for every imported bill', async () => {
    expect((await liveIndex()).size()).toBe(demo.length);
  });

  it('finds every demo bill with a summary in the top 5 by three distinctive words of its summary', async () => {
    const frequency = new Map<string, number>();
    for (const b of demo) for (const w of new Set(tokens(`${b.bill.title} ${b.summaries.at(-1)?.text ?? ''}`))) frequency.set(w, (frequency.get(w) ?? 0) + 1);
    const summarised = demo.filter((b) => b.summaries.length > 0);
    expect(summarised.length).toBeGreaterThan(10);
    const index = await liveIndex();

    const misses = summarised.flatMap((b) => {
      const q = distinctiveWords(b, frequency).join(' ');
      const top = index.search({ q, filters: {}, sort: 'relevance', limit: 5, offset: 0 }, NOW).hits.map((h) => h.bill_id);
      return top.includes(b.bill.id) ? [] : [`${b.bill.id} "${q}": ${top.join(', ')}`];
    });

    expect(misses).toEqual([]);
  });
});

describe('other titles and subjects are searched', () => {
  it('finds an omnibus by the short title of an act it carries, in the top 5', async () => {
    const omnibus = demo.find((b) => b.bill.id === '117-hr-2471');
    expect(omnibus?.bill.title).not.toMatch(/violence against women/i);
    expect(omnibus?.other_titles).toContain('Violence Against Women Act Reauthorization Act of 2022');
    const index = await liveIndex();
    const top = index.search({ q: 'violence against women act reauthorization', filters: {}, sort: 'relevance', limit: 5, offset: 0 }, NOW).hits;
    expect(top.map((h) => h.bill_id)).toContain('117-hr-2471');
  });

  it('finds each demo bill by a legislative subject that nothing else of it names, among the bills filed under it', async () => {
    const index = await liveIndex();
    const misses = demo.flatMap((b) => {
      const named = new Set(tokens(`${b.bill.title} ${b.other_titles.join(' ')} ${b.summaries.map((s) => s.text).join(' ')} ${b.bill.policy_area ?? ''}`));
      const subject = b.subjects.find((s) => tokens(s).every((w) => !named.has(w)));
      if (!subject) return [];
      const holders = demo.filter((d) => d.subjects.includes(subject)).length;
      const hits = index.search({ q: `"${subject}"`, filters: {}, sort: 'relevance', limit: Math.max(5, holders), offset: 0 }, NOW).hits;
      return hits.some((h) => h.bill_id === b.bill.id) ? [] : [`${b.bill.id} "${subject}"`];
    });
    expect(misses).toEqual([]);
    // The check saw subjects to look for: at least a few demo bills have one their other fields never name.
    const checked = demo.filter((b) => {
      const named = new Set(tokens(`${b.bill.title} ${b.other_titles.join(' ')} ${b.summaries.map((s) => s.text).join(' ')} ${b.bill.policy_area ?? ''}`));
      return b.subjects.some((s) => tokens(s).every((w) => !named.has(w)));
    });
    expect(checked.length).toBeGreaterThan(3);
  });
});
