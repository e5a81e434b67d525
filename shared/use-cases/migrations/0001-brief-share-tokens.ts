/**
 * Migration 0001: every brief gets a share_token (a UUID, so every brief can
 * be shared by link). Briefs stored before tokens existed get a new UUID and
 * their TOKEN#brief#{token} item; re-running skips briefs that have one.
 * Scans brief items (a deploy-time backfill; see docs/data-model.md).
 */
import { randomUUID } from 'node:crypto';
import { assignShareToken, scanBriefItems } from '#shared/adapters/db/briefs.repository.ts';
import type { Migration } from './migration.ts';

export const briefShareTokens: Migration = {
  id: '0001',
  description: 'Backfill share_token on briefs that lack one',
  up: async () => {
    let assigned = 0;
    for (const item of await scanBriefItems()) {
      if (typeof item.share_token === 'string' && item.share_token) continue;
      if (await assignShareToken(String(item.bill_id), Number(item.version), randomUUID())) assigned += 1;
    }
    return { assigned };
  },
};
