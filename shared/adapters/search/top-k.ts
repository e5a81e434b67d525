/**
 * The k best of many offers, in a heap of k (the word ranker's page: the
 * best `offset + limit` of every matching bill, without sorting them all).
 * Higher keys rank first; on a tie the lower row id does (FTS5's ORDER BY
 * score, rid), or the higher one with `newerFirst` (a date page's tie-break).
 */
export class TopK {
  private readonly k: number;
  private readonly newerFirst: boolean;
  private readonly rids: number[] = [];
  private readonly keys: number[] = [];

  constructor(k: number, newerFirst: boolean) {
    this.k = k;
    this.newerFirst = newerFirst;
  }

  /** Whether the item at i ranks below the one at j (the heap keeps the lowest at its root). */
  private below(i: number, j: number): boolean {
    return this.worse(this.keys[i] ?? 0, this.rids[i] ?? 0, this.keys[j] ?? 0, this.rids[j] ?? 0);
  }

  private worse(key: number, rid: number, otherKey: number, otherRid: number): boolean {
    if (key !== otherKey) return key < otherKey;
    return this.newerFirst ? rid < otherRid : rid > otherRid;
  }

  private swap(i: number, j: number): void {
    [this.keys[i], this.keys[j]] = [this.keys[j] ?? 0, this.keys[i] ?? 0];
    [this.rids[i], this.rids[j]] = [this.rids[j] ?? 0, this.rids[i] ?? 0];
  }

  /** How many are held (at most k). */
  get size(): number {
    return this.rids.length;
  }

  offer(rid: number, key: number): void {
    if (this.k === 0) return;
    if (this.rids.length < this.k) {
      this.rids.push(rid);
      this.keys.push(key);
      for (let i = this.rids.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.worse(key, rid, this.keys[0] ?? 0, this.rids[0] ?? 0)) return;
    this.rids[0] = rid;
    this.keys[0] = key;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let low = i;
      if (l < this.rids.length && this.below(l, low)) low = l;
      if (r < this.rids.length && this.below(r, low)) low = r;
      if (low === i) break;
      this.swap(i, low);
      i = low;
    }
  }

  /** Best first. */
  sorted(): number[] {
    const order = this.rids.map((_, i) => i).sort((a, b) => (this.below(a, b) ? 1 : this.below(b, a) ? -1 : 0));
    return order.map((i) => this.rids[i] ?? 0);
  }
}
