/**
 * The job table: every scheduled or admin-run job. The CDK stack makes one
 * EventBridge Scheduler schedule per scheduled row; the local stack's croner
 * scheduler fires the same rows; admin triggers accept exactly these names.
 */
import type { JobDef } from './job.ts';
import { INGEST_JOBS } from './ingest.jobs.ts';
import { LLM_JOBS } from './llm.jobs.ts';
import { NEWS_JOBS } from './news.jobs.ts';
import { NOTIFY_JOBS } from './notify.jobs.ts';
import { SYSTEM_JOBS } from './system.jobs.ts';
import { TRENDS_JOBS } from './trends.jobs.ts';
import { SCHEDULE_JOBS } from './schedule.jobs.ts';

export const JOBS: readonly JobDef[] = [...SYSTEM_JOBS, ...INGEST_JOBS, ...LLM_JOBS, ...NOTIFY_JOBS, ...NEWS_JOBS, ...TRENDS_JOBS, ...SCHEDULE_JOBS];

export const jobByName = (name: string): JobDef | undefined => JOBS.find((j) => j.name === name);
