/**
 * Whether no bill is on every one of a query's short posting lists, read one
 * at a time and stopping at the first that leaves none (issue 32.7). A query
 * of several quoted phrases of common words is the pairs of each phrase, and
 * pairs of different phrases seldom meet in one bill: "8 quoted phrases of
 * common words" at 350,000 bills is 24 pairs, and its first four leave no
 * bill. Reading and decoding all 24 (25,000 postings, 24 row lookups) was
 * most of that query's first run in a process (bench/results/search-adversarial.md,
 * run 8); an empty answer needs only the lists up to the one that empties it.
 */

/**
 * True when no bill is on all `count` lists (ascending row ids each, from `list(i)`, read in order
 * and only while some bill is left). `mark` is scratch, one slot per row id, zero before and after.
 */
export function disjointLists(count: number, list: (i: number) => ArrayLike<number>, mark: Uint8Array): boolean {
  // A mark holds how many lists a bill has been on so far: a byte.
  if (count < 2 || count > 255) return false;
  const first = list(0);
  for (let i = 0; i < first.length; i++) mark[first[i] ?? 0] = 1;
  let left = first.length;
  for (let g = 1; g < count && left > 0; g++) {
    const rids = list(g);
    left = 0;
    for (let i = 0; i < rids.length; i++) {
      const rid = rids[i] ?? 0;
      if (mark[rid] === g) {
        mark[rid] = g + 1;
        left += 1;
      }
    }
  }
  for (let i = 0; i < first.length; i++) mark[first[i] ?? 0] = 0;
  return left === 0;
}
