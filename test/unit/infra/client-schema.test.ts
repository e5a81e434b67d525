/**
 * The typed client's types (clients/typescript/schema.d.ts) are generated from
 * the route table; this fails when the checked-in file is stale, so a route or
 * schema change ships with its client types. Fix: `npm run client:generate`.
 */
import { describe, expect, it } from 'vitest';
import { generateClientSchema, readClientSchema } from '#infra/build-client.ts';

describe('@billwatch/client', () => {
  it('has a schema.d.ts identical to a fresh generation from the route table (run `npm run client:generate`)', async () => {
    const fresh = await generateClientSchema();
    const stored = readClientSchema();
    expect(stored, 'clients/typescript/schema.d.ts is missing').not.toBeNull();
    if (stored !== fresh) {
      const a = (stored ?? '').split('\n');
      const b = fresh.split('\n');
      const line = a.findIndex((l, i) => l !== b[i]);
      expect.fail(
        `clients/typescript/schema.d.ts is stale from line ${line + 1}: "${a[line] ?? ''}" should be "${b[line] ?? ''}"; run npm run client:generate`,
      );
    }
  });

  it('types every operation of the route table', async () => {
    const fresh = await generateClientSchema();
    const { ROUTES } = await import('#shared/edges/http/routes/index.ts');
    for (const route of ROUTES) expect(fresh, route.operationId).toContain(`    ${route.operationId}: {`);
  });
});
