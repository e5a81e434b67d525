/**
 * Every Lambda entry point has a sample event in events/ (named
 * <kind>/<entry>.<export>.json), and each handler runs on its sample: API
 * handlers answer without a 5xx, jobs succeed, workers process the batch.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBill } from '#shared/adapters/db/bills.repository.ts';
import { Bill } from '#shared/domain/bills/bill.schema.ts';
import { SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';
import { lambdaContext } from '#test/support/api.ts';
import { provisionTestStack } from '#test/support/stack.ts';

// The samples name bill 116-hjres-37 of the recorded seed dataset: workers that call providers
// replay it, and the dispatcher retries events of bills it has not stored yet.
beforeAll(async () => {
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  await provisionTestStack();
  await createBill(
    Bill().parse({
      id: '116-hjres-37',
      congress: 116,
      type: 'hjres',
      number: 37,
      label: 'H.J.Res. 37',
      title: 'Directing the removal of United States Armed Forces from hostilities in the Republic of Yemen',
      chamber: 'house',
      provenance: { source: 'sample', fetched_at: '2026-11-21T12:00:00Z' },
    }),
  );
});

const root = resolve(import.meta.dirname, '../../../../..');
const kinds = ['api', 'jobs', 'workers'] as const;

/** Every exported Lambda handler: each entry's `handler`, plus the API's $default `fallback`. */
function lambdaExports(): { kind: (typeof kinds)[number]; entry: string; exportName: string }[] {
  return kinds.flatMap((kind) =>
    readdirSync(join(root, 'functions', kind))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => {
        const entry = f.replace(/\.ts$/, '');
        const names = ['handler', ...(kind === 'api' && entry === 'system' ? ['fallback'] : [])];
        return names.map((exportName) => ({ kind, entry, exportName }));
      }),
  );
}

type AnyHandler = (event: unknown, context: unknown) => Promise<unknown>;

describe('sample events', () => {
  const all = lambdaExports();

  it('exist for every function and name only existing functions', () => {
    const expected = all.map((f) => `${f.kind}/${f.entry}.${f.exportName}.json`).sort();
    const present = kinds.flatMap((k) => readdirSync(join(root, 'events', k)).map((f) => `${k}/${f}`)).sort();
    expect(present).toEqual(expected);
  });

  for (const fn of all) {
    it(`${fn.kind}/${fn.entry}.${fn.exportName} runs on its sample`, async () => {
      const file = join(root, 'events', fn.kind, `${fn.entry}.${fn.exportName}.json`);
      if (!existsSync(file)) throw new Error(`missing sample event ${file}`);
      const event: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const mod = (await import(join(root, 'functions', fn.kind, `${fn.entry}.ts`))) as Record<string, AnyHandler>;
      const handler = mod[fn.exportName];
      expect(handler, `${fn.entry} exports ${fn.exportName}`).toBeTypeOf('function');
      const result = await (handler as AnyHandler)(event, lambdaContext());
      if (fn.kind === 'api') {
        const reply = result as { statusCode: number; body?: string };
        expect(reply.statusCode).toBeGreaterThanOrEqual(200);
        expect(reply.statusCode).toBeLessThan(500);
        if (reply.statusCode >= 400) expect(JSON.parse(reply.body ?? '{}')).toHaveProperty('detail');
      } else if (fn.kind === 'jobs') {
        expect(result).toMatchObject({ status: 'succeeded' });
      } else {
        expect(result).toEqual({ batchItemFailures: [] });
      }
    });
  }
});
