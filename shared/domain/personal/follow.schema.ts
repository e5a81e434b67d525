/**
 * The Follow record: a user following a bill (with a follow mode), a member, a
 * committee, a topic or a saved search (its query and filters; the target id is a key
 * derived from them, so one search saved twice is one follow). Stored at USER#{uid} / FOLLOW#{target_type}#{target_id}, with
 * gsi2 FOLLOWERS#{target_type}#{target_id} / USER#{uid} for the reverse lookup.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { FOLLOW_MODE_MEANING, FollowMode } from '#shared/domain/bills/action-categories.ts';
import { SavedSearch } from '#shared/domain/search/saved-search.schema.ts';
import { isTopicTag } from '#shared/domain/briefs/topics.ts';

export const FollowTargetType = lazySchema(() => z.enum(['bill', 'member', 'topic', 'search', 'committee']));
export type FollowTargetType = z.infer<ReturnType<typeof FollowTargetType>>;

export const Follow = lazySchema(() =>
  z
    .object({
      id: z.string().describe('`{target_type}:{target_id}`, the id in /api/follows/{id}.'),
      user_id: z.string().describe('The id of the user'),
      target_type: FollowTargetType().describe('What is followed: bill, member, topic, search (a saved search) or committee'),
      target_id: z
        .string()
        .describe('The followed bill id, member id, topic tag or committee code; for a saved search, its key (derived from the query and filters)'),
      follow_mode: FollowMode().nullable().describe(`Bills only; null for member, topic, search and committee follows. ${FOLLOW_MODE_MEANING}`),
      /** Absent on bill, member and topic follows, so records stored before saved searches read unchanged. */
      search: SavedSearch().nullable().optional().describe('search follows: the saved query and filters; null for other kinds'),
      mode_set_at: z.string().nullable().describe('When the current mode was set: alignment counts only votes cast after it.'),
      created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
    })
    .meta({ id: 'Follow', description: 'A follow of a bill, a member, a topic or a saved search by the signed-in user' }),
);
export type Follow = z.infer<ReturnType<typeof Follow>>;

export const followId = (type: FollowTargetType, targetId: string) => `${type}:${targetId}`;

/** Reads a follow id (`bill:118-hr-3076`, `member:P000197`, `topic:health`, `search:{key}`, `committee:HSAG`); null when malformed. */
export function parseFollowId(id: string): { type: FollowTargetType; targetId: string } | null {
  const at = id.indexOf(':');
  if (at < 0) return null;
  const type = FollowTargetType().safeParse(id.slice(0, at));
  const targetId = id.slice(at + 1);
  return type.success && targetId ? { type: type.data, targetId } : null;
}

/** Topic tags are lower-case kebab-case words of the brief vocabulary (a made-up topic would be a follow nothing ever matches). */
export const TopicTag = lazySchema(() =>
  z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'must be a lower-case kebab-case topic such as health' })
    .max(60)
    .refine(isTopicTag, { error: 'must be a topic of the vocabulary, such as health or taxation (GET /api/topics lists those in use)' }),
);

/** The target id of a saved search: the hex key the use case derives from its query and filters. */
export const SavedSearchKey = lazySchema(() => z.string().regex(/^[0-9a-f]{20}$/u, { error: 'must be the key of a saved search' }));
