// poll_meetings on DynamoDB Local: the recordings polled in capture order, one record per meeting across sources,
// the senate.gov captures as a change-detection pair, versions, history, pointers, and a re-poll that changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler as api } from '#functions/api/committees.ts';
import { getMeetingWithHistory, getStoredMeeting } from '#shared/adapters/db/meetings.repository.ts';
import { listPointedMeetings } from '#shared/adapters/db/meeting-listing.repository.ts';
import { meetingKeys } from '#shared/adapters/db/keys/meeting.keys.ts';
import { batchGet } from '#shared/adapters/db/dynamo.ts';
import { meetingsOfPayload, type ScheduleKind } from '#shared/adapters/providers/schedule/schedule-kinds.ts';
import type { FeedReading, ScheduleFeed } from '#shared/adapters/providers/schedule/schedule-feed.ts';
import { applyObservations } from '#shared/use-cases/schedule/apply-observations.ts';
import type { MeetingFields } from '#shared/domain/schedule/meeting.schema.ts';
import { pollMeetings } from '#shared/use-cases/schedule/poll-meetings.ts';
import { SCHEDULE_RECORDINGS_DIR, loadOfflineSchedule } from '#local/demo/offline-schedule.ts';
import { call } from '#test/support/api.ts';
import { FIXTURES, hasFixtures } from '#test/support/ingest-fixtures.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

/** A feed of fixture files read at given times. */
const feedOf = (files: [ScheduleKind, string, string][]): ScheduleFeed => ({
  name: 'test',
  read: async () =>
    files.map(([kind, name, readAt]): FeedReading => ({
      ...meetingsOfPayload(kind, readFileSync(path.join(FIXTURES, name), 'utf8')),
      ref: name,
      read_at: readAt,
    })),
});
const wholeWindow = { from: '2000-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' };

describe.skipIf(!hasFixtures)('the recorded schedule, polled', () => {
  it('stores one record per meeting, and a second poll of the same data changes nothing', async () => {
    const first = await loadOfflineSchedule(new Date('2026-11-01T00:00:00Z'));
    // 7 House meetings, 26 senate.gov meetings (9 + 17, two in both captures), 13 Congress.gov records (326051 twice, one record;
    // 103428 held back for the demo replay), 2 floor weeks, 4 Clerk floor days (2 held, 2 announced) and the Senate floor day.
    // Three senate.gov meetings are in both captures: 338684 and 338688 changed between them, 338689 did not (by what the record holds).
    expect(first).toMatchObject({ readings: 18, created: 7 + 24 + 10 + 2 + 4 + 1, changed: 2, material_changes: 2, unchanged: 1, failed_feeds: {} });
    const again = await loadOfflineSchedule(new Date('2026-11-02T00:00:00Z'));
    expect(again).toMatchObject({ created: 0, changed: 0, material_changes: 0, unchanged: first.created + 3 });
  }, 120_000);

  it('keeps the change of meeting 338684 between the two senate.gov captures: version 2, what moved and when', async () => {
    const found = await getMeetingWithHistory('senate-338684');
    expect(found?.meeting).toMatchObject({ version: 2, status: 'scheduled', starts_at: '2026-07-30T09:45:00-04:00' });
    expect(found?.changes.map((c) => [c.kind, c.version, c.material, c.at])).toEqual([
      ['first_seen', 1, true, '2026-07-25T12:00:00.000Z'],
      ['changed', 2, true, '2026-07-30T12:00:00.000Z'],
    ]);
    const moved = found?.changes[1]?.changes ?? [];
    expect(moved.map((c) => c.field)).toEqual(['title', 'bill_ids']);
    const bills = moved.find((c) => c.field === 'bill_ids');
    expect(bills?.after).toEqual(expect.arrayContaining(['119-s-5038']));
    expect(bills?.before).not.toEqual(expect.arrayContaining(['119-s-5038']));
    // 338689 changed only its cable channel, which the record does not hold: first seen, never changed.
    expect((await getMeetingWithHistory('senate-338689'))?.changes.map((c) => c.kind)).toEqual(['first_seen']);
    // 338688's subject went from "pending nominations" to the nominees' names.
    const fr = await getMeetingWithHistory('senate-338688');
    expect(fr?.changes[1]?.changes).toEqual([
      {
        field: 'title',
        before: 'Hearings to examine pending nominations.',
        after: expect.stringMatching(/^Hearings to examine the nominations of Sarah B\. Rogers/),
      },
    ]);
  });

  it('ignores an older capture read after a newer one', async () => {
    const older = await pollMeetings(new Date('2026-11-03T00:00:00Z'), [
      feedOf([['senate-hearings', 'senate-hearings/hearings-2026-07-25-wayback.xml', '2026-11-03T00:00:00.000Z']]),
    ]);
    expect(older).toMatchObject({ created: 0, changed: 0 });
    expect((await getStoredMeeting('senate-338684'))?.meeting.version).toBe(2);
  });

  it('merges Senate meeting 326051 of the XML item and of the harvested JSON into one record from Congress.gov', async () => {
    const m = (await getStoredMeeting('senate-326051'))?.meeting;
    expect(Object.keys(m?.observations ?? {})).toEqual(['congress-gov']);
    expect(m?.bill_ids).toHaveLength(8);
  });

  it("lists a meeting under its bills and under its committee and that committee's full committee", async () => {
    const byBill = await listPointedMeetings('bill', '118-hr-1450', wholeWindow, {}, () => true, 10);
    expect(byBill.items.map((m) => m.id)).toEqual(['house-115955']);
    const bySub = await listPointedMeetings('committee', 'HSII10', wholeWindow, {}, () => true, 10);
    const byFull = await listPointedMeetings('committee', 'HSII', wholeWindow, {}, () => true, 10);
    expect(bySub.items.map((m) => m.id)).toEqual(['house-115955']);
    expect(byFull.items.map((m) => m.id)).toEqual(expect.arrayContaining(['house-115955', 'house-115538', 'house-115635']));
  });

  it('makes the same House meeting from docs.house.gov and Congress.gov one record, each field from the first source that has it', async () => {
    // Congress.gov's item of event 115538, read as if it were the item of event 115955 (no recording holds both sources of one House meeting).
    const item = JSON.parse(readFileSync(path.join(FIXTURES, 'congress-gov-meetings/committee-meeting-118-house-115538.json'), 'utf8')) as {
      committeeMeeting: Record<string, unknown>;
    };
    item.committeeMeeting.eventId = '115955';
    const congressGov = meetingsOfPayload('congress-gov-meeting', JSON.stringify(item)).meetings[0];
    expect(congressGov?.id).toBe('house-115955');
    const before = await getStoredMeeting('house-115955');
    const result = await applyObservations(
      'house-115955',
      { 'congress-gov': { ref: 'test', observed_at: '2024-01-01T00:00:00-05:00', fields: congressGov?.fields ?? {} } },
      new Date('2026-11-04T00:00:00Z'),
    );
    const after = (await getStoredMeeting('house-115955'))?.meeting;
    expect(Object.keys(after?.observations ?? {}).sort()).toEqual(['congress-gov', 'house-docs']);
    // docs.house.gov's title, time and room; Congress.gov's witnesses (the House XML has none); every source's bills.
    expect(after?.title).toBe(before?.meeting.title);
    expect(after?.starts_at).toBe('2023-05-23T14:00:00-04:00');
    expect(after?.witnesses).toHaveLength(3);
    expect(after?.bill_ids).toEqual(expect.arrayContaining(['118-hr-188', '118-hr-1246', '118-hr-1532']));
    expect(result).toMatchObject({ outcome: 'changed', material: true, version: (before?.meeting.version ?? 0) + 1 });
  });
});

describe('a meeting that moves', () => {
  const id = 'house-900001';
  const base: MeetingFields = {
    chamber: 'house',
    congress: 119,
    committees: ['HSAG15'],
    type: 'markup',
    status: 'scheduled',
    starts_at: '2026-12-09T10:00:00-05:00',
    ends_at: null,
    all_day: false,
    location: 'Longworth House Office Building 1300',
    title: 'Markup of H.R. 42',
    bill_ids: ['119-hr-42'],
    witnesses: [],
    documents: [],
  };
  const observe = (fields: Partial<MeetingFields>, observedAt: string) => ({
    'house-docs': { ref: null, observed_at: observedAt, fields: { ...base, ...fields } },
  });

  it('is rescheduled with a new version when its start moves, and cancelled after; a new document changes no version', async () => {
    expect(await applyObservations(id, observe({}, '2026-12-01T09:00:00-05:00'), new Date('2026-12-01T14:00:00Z'))).toMatchObject({
      outcome: 'created',
      version: 1,
    });
    expect(
      await applyObservations(id, observe({ starts_at: '2026-12-10T14:00:00-05:00' }, '2026-12-02T09:00:00-05:00'), new Date('2026-12-02T14:00:00Z')),
    ).toMatchObject({
      outcome: 'changed',
      version: 2,
      material: true,
    });
    expect((await getStoredMeeting(id))?.meeting.status).toBe('rescheduled');
    const doc = { documents: [{ title: 'Amendment', url: 'https://docs.house.gov/x.pdf' }], starts_at: '2026-12-10T14:00:00-05:00' };
    expect(await applyObservations(id, observe(doc, '2026-12-03T09:00:00-05:00'), new Date('2026-12-03T14:00:00Z'))).toMatchObject({
      outcome: 'changed',
      version: 2,
      material: false,
    });
    expect(await applyObservations(id, observe({ ...doc, status: 'cancelled' }, '2026-12-04T09:00:00-05:00'), new Date('2026-12-04T14:00:00Z'))).toMatchObject({
      version: 3,
    });
    const res = await call(api, 'GET', `/api/meetings/${id}`);
    expect(res.status).toBe(200);
    const body = res.body as {
      status: string;
      version: number;
      history: { version: number; material: boolean; changes: { field: string; before: unknown; after: unknown }[] }[];
    };
    expect(body).toMatchObject({ status: 'cancelled', version: 3 });
    expect(body.history.map((h) => [h.version, h.material, h.changes.map((c) => c.field)])).toEqual([
      [1, true, []],
      [2, true, ['status', 'starts_at']],
      [2, false, ['documents']],
      [3, true, ['status']],
    ]);
    expect(body.history[1]?.changes).toContainEqual({ field: 'starts_at', before: '2026-12-09T10:00:00-05:00', after: '2026-12-10T14:00:00-05:00' });
  });

  it('leaves no pointer behind for a bill it no longer takes up, even after a save that died before removing it', async () => {
    await applyObservations(
      id,
      observe({ starts_at: '2026-12-10T14:00:00-05:00', status: 'cancelled', bill_ids: ['119-hr-43'] }, '2026-12-05T09:00:00-05:00'),
      new Date('2026-12-05T14:00:00Z'),
    );
    const window = { from: '2026-12-01T00:00:00Z', to: '2026-12-31T00:00:00Z' };
    expect((await listPointedMeetings('bill', '119-hr-42', window, {}, () => true, 10)).items).toEqual([]);
    expect((await listPointedMeetings('bill', '119-hr-43', window, {}, () => true, 10)).items.map((m) => m.id)).toEqual([id]);
    // A save that died after the record: its index_keys still name the old pointer, which the next poll of the same data removes.
    const stored = await getStoredMeeting(id);
    const stale = meetingKeys.pointer('bill', '119-hr-42', { id, starts_at: '2026-12-10T14:00:00-05:00' });
    const { putStalePointerForTest } = await import('./stale-pointer.ts');
    await putStalePointerForTest(id, stale, stored?.revision ?? 0);
    expect(await batchGet([stale])).toHaveLength(1);
    expect(
      await applyObservations(
        id,
        observe({ starts_at: '2026-12-10T14:00:00-05:00', status: 'cancelled', bill_ids: ['119-hr-43'] }, '2026-12-05T09:00:00-05:00'),
        new Date(),
      ),
    ).toMatchObject({
      outcome: 'unchanged',
    });
    expect(await batchGet([stale])).toHaveLength(0);
  });
});

describe('the offline folder', () => {
  it('is the one the recordings manifest lists, every file of it', () => {
    const manifest = JSON.parse(readFileSync(path.join(SCHEDULE_RECORDINGS_DIR, 'recordings.json'), 'utf8')) as { recordings: { file: string }[] };
    expect(manifest.recordings).toHaveLength(18);
  });
});
