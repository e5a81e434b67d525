/**
 * Migration 0002: counts the briefs stored before points carried labels
 * (cited_fact / inference) into the unlabeled_briefs statistic, so the admin
 * stats show them and backfill_labels, which labels them, can count them
 * down. Scans brief items once, at deploy (see docs/data-model.md).
 */
import { scanBriefItems } from '#shared/adapters/db/briefs.repository.ts';
import { incrementStats } from '#shared/adapters/db/stats.repository.ts';
import { isUnlabeled } from '#shared/domain/briefs/point-labels.ts';
import type { Migration } from './migration.ts';

export const countUnlabeledBriefs: Migration = {
  id: '0002',
  description: 'Count briefs whose points lack labels into unlabeled_briefs',
  up: async () => {
    const unlabeled = (await scanBriefItems()).filter(isUnlabeled).length;
    // Runs once (recorded by the runner); a crash before the record re-runs it, and the count is only added here.
    await incrementStats({ unlabeled_briefs: unlabeled });
    return { unlabeled };
  },
};
