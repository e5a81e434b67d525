/**
 * The run lease of a job (docs/data-model.md A9a): which run holds it, and until when.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const JobLease = lazySchema(() => z.object({ job: z.string(), run_id: z.string(), acquired_at: z.string(), expires_at: z.string() }));

export type JobLease = z.infer<ReturnType<typeof JobLease>>;
