/**
 * `npm run bench:saved-searches`: the cost of matching a newly indexed bill
 * against every saved search (shared/adapters/search/saved-search-matcher.ts), at
 * 1,000 and 10,000 saved searches (BENCH_SAVED_SEARCHES to change). The
 * searches are indexed once by key word (what the worker does per batch,
 * timed apart); each new document then runs only its candidates.
 * Saved queries of one to three words (a third quoted, some with a filter)
 * are drawn from the synthetic corpus of bench:search (Zipf-distributed title
 * and text words, so common words are as common as in real titles); each new
 * document is a corpus bill with text (BENCH_NEW_DOCS of them, 30 unless set).
 * Prints the index build, then per document: p50 / p95 / max of the candidate
 * look-up alone (the part that could grow with the number of searches) and of
 * the whole match, and the candidates and matches per document.
 */
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import { SavedSearchIndex, type SavedQuery } from '#shared/adapters/search/saved-search-matcher.ts';
import { seededRandom, wordRun } from './support/query-words.ts';
import { pct } from './support/timing.ts';
import { buildCorpus } from './support/search-corpus.ts';

const SIZES = (process.env.BENCH_SAVED_SEARCHES ?? '1000,10000').split(',').map(Number);
const NEW_DOCS = Number(process.env.BENCH_NEW_DOCS ?? 30);
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
const ms = (times: number[]) => `p50 ${pct(times, 50).toFixed(2)} / p95 ${pct(times, 95).toFixed(2)} / max ${Math.max(...times).toFixed(2)} ms`;
const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
for (const size of SIZES) {
  const searches = savedQueries(corpus.docs, size);
  let started = performance.now();
  const index = new SavedSearchIndex(searches);
  const built = performance.now() - started;
  index.match([fresh[0] as SearchDocument], NOW); // warm the engine's module
  const [lookups, totals, candidates, matches]: [number[], number[], number[], number[]] = [[], [], [], []];
  for (const doc of fresh) {
    started = performance.now();
    candidates.push(index.candidates([doc]).length);
    lookups.push(performance.now() - started);
    started = performance.now();
    matches.push(index.match([doc], NOW).length);
    totals.push(performance.now() - started);
  }
  console.log(`${size.toLocaleString('en-US')} saved searches: index built in ${built.toFixed(0)} ms (once per batch)`);
  console.log(`  candidate look-up per new document: ${ms(lookups)}; ${mean(candidates)} candidates (max ${Math.max(...candidates)})`);
  console.log(`  whole match per new document:       ${ms(totals)}; ${mean(matches)} matches (max ${Math.max(...matches)})`);
}

// The part that must not grow with the number of saved searches: a document among searches of two words drawn
// from words no new document holds (the few one typo from a word it holds still run the engine, as they should).
const held = new Set(fresh.flatMap((d) => `${d.title} ${d.summary} ${d.text}`.toLowerCase().split(/[^a-z0-9]+/u)));
const absent = corpus.vocabulary.filter((w) => !held.has(w) && w.length > 3);
for (const size of [1_000, 10_000, 100_000]) {
  const r = seededRandom(size);
  const pick = () => absent[Math.floor(r() * absent.length)] as string;
  const searches = Array.from({ length: size }, (_, i) => ({ key: i.toString(16).padStart(20, '0'), q: `${pick()} ${pick()}`, filters: {} }));
  const index = new SavedSearchIndex(searches);
  const [totals, candidates]: [number[], number[]] = [[], []];
  for (const doc of fresh) {
    const started = performance.now();
    candidates.push(index.candidates([doc]).length);
    index.match([doc], NOW);
    totals.push(performance.now() - started);
  }
  console.log(
    `${size.toLocaleString('en-US')} saved searches of words the documents lack: whole match per new document ${ms(totals)}; ${mean(candidates)} candidates (max ${Math.max(...candidates)})`,
  );
}
