import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash } from '#shared/adapters/db/content-version.ts';
import { billContentHash } from '#shared/adapters/db/bills.repository.ts';
import { makeBill } from '#test/support/personal-seed.ts';

describe('content versions', () => {
  it('writes canonical JSON: keys sorted at every depth, undefined dropped', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined } })).toBe('{"a":{"d":[2,{"y":null,"z":1}]},"b":1}');
  });

  it('hashes equal content equally whatever the key order, and ignores when and for whom it was read', () => {
    expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
    expect(contentHash({ a: 1, data_as_of: 'x', updated_at: 'y', is_following: true })).toBe(contentHash({ a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });

  it("moves a bill's hash with its public fields and timeline, not with a new fetch of the same data", () => {
    const bill = makeBill(119, 'hr', 1);
    expect(billContentHash({ ...bill, provenance: { source: 'x', fetched_at: '2030-01-01T00:00:00Z' } })).toBe(billContentHash(bill));
    expect(billContentHash({ ...bill, title: 'Another title' })).not.toBe(billContentHash(bill));
    expect(billContentHash({ ...bill, status_timeline: [{ status: 'INTRODUCED', date: '2025-02-01' }] as never })).not.toBe(billContentHash(bill));
  });
});
