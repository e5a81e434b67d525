/** The schedule's job (see the job table in ./job-table.ts): polling the meeting sources; its own group, so the offline stack runs it over the recordings. */
import type { JobDef } from './job.ts';

export const SCHEDULE_JOBS: JobDef[] = [
  {
    name: 'poll_meetings',
    group: 'schedule',
    schedule: '15 */2 * * *',
    description:
      'Polls the committee and floor schedules (senate.gov, Congress.gov committee meetings, the House floor week, the House Clerk floor summaries, the Senate floor), merges each meeting across sources and records what changed; offline, the recordings',
    timeoutSeconds: 600,
  },
];
