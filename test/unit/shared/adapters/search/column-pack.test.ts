/**
 * The word ranker's columns narrowed for storage (issue 36.5): each comes back byte for byte at the width it was
 * stored from, whatever its values, and takes the narrowest form they allow.
 */
import { describe, expect, it } from 'vitest';
import { packColumn, unpackColumn } from '#shared/adapters/search/column-pack.ts';

const bytesOf = (a: Uint8Array | Uint16Array | Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const N = 10_000;

describe('a packed column', () => {
  it.each([
    ['codes that fit a byte, held in 4', 4, Uint32Array.from({ length: N }, (_, i) => (i * 7) % 200), 8 + N],
    ['codes that fit 2 bytes, held in 4', 4, Uint32Array.from({ length: N }, (_, i) => (i * 31) % 3000), 8 + 2 * N],
    ['a Congress, held in 2', 2, Uint16Array.from({ length: N }, (_, i) => 93 + (i % 27)), 8 + N],
    ['flags', 1, Uint8Array.from({ length: N }, (_, i) => i % 2), 8 + N],
    // A header, the table's count and padding, 900 days of 4 bytes, a 2-byte code a value.
    [
      'dates as YYYYMMDD: codes into a table of the distinct days',
      4,
      Uint32Array.from({ length: N }, (_, i) => 19730101 + (i % 900) * 37),
      16 + 4 * 900 + 2 * N,
    ],
    ['values past 2 bytes, too many distinct for codes: as they are', 4, Uint32Array.from({ length: 70_000 }, (_, i) => 100_000 + i), 8 + 4 * 70_000],
    ['a column of nothing', 4, new Uint32Array(0), 8],
  ] as const)('of %s comes back byte for byte, in the narrowest form', (_, width, values, size) => {
    const bytes = bytesOf(values);
    const packed = packColumn(bytes, width);
    expect(Buffer.from(unpackColumn(packed)).equals(Buffer.from(bytes))).toBe(true);
    expect(packed.byteLength).toBe(size);
  });

  it('keeps bytes that are no array as they are, and reads them back unaligned', () => {
    const json = new TextEncoder().encode('["house","senate","hr"]');
    expect(unpackColumn(packColumn(json))).toEqual(json);
    const packed = packColumn(bytesOf(Uint32Array.from({ length: 99 }, (_, i) => i * 1000)), 4);
    const unaligned = new Uint8Array(packed.byteLength + 1).subarray(1);
    unaligned.set(packed);
    expect(new Uint32Array(unpackColumn(unaligned).buffer)).toEqual(Uint32Array.from({ length: 99 }, (_, i) => i * 1000));
  });

  it('refuses a value too short for its header', () => {
    expect(() => unpackColumn(new Uint8Array(3))).toThrow(/no header/u);
  });
});
