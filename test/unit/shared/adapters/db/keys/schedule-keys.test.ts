/**
 * The committee and meeting keys (docs/data-model.md C1-C5, S1-S6) build
 * exactly these strings: a change here is a stored-key change and needs a
 * numbered migration. Offline: no table is touched.
 */
import { describe, expect, it } from 'vitest';
import { committeeKeys, meetingKeys } from '#shared/adapters/db/keys/index.ts';
import { INDEX } from '#shared/adapters/db/table.ts';

describe('committee keys (C1-C5)', () => {
  it('builds the record, seats, listings, activity and change feed', () => {
    expect(committeeKeys.meta('HSAG')).toEqual({ pk: 'COMMITTEE#HSAG', sk: 'META' });
    expect(committeeKeys.seat('HSAG15', 'B001236')).toEqual({ pk: 'COMMITTEE#HSAG15', sk: 'SEAT#B001236' });
    expect(committeeKeys.listing.keys({ id: 'HSAG15', chamber: 'house', parent_id: 'HSAG' })).toEqual({
      [INDEX.secondaryListings.pk]: 'COMMITTEES',
      [INDEX.secondaryListings.sk]: 'house#HSAG#HSAG15',
    });
    expect(committeeKeys.listing.chamberPrefix('joint')).toBe('joint#');
    expect(committeeKeys.seatsOf.keys({ member_id: 'B001236', committee_id: 'SSAF' })).toEqual({
      [INDEX.reverseLookups.pk]: 'MEMBERSEATS#B001236',
      [INDEX.reverseLookups.sk]: 'SSAF',
    });
    expect(committeeKeys.activity({ committee_id: 'HSJU', date: '2021-03-01', bill_id: '117-hr-1', kind: 'referral' })).toEqual({
      pk: 'COMMITTEEACTIVITY#HSJU',
      sk: '2021-03-01#117-hr-1#referral',
    });
    expect(committeeKeys.byContentChange.keys({ id: 'HSAG' }, '2026-06-20T00:00:00.000Z')).toEqual({
      [INDEX.changeFeed.pk]: 'COMMITTEECHANGES',
      [INDEX.changeFeed.sk]: '2026-06-20T00:00:00.000Z#HSAG',
    });
  });
});

describe('meeting keys (S1-S6)', () => {
  const m = { id: 'house-115955', starts_at: '2023-05-23T14:00:00-04:00' };
  it('builds the record, history, start listing, pointers and change feed, starts in UTC', () => {
    expect(meetingKeys.meta('house-115955')).toEqual({ pk: 'MEETING#house-115955', sk: 'META' });
    expect(meetingKeys.change('house-115955', 12)).toEqual({ pk: 'MEETING#house-115955', sk: 'CHANGE#000012' });
    expect(meetingKeys.byStart.keys(m)).toEqual({ [INDEX.sortedListings.pk]: 'MEETINGS', [INDEX.sortedListings.sk]: '2023-05-23T18:00:00.000Z#house-115955' });
    expect(meetingKeys.pointer('bill', '118-hr-188', m)).toEqual({ pk: 'MEETINGSOF#bill#118-hr-188', sk: '2023-05-23T18:00:00.000Z#house-115955' });
    expect(meetingKeys.pointer('committee', 'HSII', m)).toEqual({ pk: 'MEETINGSOF#committee#HSII', sk: '2023-05-23T18:00:00.000Z#house-115955' });
    expect(meetingKeys.byContentChange.keys(m, '2026-07-30T12:00:00.000Z')).toEqual({
      [INDEX.changeFeed.pk]: 'MEETINGCHANGES',
      [INDEX.changeFeed.sk]: '2026-07-30T12:00:00.000Z#house-115955',
    });
  });
});
