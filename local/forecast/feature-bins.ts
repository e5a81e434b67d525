/**
 * The trainer's view of the feature matrix: each feature cut into at most
 * `maxBins` bins at values seen in training (bin 0 is "missing"), so a split is
 * chosen from a histogram of bins instead of every distinct value. Features
 * where nearly every bill shares one bin (the one-hot committees and policy
 * areas, the title kinds) are stored per row as the few exceptions (a
 * compressed sparse row list), so a histogram costs the leaf's rows times
 * their exceptions instead of rows times features.
 */

export interface BinnedMatrix {
  rows: number;
  /** Per feature, the upper edge of bins 1..n: a value v is in bin 1 + (first i with v <= edges[i]). */
  edges: Float64Array[];
  /** Per feature, its slot among the dense features, or -1 when sparse. */
  slot: Int32Array;
  /** Per feature, the bin most rows are in when sparse (-1 when dense). */
  common: Int32Array;
  /** Dense features' bins, row by row: bins[row * denseCount + slot]. */
  denseCount: number;
  denseBins: Uint8Array;
  /** Sparse features' other bins: row r's are entries rowStart[r]..rowStart[r+1]-1. */
  rowStart: Int32Array;
  entryFeature: Int32Array;
  entryBin: Uint8Array;
}

/** Cut points: every distinct value when few, else values at evenly spaced ranks. */
function edgesOf(column: Float64Array, maxBins: number): Float64Array {
  const present: number[] = [];
  for (const v of column) if (!Number.isNaN(v)) present.push(v);
  const values = Float64Array.from(present).sort();
  const distinct: number[] = [];
  for (const v of values) if (distinct.length === 0 || v !== distinct.at(-1)) distinct.push(v);
  if (distinct.length <= maxBins - 1) return Float64Array.from(distinct);
  const edges: number[] = [];
  for (let k = 1; k < maxBins - 1; k += 1) {
    const v = values[Math.floor((k * values.length) / (maxBins - 1))]!;
    if (edges.length === 0 || v > edges.at(-1)!) edges.push(v);
  }
  if (values.at(-1)! > edges.at(-1)!) edges.push(values.at(-1)!);
  return Float64Array.from(edges);
}

/** The bin of a value: 0 when missing, else 1 + the first edge at or above it (values above every edge share the last bin). */
export function binOf(edges: Float64Array, v: number): number {
  if (Number.isNaN(v)) return 0;
  let lo = 0;
  let hi = edges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid]! >= v) hi = mid;
    else lo = mid + 1;
  }
  return 1 + lo;
}

/** Bins feature vectors (one per row); a feature is sparse when at least `sparseShare` of rows share a bin. */
export function binMatrix(vectors: ArrayLike<number>[], maxBins: number, sparseShare = 0.9): BinnedMatrix {
  const rows = vectors.length;
  const features = vectors[0]?.length ?? 0;
  const binned: Uint8Array[] = [];
  const edges: Float64Array[] = [];
  const common = new Int32Array(features).fill(-1);
  const slot = new Int32Array(features).fill(-1);
  let denseCount = 0;
  for (let f = 0; f < features; f += 1) {
    const column = new Float64Array(rows);
    for (let r = 0; r < rows; r += 1) column[r] = vectors[r]![f]!;
    const e = edgesOf(column, maxBins);
    const bins = new Uint8Array(rows);
    const counts = new Int32Array(e.length + 1);
    for (let r = 0; r < rows; r += 1) counts[(bins[r] = binOf(e, column[r]!))]! += 1;
    const top = counts.indexOf(Math.max(...counts));
    if (counts[top]! >= sparseShare * rows) common[f] = top;
    else slot[f] = denseCount++;
    edges.push(e);
    binned.push(bins);
  }
  const denseBins = new Uint8Array(rows * denseCount);
  const rowStart = new Int32Array(rows + 1);
  const entries: [number, number][] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let f = 0; f < features; f += 1) {
      const b = binned[f]![r]!;
      if (slot[f]! >= 0) denseBins[r * denseCount + slot[f]!] = b;
      else if (b !== common[f]) entries.push([f, b]);
    }
    rowStart[r + 1] = entries.length;
  }
  return {
    rows,
    edges,
    slot,
    common,
    denseCount,
    denseBins,
    rowStart,
    entryFeature: Int32Array.from(entries, (e) => e[0]),
    entryBin: Uint8Array.from(entries, (e) => e[1]),
  };
}

/** The bin of one row of one feature. */
export function rowBin(m: BinnedMatrix, row: number, feature: number): number {
  const s = m.slot[feature]!;
  if (s >= 0) return m.denseBins[row * m.denseCount + s]!;
  for (let k = m.rowStart[row]!; k < m.rowStart[row + 1]!; k += 1) if (m.entryFeature[k] === feature) return m.entryBin[k]!;
  return m.common[feature]!;
}
