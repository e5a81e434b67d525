/**
 * Where one hostile query's CPU goes on its first run (issue 32.7): opens a
 * built index (BENCH_SEARCH_INDEX, required), warms it with one query as the
 * adversarial bench does, then runs the named queries of
 * bench/support/hostile-queries.ts once each under the V8 profiler and prints
 * each one's CPU time and the functions that took most of it (self time).
 * `BENCH_SEARCH_INDEX=/path/350k.db npx tsx bench/search-adversarial-profile.ts "83 unknown" "typos of 8 long"`
 * (BENCH_PROFILE_WARM=1: each query's second run; BENCH_PROFILE_SORT=date: newest first).
 * Queries run in the order named, in one process, as the bench runs them.
 */
import { Session } from 'node:inspector';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { hostileQueries } from './support/hostile-queries.ts';
import { buildCorpus } from './support/search-corpus.ts';
import { timed } from './support/timing.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const INDEX = process.env.BENCH_SEARCH_INDEX;
const SORT = process.env.BENCH_PROFILE_SORT === 'date' ? 'date' : 'relevance';
/** BENCH_PROFILE_WARM=1 profiles each query's second run instead (its words' postings cached). */
const WARM = process.env.BENCH_PROFILE_WARM === '1';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const post = <T>(session: Session, method: string, params: object = {}): Promise<T> =>
  new Promise((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result as T))));

/** The functions with the most self time, in ms. */
function hottest(profile: Profile, count: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` : '?';
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}

async function main(): Promise<void> {
  if (!INDEX) throw new Error('BENCH_SEARCH_INDEX: the path of a built index');
  const wanted = process.argv.slice(2);
  const queries = hostileQueries(buildCorpus(100).vocabulary).filter(([name]) => wanted.length === 0 || wanted.some((w) => name.includes(w)));
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-profile-'));
  try {
    const path = join(dir, 'search.db');
    copyFileSync(INDEX, path);
    SearchIndex.open(path).close();
    const index = SearchIndex.open(path, { readOnly: true });
    index.search({ q: 'health', filters: {}, sort: 'relevance', limit: 10, offset: 0 }, NOW);
    const session = new Session();
    session.connect();
    await post(session, 'Profiler.enable');
    await post(session, 'Profiler.setSamplingInterval', { interval: 100 });
    for (const [name, q] of queries) {
      if (WARM) index.search({ q, filters: {}, sort: SORT, limit: 10, offset: 0 }, NOW);
      await post(session, 'Profiler.start');
      const { cpu } = timed(() => index.search({ q, filters: {}, sort: SORT, limit: 10, offset: 0 }, NOW));
      const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
      const again = timed(() => index.search({ q, filters: {}, sort: SORT, limit: 10, offset: 0 }, NOW)).cpu;
      console.log(`${name} (${SORT}): ${WARM ? 'second' : 'first'} run ${cpu.toFixed(1)} ms CPU, then ${again.toFixed(1)} ms`);
      console.log(hottest(profile, 12).join('\n'));
    }
    index.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
