import { describe, expect, it } from 'vitest';
import { followId, parseFollowId, TopicTag } from '#shared/domain/personal/follow.schema.ts';
import { orderNotes, type Note } from '#shared/domain/personal/note.schema.ts';
import { stanceFromFollowMode } from '#shared/domain/briefs/letter.ts';

describe('follow ids', () => {
  it('round-trips {target_type}:{target_id}', () => {
    expect(parseFollowId(followId('bill', '118-hr-3076'))).toEqual({ type: 'bill', targetId: '118-hr-3076' });
    expect(parseFollowId('member:P000197')).toEqual({ type: 'member', targetId: 'P000197' });
    expect(parseFollowId('topic:health')).toEqual({ type: 'topic', targetId: 'health' });
  });

  it('rejects ids without a known type or a target', () => {
    expect(parseFollowId('118-hr-3076')).toBeNull();
    expect(parseFollowId('senator:x')).toBeNull();
    expect(parseFollowId('bill:')).toBeNull();
  });

  it('accepts kebab-case topics of the vocabulary only', () => {
    expect(TopicTag().safeParse('armed-forces-and-national-security').success).toBe(true);
    expect(TopicTag().safeParse('armed-forces').success).toBe(false);
    expect(TopicTag().safeParse('Armed Forces').success).toBe(false);
    expect(TopicTag().safeParse('-health').success).toBe(false);
  });
});

describe('draft-letter stance pre-fill', () => {
  it('maps hold_boost to YES and hold_veto to NO, and nothing otherwise', () => {
    expect(stanceFromFollowMode('hold_boost')).toBe('YES');
    expect(stanceFromFollowMode('hold_veto')).toBe('NO');
    expect(stanceFromFollowMode('neutral')).toBeNull();
    expect(stanceFromFollowMode(null)).toBeNull();
    expect(stanceFromFollowMode(undefined)).toBeNull();
  });
});

describe('note order', () => {
  const note = (bill_id: string, pinned: boolean, updated_at: string): Note => ({
    user_id: 'u',
    bill_id,
    content: '',
    pinned,
    created_at: '2026-01-01T00:00:00Z',
    updated_at,
  });

  it('lists pinned notes first, then the most recently updated', () => {
    const ordered = orderNotes([
      note('118-hr-1', false, '2026-01-05T00:00:00Z'),
      note('118-hr-2', true, '2026-01-01T00:00:00Z'),
      note('118-hr-3', false, '2026-01-09T00:00:00Z'),
      note('118-hr-4', true, '2026-01-03T00:00:00Z'),
    ]);
    expect(ordered.map((n) => n.bill_id)).toEqual(['118-hr-4', '118-hr-2', '118-hr-3', '118-hr-1']);
  });
});
