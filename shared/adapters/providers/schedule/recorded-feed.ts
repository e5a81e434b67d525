/**
 * The schedule feed of the offline stack: recorded payloads in a folder
 * (local/demo/schedule/), listed in its recordings.json with each file's kind
 * and when it was captured. Every read returns them all, in capture order:
 * poll_meetings applies them oldest first, so two captures of one feed show
 * as a change, and a later read changes nothing. The manifest's `held_back`
 * names meetings the offline demo's replay releases (local/demo/demo-replay-meeting.ts):
 * a read leaves them out, unless asked for them alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { parsePayload, parseJsonBody } from '#shared/adapters/providers/transport/provider-error.ts';
import { meetingsOfPayload, SCHEDULE_KINDS } from './schedule-kinds.ts';
import type { FeedReading, ScheduleFeed } from './schedule-feed.ts';

const RECORDINGS = 'schedule recordings';

const Manifest = () =>
  z.object({
    recordings: z.array(
      z.object({
        file: z.string().min(1),
        kind: z.enum(SCHEDULE_KINDS),
        captured_at: z.iso.datetime({ offset: true }),
      }),
    ),
    held_back: z.array(z.string().min(1)).default([]),
  });

export interface RecordedFeedOptions {
  /** `skip` (the default): every meeting but the held-back ones; `only`: the held-back ones alone. */
  heldBack?: 'skip' | 'only';
}

/** The feed of the recordings in `dir`. */
export function recordedFeed(dir: string, options: RecordedFeedOptions = {}): ScheduleFeed {
  return {
    name: 'recordings',
    read: async () => {
      const manifest = parsePayload(
        RECORDINGS,
        'recordings.json',
        Manifest(),
        parseJsonBody(RECORDINGS, 'recordings.json', await readFile(path.join(dir, 'recordings.json'), 'utf8')),
      );
      const held = new Set(manifest.held_back);
      const wanted = (id: string) => held.has(id) === (options.heldBack === 'only');
      const ordered = [...manifest.recordings].sort((a, b) => Date.parse(a.captured_at) - Date.parse(b.captured_at));
      const readings: FeedReading[] = [];
      for (const r of ordered) {
        const payload = meetingsOfPayload(r.kind, await readFile(path.join(dir, r.file), 'utf8'));
        const meetings = payload.meetings.filter((m) => wanted(m.id));
        if (meetings.length > 0 || options.heldBack !== 'only')
          readings.push({ ...payload, meetings, ref: r.file, read_at: new Date(r.captured_at).toISOString() });
      }
      return readings;
    },
  };
}
