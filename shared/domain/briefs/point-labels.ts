/**
 * Legacy briefs stored before points carried labels: how to recognise them
 * (migration 0002 counts them; backfill_labels labels them). Pure.
 */
import { PointLabel } from './brief.schema.ts';

/** Whether a stored brief item has a point without a valid label (cited_fact / inference). */
export const isUnlabeled = (item: Record<string, unknown>): boolean =>
  Array.isArray(item.points) && (item.points as Array<Record<string, unknown>>).some((p) => !PointLabel().safeParse(p.label).success);
