/**
 * Follow use cases: list, follow, unfollow, set a bill follow's mode.
 * follow: 1. check the target id's form for its type (422) and that the bill
 *   or member exists (404); a saved search (target_id the query, with the
 *   search filters) gets its key from the query and filters, and is
 *   registered for the matcher before the follow is written (a crash between
 *   leaves a registered search nobody follows, which matches to nobody;
 *   the other order could leave a follow that never alerts); 2. refuse a new follow beyond MAX_FOLLOWS_PER_KIND
 *   (422); 3. create the follow unless it exists (idempotent);
 *   4. a bill already followed with another mode than the one asked for takes
 *   the new mode (API.md); 5. return it with whether it is new.
 * unfollow: 1. read the id; 2. delete the caller's follow (404 when the caller
 *   has none, including another user's follow); the letter pre-fill clears with it.
 * list: a page of one type (or all), or one target's follow alone (422 for
 *   a target_id without its type or of the wrong form).
 * setMode: 1. read the id; 2. only bill follows carry a mode (422); 3. update
 *   the caller's follow (404 when absent).
 */
import type { User } from '#shared/domain/users/user.schema.ts';
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { countFollows, createFollow, deleteFollow, getFollow, listFollowsPage, setFollowMode } from '#shared/adapters/db/follows.repository.ts';
import type { Page } from '#shared/adapters/db/dynamo.ts';
import { getMember } from '#shared/adapters/db/members.repository.ts';
import { getCommittees } from '#shared/adapters/db/committees.repository.ts';
import { CommitteeId } from '#shared/domain/committees/committee-id.ts';
import { InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import { BillId } from '#shared/domain/bills/bill-id.ts';
import { MemberId } from '#shared/domain/members/member-id.ts';
import { parseFollowId, SavedSearchKey, TopicTag, type Follow, type FollowTargetType } from '#shared/domain/personal/follow.schema.ts';
import {
  normalizeSavedQuery,
  SAVED_QUERY_MAX,
  savedSearchIdentity,
  type SavedSearch,
  type SavedSearchFilters,
} from '#shared/domain/search/saved-search.schema.ts';
import { registerSavedSearch } from '#shared/adapters/db/saved-searches.repository.ts';
import { createHash } from 'node:crypto';

export interface FollowRequest {
  target_type: FollowTargetType;
  target_id: string;
  follow_mode?: FollowMode | null | undefined;
  /** search follows: the filters of GET /api/search the saved search applies. */
  filters?: SavedSearchFilters | undefined;
}

/** The forms of a target id as stored (a saved search is named by its key; only POST takes its query). */
const ID_FORMS = { bill: BillId, member: MemberId, topic: TopicTag, search: SavedSearchKey, committee: CommitteeId } as const;

/** The key of a saved search: 80 bits of a SHA-256 of its identity, so the same search saved twice is one follow. */
export const savedSearchKey = (search: SavedSearch): string => createHash('sha256').update(savedSearchIdentity(search)).digest('hex').slice(0, 20);

/** The saved search a POST names, or a 422: target_id is the query, and it must hold a word. */
function savedSearchOf(request: FollowRequest): SavedSearch {
  const q = normalizeSavedQuery(request.target_id);
  if (!/[\p{L}\p{N}]/u.test(q) || q.length > SAVED_QUERY_MAX) {
    const message = `must be a query with at least one word, at most ${SAVED_QUERY_MAX} characters`;
    throw new InvalidInputError(`Invalid body.target_id: ${message}`, [{ path: 'body.target_id', message }], 'follow.invalid_target');
  }
  return { q, filters: request.filters ?? {} };
}

/** The canonical target id for its type, or a 422 naming the field. */
function canonicalTarget(type: FollowTargetType, raw: string, path: string): string {
  // Ids are matched case-insensitively: bill ids are stored lower case, Bioguide ids upper case.
  const parsed = ID_FORMS[type]().safeParse(type === 'member' ? raw.toUpperCase() : raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'is not valid';
  throw new InvalidInputError(`Invalid ${path}: ${message}`, [{ path, message }], 'follow.invalid_target');
}

/**
 * Follows per user and kind (API.md): enough for anyone following by hand,
 * and a bound on what one account makes every list, fan-out and feed read.
 */
export const MAX_FOLLOWS_PER_KIND = 1000;

/**
 * A page of the caller's follows, optionally of one type, or the follow of one
 * target alone (one GetItem: what a page showing one bill's stance needs).
 */
export async function listUserFollows(
  user: User,
  filter: { target_type?: FollowTargetType | undefined; target_id?: string | undefined },
  paging: { limit: number; cursor?: string | undefined },
): Promise<Page<Follow>> {
  const type = filter.target_type;
  if (filter.target_id === undefined) return listFollowsPage(user.id, type, paging.limit, paging.cursor);
  if (!type) {
    throw new InvalidInputError(
      'target_id needs its target_type',
      [{ path: 'query.target_type', message: 'required with target_id' }],
      'follow.target_type_required',
    );
  }
  const found = await getFollow(user.id, type, canonicalTarget(type, filter.target_id, 'query.target_id'));
  return { items: found ? [found] : [], next_cursor: null };
}

/** A 422 when the caller already has the most follows of a kind and this one would be new. */
async function assertRoomFor(user: User, type: FollowTargetType, targetId: string): Promise<void> {
  if ((await countFollows(user.id, type, MAX_FOLLOWS_PER_KIND)) < MAX_FOLLOWS_PER_KIND) return;
  if (await getFollow(user.id, type, targetId)) return;
  throw new InvalidInputError(
    `You follow ${MAX_FOLLOWS_PER_KIND} ${type}s already, the most allowed; unfollow one to follow another`,
    [{ path: 'body.target_id', message: `at most ${MAX_FOLLOWS_PER_KIND} ${type} follows per user` }],
    'follow.limit_reached',
  );
}

/** Follows a bill, member, committee, topic or search; following again returns the existing follow, with the mode asked for. */
export async function follow(user: User, request: FollowRequest): Promise<{ follow: Follow; created: boolean }> {
  if (request.filters !== undefined && request.target_type !== 'search') {
    throw new InvalidInputError(
      'filters apply to search follows only',
      [{ path: 'body.filters', message: 'only search follows have filters' }],
      'follow.filters_not_applicable',
    );
  }
  if (request.target_type === 'search') return followSearch(user, request);
  const targetId = canonicalTarget(request.target_type, request.target_id, 'body.target_id');
  if (request.target_type !== 'bill' && request.follow_mode != null) {
    throw new InvalidInputError(
      'follow_mode applies to bill follows only',
      [{ path: 'body.follow_mode', message: 'only bill follows have a mode' }],
      'follow.mode_not_applicable',
    );
  }
  if (request.target_type === 'bill' && !(await getBill(targetId))) throw new NotFoundError(`No bill ${targetId}`, 'bill.not_found');
  if (request.target_type === 'member' && !(await getMember(targetId))) throw new NotFoundError(`No member ${targetId}`, 'member.not_found');
  if (request.target_type === 'committee' && !(await getCommittees([targetId])).length)
    throw new NotFoundError(`No committee ${targetId}`, 'committee.not_found');
  await assertRoomFor(user, request.target_type, targetId);
  const result = await createFollow({ userId: user.id, targetType: request.target_type, targetId, followMode: request.follow_mode ?? null });
  const mode = request.follow_mode;
  if (result.created || mode == null || result.follow.follow_mode === mode) return result;
  const updated = await setFollowMode(user.id, request.target_type, targetId, mode);
  // Unfollowed in between: following again creates it afresh with the mode asked for.
  return updated ? { follow: updated, created: false } : follow(user, request);
}

async function followSearch(user: User, request: FollowRequest): Promise<{ follow: Follow; created: boolean }> {
  if (request.follow_mode != null) {
    throw new InvalidInputError(
      'follow_mode applies to bill follows only',
      [{ path: 'body.follow_mode', message: 'only bill follows have a mode' }],
      'follow.mode_not_applicable',
    );
  }
  const search = savedSearchOf(request);
  const key = savedSearchKey(search);
  await assertRoomFor(user, 'search', key);
  await registerSavedSearch(key, search);
  return createFollow({ userId: user.id, targetType: 'search', targetId: key, search });
}

function parseId(id: string): { type: FollowTargetType; targetId: string } {
  const parsed = parseFollowId(id);
  if (!parsed) throw new NotFoundError(`No follow ${id}`, 'follow.not_found');
  // Bill ids are lower case and Bioguide ids upper case; accept either spelling as the same follow.
  if (parsed.type === 'bill') return { ...parsed, targetId: parsed.targetId.toLowerCase() };
  if (parsed.type === 'member') return { ...parsed, targetId: parsed.targetId.toUpperCase() };
  if (parsed.type === 'search') return { ...parsed, targetId: parsed.targetId.toLowerCase() };
  return parsed;
}

/** Unfollows; a follow the caller does not have is a 404. */
export async function unfollow(user: User, id: string): Promise<void> {
  const { type, targetId } = parseId(id);
  if (!(await deleteFollow(user.id, type, targetId))) throw new NotFoundError(`No follow ${id}`, 'follow.not_found');
}

/** Sets the follow mode of the caller's bill follow. */
export async function setMode(user: User, id: string, mode: FollowMode): Promise<Follow> {
  const { type, targetId } = parseId(id);
  if (type !== 'bill') {
    if (!(await getFollow(user.id, type, targetId))) throw new NotFoundError(`No follow ${id}`, 'follow.not_found');
    throw new InvalidInputError('follow_mode applies to bill follows only', [{ path: 'path.id', message: 'not a bill follow' }], 'follow.mode_not_applicable');
  }
  const updated = await setFollowMode(user.id, type, targetId, mode);
  if (!updated) throw new NotFoundError(`No follow ${id}`, 'follow.not_found');
  return updated;
}
