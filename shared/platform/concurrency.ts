/** Runs async work over a list with a bound on how many run at once (fan-out to DynamoDB, SMTP, push servers). */

/** Maps `items` through `work`, at most `limit` at a time, keeping order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T, i);
    }
  });
  await Promise.all(runners);
  return results;
}
