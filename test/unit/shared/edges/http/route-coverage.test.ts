import { describe, expect, it } from 'vitest';
import { API_FUNCTION_GROUPS } from '#shared/edges/http/route.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';

describe('the route table and the API functions', () => {
  it('has every route implemented by its group, and nothing else', async () => {
    const groups = [...new Set(ROUTES.map((r) => r.fn))];
    expect(groups.every((g) => (API_FUNCTION_GROUPS as readonly string[]).includes(g))).toBe(true);
    for (const group of groups) {
      const mod = (await import(`../../../../../functions/api/${group}.ts`)) as { handler: { routes: readonly { operationId: string }[] } };
      const implemented = mod.handler.routes.map((r) => r.operationId).sort();
      const declared = ROUTES.filter((r) => r.fn === group)
        .map((r) => r.operationId)
        .sort();
      expect(implemented, `functions/api/${group}.ts`).toEqual(declared);
    }
  });
});
