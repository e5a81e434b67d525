/**
 * Routes of the personal function group (functions/api/personal.ts
 * implements them): follows, notes, collections, share links, alignment,
 * dashboard and topics (paths and bodies are served as OpenAPI at
 * GET /api/openapi.json).
 */
import * as z from 'zod';
import { FOLLOW_MODE_MEANING, FollowMode } from '#shared/domain/bills/action-categories.ts';
import { Collection, CollectionCreate, CollectionUpdate } from '#shared/domain/personal/collection.schema.ts';
import { Follow, FollowTargetType } from '#shared/domain/personal/follow.schema.ts';
import { SavedSearchFilters } from '#shared/domain/search/saved-search.schema.ts';
import { Note, NoteInput } from '#shared/domain/personal/note.schema.ts';
import {
  AlignmentReply,
  CollectionWithBillsReply,
  DashboardReply,
  PublicCollectionReply,
  SharedBriefReply,
  TopicCount,
} from '#shared/use-cases/personal/responses.schema.ts';
import { BillId } from '#shared/domain/bills/bill-id.ts';
import { IdParams, TokenParams, listOf } from '#shared/edges/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, lazySchema } from '#shared/edges/http/route.ts';

const fn = 'personal' as const;
const CollectionId = lazySchema(() => z.string().uuid({ error: 'must be a collection id' }).describe('The collection id (a UUID)'));
const CollectionParams = lazySchema(() => z.object({ id: CollectionId() }));
const NoteParams = lazySchema(() => z.object({ bill_id: BillId().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076') }));

// Follows
export const listFollows = defineRoute({
  operationId: 'listFollows',
  description:
    "The caller's follows (bills with their stance and mode, members, committees, topics, saved searches with their query and filters), a page at a time, optionally of one target type, or of one target (target_type and target_id: a page of that follow alone, empty when not followed; a saved search's target_id is its key). Signed in; 422 for a target_id without its target_type or of the wrong form.",
  method: 'GET',
  path: '/api/follows',
  fn,
  auth: 'user',
  tags: ['follows'],
  summary: "The caller's follows, optionally of one target type or one target",
  query: () =>
    Paging().extend({
      target_type: FollowTargetType().optional().describe('What is followed: bill, member, topic, search or committee'),
      target_id: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe("One followed bill id, member id, topic tag, committee code or saved search's key (with target_type): its follow alone, if any"),
    }),
  response: () => listOf(Follow()),
});
export const createFollow = defineRoute({
  operationId: 'createFollow',
  description:
    'Follows a bill, member, committee (a committee code such as HSAG), topic or search; answers 201 with the follow when new and 200 when already followed. Following a bill again with another follow_mode updates the follow, and the 200 answer carries the new mode. A `search` follow saves a query (target_id, as typed into GET /api/search, the last word matched whole) with optional `filters` (those of GET /api/search): when a new bill or a new text version matches it, the follower gets a `search_match` notification naming the section that matched, under the same alert filters (category search_match), quiet hours, digests and de-duplication as every other event, and not when they follow that bill already (its own events tell them). The same query and filters saved again are the same follow (its id is search:{key}). At most 1,000 follows of each kind. Signed in; 404 for an unknown bill, member or committee, 422 for a malformed target, for filters on another kind, or beyond the limit.',
  method: 'POST',
  path: '/api/follows',
  fn,
  auth: 'user',
  tags: ['follows'],
  summary: 'Follow a bill, member, committee, topic or search; 201 when new, 200 when already followed (a new follow_mode updates it)',
  body: () =>
    z.object({
      target_type: FollowTargetType().describe('What is followed: bill, member, topic, search (a saved search that alerts) or committee'),
      target_id: z.string().min(1).max(200).describe('The followed bill id, member id, topic tag or committee code; for a search, the query'),
      follow_mode: FollowMode().nullable().optional().describe(`Bills only; neutral when omitted. ${FOLLOW_MODE_MEANING}`),
      filters: SavedSearchFilters().optional().describe('search follows only: the filters of GET /api/search to apply (has_document as a boolean)'),
    }),
  response: () => Follow(),
  successStatus: 201,
});
export const deleteFollow = defineRoute({
  operationId: 'deleteFollow',
  description: 'Unfollows a target (the id is {target_type}:{target_id}) and clears the draft-letter stance pre-fill. Signed in; 404 when not followed.',
  method: 'DELETE',
  path: '/api/follows/{id}',
  fn,
  auth: 'user',
  tags: ['follows'],
  summary: 'Unfollow (id is {target_type}:{target_id}); clears the draft-letter stance pre-fill',
  params: () => IdParams(),
  successStatus: 204,
});
export const setFollowMode = defineRoute({
  operationId: 'setFollowMode',
  description: 'Sets the notification mode of a bill follow. Signed in; 404 when the bill is not followed.',
  method: 'PATCH',
  path: '/api/follows/{id}/mode',
  fn,
  auth: 'user',
  tags: ['follows'],
  summary: "Set a bill follow's mode",
  params: () => IdParams(),
  body: () => z.object({ follow_mode: FollowMode().describe(`The new mode. ${FOLLOW_MODE_MEANING}`) }),
  response: () => Follow(),
});

// Notes
export const listNotes = defineRoute({
  operationId: 'listNotes',
  description:
    "The caller's notes on bills, pinned first, a page at a time; with bill_id, the note on that bill alone (an empty page when there is none, where GET /api/notes/{bill_id} answers 404). Signed in; 422 for a malformed bill_id.",
  method: 'GET',
  path: '/api/notes',
  fn,
  auth: 'user',
  tags: ['notes'],
  summary: "The caller's notes, pinned first, or the note on one bill",
  query: () => Paging().extend({ bill_id: BillId().optional().describe('One bill id: its note alone, if any') }),
  response: () => listOf(Note()),
});
export const getNote = defineRoute({
  operationId: 'getNote',
  description: "The caller's note on a bill. Signed in; 404 when there is none.",
  method: 'GET',
  path: '/api/notes/{bill_id}',
  fn,
  auth: 'user',
  tags: ['notes'],
  summary: "The caller's note on a bill",
  params: NoteParams,
  response: () => Note(),
});
export const putNote = defineRoute({
  operationId: 'putNote',
  description:
    "Creates or replaces the caller's note on a bill; 201 when new, 200 when replaced. Signed in; 404 for an unknown bill, 422 for a note over its length.",
  method: 'PUT',
  path: '/api/notes/{bill_id}',
  fn,
  auth: 'user',
  tags: ['notes'],
  summary: 'Create or replace the note on a bill; 201 when new',
  params: NoteParams,
  body: () => NoteInput(),
  response: () => Note(),
});
export const deleteNote = defineRoute({
  operationId: 'deleteNote',
  description: "Deletes the caller's note on a bill. Signed in; 404 when there is none.",
  method: 'DELETE',
  path: '/api/notes/{bill_id}',
  fn,
  auth: 'user',
  tags: ['notes'],
  summary: 'Delete the note on a bill',
  params: NoteParams,
  successStatus: 204,
});

// Collections
export const listCollections = defineRoute({
  operationId: 'listCollections',
  description: "The caller's collections of bills, a page at a time. Signed in.",
  method: 'GET',
  path: '/api/collections',
  fn,
  auth: 'user',
  tags: ['collections'],
  summary: "The caller's collections",
  query: () => Paging(),
  response: () => listOf(Collection()),
});
export const createCollection = defineRoute({
  operationId: 'createCollection',
  description:
    'Creates a collection: a name of 1 to 100 characters after trimming, without control characters, unique per owner. Signed in; 409 when the caller has a collection of that name.',
  method: 'POST',
  path: '/api/collections',
  fn,
  auth: 'user',
  tags: ['collections'],
  summary: 'Create a collection: name 1-100 characters after trimming, no control characters, unique per owner',
  body: () => CollectionCreate(),
  response: () => Collection(),
  successStatus: 201,
});
export const getCollection = defineRoute({
  operationId: 'getCollection',
  description: "One of the caller's collections with a page of its bills. Signed in; 404 for another user's or an unknown collection.",
  method: 'GET',
  path: '/api/collections/{id}',
  fn,
  auth: 'user',
  tags: ['collections'],
  summary: 'A collection of the caller with a page of its bills',
  params: CollectionParams,
  query: () => Paging(),
  response: () => CollectionWithBillsReply(),
});
export const updateCollection = defineRoute({
  operationId: 'updateCollection',
  description: "Renames a collection and/or makes it public or private. Signed in; 404 for another user's collection, 409 for a name the caller already uses.",
  method: 'PATCH',
  path: '/api/collections/{id}',
  fn,
  auth: 'user',
  tags: ['collections'],
  summary: 'Rename a collection and/or toggle is_public',
  params: CollectionParams,
  body: () => CollectionUpdate(),
  response: () => Collection(),
});
export const deleteCollection = defineRoute({
  operationId: 'deleteCollection',
  description: "Deletes a collection, its bills and its share link. Signed in; 404 for another user's or an unknown collection.",
  method: 'DELETE',
  path: '/api/collections/{id}',
  fn,
  auth: 'user',
  tags: ['collections'],
  summary: 'Delete a collection, its bills and its share link',
  params: CollectionParams,
  successStatus: 204,
});
export const rotateCollectionShareToken = defineRoute({
  operationId: 'rotateCollectionShareToken',
  description: "Gives one of the caller's collections a new share token; the old share link answers 404 at once. Signed in; 404 for another user's collection.",
  method: 'POST',
  path: '/api/collections/{id}/rotate-share-token',
  fn: 'personal',
  auth: 'user',
  summary: "Give one of your collections a new share token; the old share link answers 404 at once (another user's collection: 404)",
  tags: ['collections'],
  params: CollectionParams,
  response: () => Collection(),
});

const CollectionBillParams = lazySchema(() =>
  z.object({ id: CollectionId(), bill_id: BillId().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076') }),
);
export const addCollectionBill = defineRoute({
  operationId: 'addCollectionBill',
  description:
    "Adds a bill to one of the caller's collections; adding it twice changes nothing (added: false). Signed in; 404 for an unknown bill or another user's collection.",
  method: 'PUT',
  path: '/api/collections/{id}/bills/{bill_id}',
  fn,
  auth: 'user',
  tags: ['collections'],
  summary: 'Add a bill to a collection; adding it twice is a no-op (added: false)',
  params: CollectionBillParams,
  response: () =>
    z.object({
      collection_id: z.string().describe('The id of the collection'),
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      added: z.boolean().describe('What was added'),
    }),
});
export const removeCollectionBill = defineRoute({
  operationId: 'removeCollectionBill',
  description: "Removes a bill from one of the caller's collections. Signed in; 404 for another user's collection.",
  method: 'DELETE',
  path: '/api/collections/{id}/bills/{bill_id}',
  fn,
  auth: 'user',
  tags: ['collections'],
  summary: 'Remove a bill from a collection',
  params: CollectionBillParams,
  successStatus: 204,
});

// Public share links
export const collectionByShareToken = defineRoute({
  operationId: 'collectionByShareToken',
  description: 'A public collection and a page of its bills, by its share token. Anonymous; 404 when the collection is private or the token unknown.',
  method: 'GET',
  path: '/api/collections/share/{token}',
  fn,
  auth: 'none',
  cache: 'revocable',
  tags: ['share'],
  summary: 'A public collection by its share token; 404 when private or unknown',
  params: () => TokenParams(),
  query: () => Paging(),
  response: () => PublicCollectionReply(),
});
export const shareCollection = defineRoute({
  operationId: 'shareCollection',
  description: 'The same as GET /api/collections/share/{token}: a public collection by its share token. Anonymous; 404 when private or unknown.',
  method: 'GET',
  path: '/api/share/collection/{token}',
  fn,
  auth: 'none',
  cache: 'revocable',
  tags: ['share'],
  summary: 'Same as /api/collections/share/{token}',
  params: () => TokenParams(),
  query: () => Paging(),
  response: () => PublicCollectionReply(),
});
export const shareBrief = defineRoute({
  operationId: 'shareBrief',
  description: 'A shared brief with its bill, by its share token. Anonymous; 404 for an unknown token.',
  method: 'GET',
  path: '/api/share/brief/{token}',
  fn,
  auth: 'none',
  cache: 'revocable',
  tags: ['share'],
  summary: 'A shared brief with its bill',
  params: () => TokenParams(),
  response: () => SharedBriefReply(),
});

const sharePage = (kind: 'brief' | 'collection', operationId: string) =>
  defineRoute({
    operationId,
    description: `The web app's page for a ${kind} share link, /share/${kind}/{token}, with the ${kind}'s Open Graph and Twitter link preview in its head, for crawlers that run no JavaScript; the app then renders the page. The edge and the local server route /share/${kind}/{token} here. Anonymous; 404 (with the app page) when the link shares nothing.`,
    method: 'GET',
    path: `/api/share-pages/${kind}/{token}`,
    fn,
    auth: 'none',
    tags: ['share'],
    summary: `The ${kind} share link's web page, with its link preview`,
    params: () => TokenParams(),
    produces: 'text/html',
  });
export const shareBriefPage = sharePage('brief', 'shareBriefPage');
export const shareCollectionPage = sharePage('collection', 'shareCollectionPage');

// Alignment, dashboard, topics (search: ./search.routes.ts)
export const alignment = defineRoute({
  operationId: 'alignment',
  description:
    "The members the caller follows, ranked by how their votes line up with the caller's stances on followed bills, each with its per-vote breakdown. Signed in.",
  method: 'GET',
  path: '/api/alignment',
  fn,
  auth: 'user',
  tags: ['alignment'],
  summary: "Followed members ranked by alignment with the caller's stanced bill follows, each with its per-vote breakdown",
  response: () => AlignmentReply(),
});
export const dashboard = defineRoute({
  operationId: 'dashboard',
  description:
    'The dashboard: for guests the most popular bills by public-interest score; for a signed-in caller also their followed bills and members with recent activity. Anonymous or signed in.',
  method: 'GET',
  path: '/api/dashboard',
  fn,
  auth: 'optional',
  tags: ['dashboard'],
  summary: 'Guests: trending bills as "Most Popular"; users: also followed bills and members with recent activity',
  response: () => DashboardReply(),
});
export const listTopics = defineRoute({
  operationId: 'listTopics',
  description: 'Topic tags with their bill counts, most bills first. Anonymous.',
  method: 'GET',
  path: '/api/topics',
  fn,
  auth: 'none',
  tags: ['search'],
  summary: 'Topic tags with bill counts, most bills first',
  query: () => Paging(),
  response: () => listOf(TopicCount()),
});

export const PERSONAL_ROUTES = [
  listFollows,
  createFollow,
  deleteFollow,
  setFollowMode,
  listNotes,
  getNote,
  putNote,
  deleteNote,
  listCollections,
  createCollection,
  getCollection,
  updateCollection,
  deleteCollection,
  rotateCollectionShareToken,
  addCollectionBill,
  removeCollectionBill,
  collectionByShareToken,
  shareCollection,
  shareBrief,
  shareBriefPage,
  shareCollectionPage,
  alignment,
  dashboard,
  listTopics,
];
