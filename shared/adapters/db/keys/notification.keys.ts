/**
 * Notifications (docs/data-model.md N1-N4), in the user's partition:
 *   USER#{uid} / NOTIF#{occurred_at}#{event_id}   an event with its channel states
 *   USER#{uid} / DEDUPE#{scope}#{subject hash}    the 30-minute de-duplication mark of one subject (scope: the bill, else the meeting)
 * Held and digest events are listed on reverseLookups (gsi2)
 * DEFER#{held|digest}#{due date} / {due_at}#{uid}#{event_id} until released.
 */
import { createHash } from 'node:crypto';
import type { NotificationEvent } from '#shared/domain/notify/notification.schema.ts';
import { onIndex, type ItemKey } from './key.ts';
import { userKeys } from './user.keys.ts';

export type DeferKind = 'held' | 'digest';

const PREFIX = 'NOTIF#';
/** The partition of one kind's events due on the UTC day of `dueAt` (an ISO timestamp). */
const deferredPartition = (kind: DeferKind, dueAt: string) => `DEFER#${kind}#${dueAt.slice(0, 10)}`;
const deferredSortKey = (e: Pick<NotificationEvent, 'user_id' | 'event_id'>, dueAt: string) => `${dueAt}#${e.user_id}#${e.event_id}`;

export const notificationKeys = {
  event: (e: Pick<NotificationEvent, 'user_id' | 'occurred_at' | 'event_id'>): ItemKey => ({
    pk: userKeys.partition(e.user_id),
    sk: `${PREFIX}${e.occurred_at}#${e.event_id}`,
  }),
  /** begins_with prefix of a user's notification history. */
  prefix: PREFIX,
  /** The window of one subject (shared/domain/notify/dedupe.ts), hashed: an action's text can be long. */
  dedupe: (userId: string, scope: string, subject: string): ItemKey => ({
    pk: userKeys.partition(userId),
    sk: `DEDUPE#${scope}#${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`,
  }),
  /** N3, N4: held or digest events by due time. */
  deferred: {
    index: 'reverseLookups',
    partition: deferredPartition,
    sortKey: deferredSortKey,
    /** The sort-key bound of a Query for everything due at or before `nowIso`. */
    dueBy: (nowIso: string) => `${nowIso}~`,
    keys: (kind: DeferKind, e: Pick<NotificationEvent, 'user_id' | 'event_id'>, dueAt: string) =>
      onIndex('reverseLookups', deferredPartition(kind, dueAt), deferredSortKey(e, dueAt)),
  },
} as const;
