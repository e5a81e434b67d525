// What the API reference shows a reader: a relative server, no made-up integer bounds as examples, and the follow modes explained.
import { describe, expect, it } from 'vitest';
import { buildOpenApi, API_INFO } from '#shared/edges/http/openapi.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';

const doc = buildOpenApi(ROUTES, API_INFO) as { servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };
const text = JSON.stringify(doc);

describe('the OpenAPI reference', () => {
  it('names a relative server, so "Try it out" calls whichever host served the document', () => {
    expect(doc.servers.map((s) => s.url)).toEqual(['/']);
  });

  it("writes no int's implied ±2^53-1 range, which documentation tools show as the example", () => {
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    // Real bounds stay.
    expect(text).toContain('"minimum":1,"maximum":300');
  });

  it('explains hold_veto and hold_boost wherever a follow mode is set or read', () => {
    const createFollow = JSON.stringify(doc.paths['/api/follows']?.post);
    const setMode = JSON.stringify(doc.paths['/api/follows/{id}/mode']?.patch);
    for (const described of [createFollow, setMode]) {
      expect(described).toMatch(/hold_veto: you oppose the bill/);
      expect(described).toMatch(/hold_boost: you support the bill/);
    }
  });

  it('documents quiet hours as "HH:MM"', () => {
    expect(text).toContain('^([01]\\\\d|2[0-3]):[0-5]\\\\d$');
  });
});
