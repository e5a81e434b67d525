import { describe, expect, it } from 'vitest';
import { BlockMap, FAILED, MISSING, PRESENT } from '#shared/adapters/search/block-map.ts';

/** 10 blocks of 100 bytes, the last one 50 bytes long. */
const map = () => new BlockMap(950, 100);

describe('the block map of a lazy file', () => {
  it('covers a read with the blocks it touches, cut at the remote end, none past it', () => {
    const m = map();
    expect(m.blocks).toBe(10);
    expect(m.covering(0, 100)).toEqual({ first: 0, last: 0 });
    expect(m.covering(99, 2)).toEqual({ first: 0, last: 1 });
    expect(m.covering(940, 100)).toEqual({ first: 9, last: 9 });
    // Pages SQLite appended past the snapshot are local from the start.
    expect(m.covering(950, 100)).toBeNull();
    expect(m.covering(10, 0)).toBeNull();
  });

  it('fetches from the first absent block of a read, with read-ahead that stops at a present block or the end', () => {
    const m = map();
    m.mark(0, PRESENT);
    m.mark(5, PRESENT);
    expect(m.toFetch({ first: 0, last: 1 }, 10)).toEqual({ first: 1, last: 4 });
    expect(m.toFetch({ first: 6, last: 6 }, 2)).toEqual({ first: 6, last: 8 });
    expect(m.toFetch({ first: 8, last: 8 }, 5)).toEqual({ first: 8, last: 9 });
    expect(m.toFetch({ first: 0, last: 0 }, 3)).toBeNull();
  });

  it('lists the absent runs for the background download, each at most so many blocks', () => {
    const m = map();
    for (const b of [0, 3, 4]) m.mark(b, PRESENT);
    expect(m.absentRuns(3)).toEqual([
      { first: 1, last: 2 },
      { first: 5, last: 7 },
      { first: 8, last: 9 },
    ]);
    for (let b = 0; b < 10; b++) m.mark(b, PRESENT);
    expect(m.absentRuns(3)).toEqual([]);
    expect(m.complete()).toBe(true);
  });

  it('tells a failed block, and forgets only failed ones so a later read fetches them again', () => {
    const m = map();
    m.mark(2, FAILED);
    m.mark(3, PRESENT);
    expect(m.anyFailed({ first: 0, last: 3 })).toBe(true);
    m.forget({ first: 0, last: 3 });
    expect([m.state(2), m.state(3)]).toEqual([MISSING, PRESENT]);
    expect(m.anyFailed({ first: 0, last: 3 })).toBe(false);
  });

  it('counts every change, so a reader waiting on the counter wakes; a wait with no change times out', () => {
    const m = map();
    const v = m.version();
    m.mark(1, PRESENT);
    expect(m.version()).toBe(v + 1);
    expect(m.waitChange(v, 10)).toBe('not-equal');
    expect(m.waitChange(m.version(), 5)).toBe('timed-out');
  });

  it("shares its memory: a second map over the same buffer sees the first one's marks", () => {
    const m = map();
    const other = new BlockMap(950, 100, m.buffer);
    m.mark(7, PRESENT);
    expect(other.state(7)).toBe(PRESENT);
    expect(() => new BlockMap(2000, 100, m.buffer)).toThrow(/needs 21 cells/u);
  });
});
