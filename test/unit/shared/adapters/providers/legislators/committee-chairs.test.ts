import { describe, expect, it } from 'vitest';
import { parseCommitteeChairs } from '#shared/adapters/providers/legislators/committee-chairs.parser.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';

const committees = JSON.stringify([
  { thomas_id: 'HSAG', name: 'House Committee on Agriculture' },
  { thomas_id: 'JSTX', name: 'Joint Committee on Taxation' },
  { thomas_id: 'SSFI', name: 'Senate Committee on Finance' },
]);

describe('committee chairs', () => {
  it('counts chairs, chairwomen and co-chairs of full committees only', () => {
    const membership = JSON.stringify({
      HSAG: [
        { bioguide: 'A000001', title: 'Chairman' },
        { bioguide: 'A000002', title: 'Ranking Member' },
        { bioguide: 'A000003', title: 'Vice Chair' },
        { bioguide: 'A000004' },
      ],
      HSAG03: [{ bioguide: 'A000005', title: 'Chair' }],
      JSTX: [
        { bioguide: 'A000006', title: 'Cochairman' },
        { bioguide: 'A000001', title: 'Ex Officio' },
      ],
      SSFI: [{ bioguide: 'A000007', title: ' Chairwoman ' }],
      SSXX: [{ bioguide: 'A000008', title: 'Chair' }],
    });
    const chairs = parseCommitteeChairs(committees, membership);
    expect(Object.fromEntries(chairs)).toEqual({
      A000001: ['House Committee on Agriculture'],
      A000006: ['Joint Committee on Taxation'],
      A000007: ['Senate Committee on Finance'],
      // A committee missing from committees-current keeps its thomas id as its name.
      A000008: ['SSXX'],
    });
  });

  it('refuses files that are not the datasets it expects', () => {
    expect(() => parseCommitteeChairs('<html>', '{}')).toThrow(ProviderError);
    expect(() => parseCommitteeChairs(committees, JSON.stringify({ HSAG: 'chair' }))).toThrow(ProviderError);
  });
});
