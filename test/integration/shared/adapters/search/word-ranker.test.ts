/**
 * The word ranker (shared/adapters/search/word-ranker.ts) against the full scan the
 * bench checks the engine with (test/support/search-brute-force.ts): on a
 * corpus of 4,000 synthetic bills, every query of words, prefixes, typos and
 * two-word phrases returns the full scan's page and exact total, before the
 * postings are compacted, after, and after bills are rewritten and removed
 * (stale compacted postings, recent words in memory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom, wordRun } from '#bench/support/query-words.ts';
import { BruteForce, type ScoredBill } from '#test/support/search-brute-force.ts';
import { buildCorpus } from '#bench/support/search-corpus.ts';
import { parseQuery } from '#shared/domain/search/search-query.ts';
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import type { SearchFilters, SearchRequest } from '#shared/adapters/search/search-filters.ts';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'word-ranker-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Queries of 1-3 words from the bills' own text: bare (the last a prefix), typed with a space after, or a quoted pair. */
function queries(docs: SearchDocument[], n: number): SearchRequest[] {
  const r = seededRandom(11);
  const out: SearchRequest[] = [];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  while (out.length < n) {
    const doc = pick(docs);
    const words = `${doc.title} ${doc.summary}`
      .toLowerCase()
      .split(/[^a-z0-9]+/u)
      .filter((w) => w.length > 2);
    if (words.length < 4) continue;
    const chosen = wordRun(words, 3, r);
    const style = Math.floor(r() * 3);
    const q = style === 0 && chosen.length === 2 ? `"${chosen.join(' ')}"` : style === 1 ? `${chosen.join(' ')} ` : chosen.join(' ');
    const filters: SearchFilters = [{}, { chamber: doc.chamber }, { has_document: true }, { congress: doc.congress }, { topic: doc.topics[0] }][
      Math.floor(r() * 5)
    ] as SearchFilters;
    out.push({ q, filters, sort: out.length % 3 === 2 ? 'date' : 'relevance', limit: 10, offset: out.length % 5 === 4 ? 10 : 0 });
  }
  return out;
}

function expectFullScan(index: SearchIndex, docs: SearchDocument[], rids: Map<string, number>, qs: SearchRequest[]): void {
  const brute = new BruteForce(docs);
  for (const q of qs) {
    const all = brute.run(parseQuery(q.q), q.filters, NOW).map((s) => ({ ...s, rid: rids.get(s.bill_id) ?? 0 }));
    const order = (a: ScoredBill, b: ScoredBill) => (q.sort === 'date' ? b.date.localeCompare(a.date) || b.rid - a.rid : a.score - b.score || a.rid - b.rid);
    const expected = all.sort(order).slice(q.offset, q.offset + q.limit);
    const got = index.search(q, NOW);
    const where = `${q.q} ${JSON.stringify(q.filters)} ${q.sort} +${q.offset}`;
    expect(got.total, where).toBe(all.length);
    const byId = new Map(all.map((s) => [s.bill_id, s]));
    got.hits.forEach((h, i) => {
      const want = expected[i] as ScoredBill;
      const have = byId.get(h.bill_id);
      // A hit is the full scan's, or scores the same (two floating-point sums of one score may differ in the last bits).
      const same =
        h.bill_id === want.bill_id || (q.sort === 'relevance' && have !== undefined && Math.abs(have.score - want.score) <= 1e-9 * Math.abs(want.score));
      expect(same, `${where}: hit ${i} is ${h.bill_id}, the full scan's is ${want.bill_id}`).toBe(true);
    });
    expect(got.hits.length, where).toBe(expected.length);
  }
}

describe('the word ranker', () => {
  const corpus = buildCorpus(4_000, 5).docs;
  const qs = queries(corpus, 80);
  const path = join(dir, 'index.db');
  // BM25 alone: a query that is a bill's title word for word puts it first on top (./search-index.test.ts).
  const index = SearchIndex.open(path, { bulk: true, exactTitles: false });
  index.upsert(corpus, '2026-01-01T00:00:00.000Z');
  const rids = new Map(corpus.map((d, i) => [d.bill_id, i + 1]));

  it('answers as a full scan before the postings are compacted (every bill recent)', { timeout: 120_000 }, () => {
    expectFullScan(index, corpus, rids, qs);
  });

  it('answers as a full scan from compacted postings, two-word phrases of common words included', { timeout: 120_000 }, () => {
    index.optimize();
    expect(qs.some((q) => q.q.startsWith('"'))).toBe(true);
    expectFullScan(index, corpus, rids, qs);
  });

  it('answers as a full scan after bills are rewritten and removed since compaction, and after reopening the file', { timeout: 120_000 }, () => {
    const rewritten = corpus.slice(0, 300).map((d, i) => ({ ...d, title: `${d.title} ${corpus[i + 1000]?.title ?? ''}`, latest_action_date: '2026-02-02' }));
    index.upsert(rewritten, '2026-01-02T00:00:00.000Z');
    const removed = corpus.slice(300, 400).map((d) => d.bill_id);
    index.remove(removed);
    const now = [...rewritten, ...corpus.slice(400)];
    expectFullScan(index, now, rids, qs);
    index.close();
    const reopened = SearchIndex.open(path, { readOnly: true, exactTitles: false });
    expectFullScan(reopened, now, rids, qs);
    reopened.close();
  });
});
