import { describe, expect, it } from 'vitest';
import { diffMeeting } from '#shared/domain/schedule/meeting-changes.ts';
import { isCurrentObservation, mergeObservations, nextState } from '#shared/domain/schedule/meeting-merge.ts';
import type { MeetingFields, Observation } from '#shared/domain/schedule/meeting.schema.ts';

const house: MeetingFields = {
  chamber: 'house',
  congress: 118,
  committees: ['HSII10'],
  type: 'hearing',
  status: 'scheduled',
  starts_at: '2023-05-23T14:00:00-04:00',
  ends_at: '2023-05-23T16:30:00-04:00',
  all_day: false,
  location: 'Longworth House Office Building 1324',
  title: 'Legislative hearing on H.R. 188',
  bill_ids: ['118-hr-188'],
  witnesses: [],
  documents: [{ title: 'Hearing Notice', url: 'https://docs.house.gov/a.pdf' }],
};
const observe = (fields: Partial<MeetingFields>, observed_at = '2023-05-20T10:00:00-04:00'): Observation => ({ ref: null, observed_at, fields });

describe('one meeting from its sources', () => {
  it('takes each field from the chamber publisher first, lists whole from the first source that has any, and every bill', () => {
    const { witnesses: _none, ...docs } = house;
    const merged = mergeObservations({
      'house-docs': observe(docs),
      'congress-gov': observe({
        ...house,
        title: 'Legislative hearing on: H.R. 188 and H.R. 934',
        location: 'Longworth 1324',
        bill_ids: ['118-hr-934', '118-hr-188'],
        witnesses: [{ name: 'The Honorable A. Witness', organization: 'Forest Service', position: 'Chief' }],
        documents: [],
      }),
    });
    expect(merged).toMatchObject({
      title: 'Legislative hearing on H.R. 188',
      location: 'Longworth House Office Building 1324',
      bill_ids: ['118-hr-188', '118-hr-934'],
      witnesses: [{ name: 'The Honorable A. Witness', organization: 'Forest Service', position: 'Chief' }],
      documents: [{ title: 'Hearing Notice', url: 'https://docs.house.gov/a.pdf' }],
    });
  });

  it('is no meeting while no source gives its start and title (a witness list alone)', () => {
    expect(mergeObservations({ 'house-witnesses': observe({ witnesses: [{ name: 'Ms. A', organization: null, position: null }] }) })).toBeNull();
  });

  it('takes held from any source, and a cancellation or postponement when it is the latest word', () => {
    expect(mergeObservations({ 'house-docs': observe(house), 'congress-gov': observe({ ...house, status: 'held' }) })?.status).toBe('held');
    const later = '2023-05-22T09:00:00-04:00';
    expect(mergeObservations({ 'house-docs': observe(house), 'congress-gov': observe({ ...house, status: 'cancelled' }, later) })?.status).toBe('cancelled');
    expect(mergeObservations({ 'house-docs': observe(house, later), 'congress-gov': observe({ ...house, status: 'postponed' }) })?.status).toBe('scheduled');
  });

  it('calls a moved meeting rescheduled while its sources still say scheduled, and keeps it so', () => {
    const moved = { ...house, starts_at: '2023-05-24T10:00:00-04:00' };
    expect(nextState(house, moved).status).toBe('rescheduled');
    expect(nextState({ ...moved, status: 'rescheduled' }, { ...moved, title: 'New title' }).status).toBe('rescheduled');
    expect(nextState(house, { ...house, title: 'New title' }).status).toBe('scheduled');
    expect(nextState(null, moved).status).toBe('scheduled');
    expect(nextState(house, { ...moved, status: 'cancelled' }).status).toBe('cancelled');
  });

  it('keeps only a reading not older than the one stored from the same source', () => {
    const stored = observe(house, '2026-07-29T16:36:25-04:00');
    expect(isCurrentObservation(stored, observe(house, '2026-07-23T09:39:41-04:00'))).toBe(false);
    expect(isCurrentObservation(stored, observe(house, '2026-07-29T20:36:25Z'))).toBe(true);
    expect(isCurrentObservation(undefined, observe(house))).toBe(true);
  });
});

describe('what changed', () => {
  it('names every changed field and calls a new time, place, title, bill or witness material', () => {
    for (const change of [
      { starts_at: '2023-05-24T14:00:00-04:00' },
      { location: 'Capitol H-313' },
      { title: 'Another title' },
      { bill_ids: ['118-hr-188', '118-hr-934'] },
      { witnesses: [{ name: 'Mr. B', organization: null, position: null }] },
      { status: 'cancelled' as const },
      { committees: ['HSII'] },
    ]) {
      const diff = diffMeeting(house, { ...house, ...change });
      expect(diff.material, JSON.stringify(change)).toBe(true);
      expect(diff.changes.map((c) => c.field)).toEqual(Object.keys(change));
    }
  });

  it('does not call a posted document or the same meeting unchanged material', () => {
    const diff = diffMeeting(house, { ...house, documents: [...house.documents, { title: 'Memo', url: 'https://docs.house.gov/b.pdf' }] });
    expect(diff).toMatchObject({ material: false, changes: [{ field: 'documents' }] });
    expect(diffMeeting(house, { ...house })).toEqual({ changes: [], material: false });
  });
});
