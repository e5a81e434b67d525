/**
 * `npm run bench:saved-searches`: the cost of matching a newly indexed bill
 * against every saved search (shared/adapters/search/saved-search-matcher.ts), at
 * 1,000, 5,000 and 20,000 saved searches (BENCH_SAVED_SEARCHES to change).
 * Saved queries of one to three words (a third quoted, some with a filter)
 * are drawn from the synthetic corpus of bench:search (Zipf-distributed title
 * and text words, so common words are as common as in real titles); each new
 * document is a corpus bill with text. Prints per-document p50 / p95 / max and
 * the matches per document, as the search-index worker pays them per message.
 */
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import { matchSavedSearches, type SavedQuery } from '#shared/adapters/search/saved-search-matcher.ts';
import { seededRandom, wordRun } from './support/query-words.ts';
import { pct } from './support/timing.ts';
import { buildCorpus } from './support/search-corpus.ts';

const SIZES = (process.env.BENCH_SAVED_SEARCHES ?? '1000,5000,20000').split(',').map(Number);
const NEW_DOCS = 100;
const NOW = new Date('2026-06-01T00:00:00Z');

/** Saved searches as people write them: a few words of some bill's title, summary or text. */
function savedQueries(docs: SearchDocument[], n: number): SavedQuery[] {
  const r = seededRandom(11);
  const out: SavedQuery[] = [];
  while (out.length < n) {
    const doc = docs[Math.floor(r() * docs.length)] as SearchDocument;
    const source = [doc.title, doc.summary, doc.text].filter(Boolean)[Math.floor(r() * 3)] ?? doc.title;
    const words = source
      .toLowerCase()
      .split(/[^a-z0-9]+/u)
      .filter((w) => w.length > 3);
    if (words.length < 3) continue;
    const chosen = wordRun(words, 3, r);
    const q = chosen.length > 1 && r() < 0.3 ? `"${chosen.join(' ')}"` : chosen.join(' ');
    const f = Math.floor(r() * 5);
    const filters = f === 1 ? { congress: doc.congress } : f === 2 ? { chamber: doc.chamber } : f === 3 ? { has_document: true } : {};
    out.push({ key: out.length.toString(16).padStart(20, '0'), q, filters });
  }
  return out;
}

const corpus = buildCorpus(20_000);
const withText = corpus.docs.filter((d) => d.text.length > 0);
const fresh = withText.slice(-NEW_DOCS);
console.log(`corpus: ${corpus.docs.length} bills, ${withText.length} with text; ${fresh.length} new documents matched one at a time`);
for (const size of SIZES) {
  const searches = savedQueries(corpus.docs, size);
  matchSavedSearches([fresh[0] as SearchDocument], searches, NOW); // warm the engine's module
  const times: number[] = [];
  const matches: number[] = [];
  for (const doc of fresh) {
    const started = performance.now();
    matches.push(matchSavedSearches([doc], searches, NOW).length);
    times.push(performance.now() - started);
  }
  const mean = matches.reduce((a, b) => a + b, 0) / matches.length;
  console.log(
    `${size.toLocaleString('en-US')} saved searches: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms per new document; ${mean.toFixed(1)} matches per document (max ${Math.max(...matches)})`,
  );
}
