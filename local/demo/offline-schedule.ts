/**
 * The offline committees and schedule: every committee and subcommittee with
 * its members from the bundled congress-legislators files (as sync_committees
 * saves them), and the recorded schedule payloads of ./schedule/ polled as
 * poll_meetings polls them (SCHEDULE_RECORDINGS_DIR). Both write only what
 * changed, so a repeat writes nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordedFeed } from '#shared/adapters/providers/schedule/recorded-feed.ts';
import { saveCommitteeFiles } from '#shared/use-cases/committees/save-committees.ts';
import { pollMeetings } from '#shared/use-cases/schedule/poll-meetings.ts';
import { LEGISLATORS_DATA_DIR } from './offline-members.ts';

export const SCHEDULE_RECORDINGS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'schedule');

/** Saves the bundled committees; returns the counts. */
export async function loadOfflineCommittees(now = new Date()) {
  const read = (name: string) => readFile(path.join(LEGISLATORS_DATA_DIR, name), 'utf8');
  const [committees, membership] = await Promise.all([read('committees-current.json'), read('committee-membership-current.json')]);
  return saveCommitteeFiles({ committees, membership }, now);
}

/** Polls the recorded schedule; returns the poll's counts. */
export const loadOfflineSchedule = (now = new Date()) => pollMeetings(now, [recordedFeed(SCHEDULE_RECORDINGS_DIR)]);
