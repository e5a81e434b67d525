/**
 * What the search benches measure with: percentiles of a sample, and the wall
 * and CPU time of one synchronous call (on a shared machine the wall time
 * carries other tenants' work; the CPU time is the call's own).
 */

/** The p-th percentile (0-100) of a sample, nearest rank. */
export const pct = (xs: readonly number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/** The wall and CPU time of one synchronous call, in ms. */
export function timed(work: () => unknown): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const t = performance.now();
  work();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}
