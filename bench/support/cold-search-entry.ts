/**
 * One new container's first search, as bench/support/cold-search.ts runs it
 * in a fresh process from the bundle esbuild makes of this file (the
 * deployed form: the range-fetch worker beside it). From the import of the
 * engine: the manifest, the snapshot opened as a lazy file, the change sets
 * listed, then one query. Prints the time, the answer and, when asked, how
 * long the background download took to finish.
 */
import type { SearchRequest } from '#shared/adapters/search/search-filters.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const t0 = performance.now();
const { liveIndex, liveIndexDownloaded, liveIndexWaits } = await import('#shared/adapters/search/live-index.ts');
const imported = performance.now() - t0;
const request = JSON.parse(process.env.COLD_SEARCH_REQUEST ?? '{}') as SearchRequest;
const index = await liveIndex(NOW.getTime());
const opened = performance.now() - t0;
const answer = index.search(request, NOW);
const ms = performance.now() - t0;
const waits = liveIndexWaits();
let downloadedMs: number | undefined;
if (process.env.COLD_SEARCH_WAIT_DOWNLOAD === '1') {
  await liveIndexDownloaded();
  downloadedMs = performance.now() - t0;
}
console.log(JSON.stringify({ ms, imported, opened, waits, downloadedMs, total: answer.total, ids: answer.hits.map((h) => h.bill_id) }));
process.exit(0);
