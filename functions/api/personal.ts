/** People's features: follows, notes, collections, share links, alignment, dashboard, topics. */
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { created, html, json, noContent } from '#shared/edges/http/reply.ts';
import * as routes from '#shared/edges/http/routes/personal.routes.ts';
import { alignmentFor } from '#shared/use-cases/personal/alignment.ts';
import {
  addBillToCollection,
  createUserCollection,
  deleteUserCollection,
  listUserCollections,
  readUserCollection,
  removeBillFromCollection,
  rotateUserCollectionShareToken,
  updateUserCollection,
} from '#shared/use-cases/personal/collections.ts';
import { dashboardFor, prefetchDashboard } from '#shared/use-cases/personal/dashboard.ts';
import { follow, listUserFollows, setMode, unfollow } from '#shared/use-cases/personal/follows.ts';
import { listUserNotes, notesOnBill, readNote, removeNote, saveNote } from '#shared/use-cases/personal/notes.ts';
import { pageOf } from '#shared/use-cases/personal/paging.ts';
import { topics } from '#shared/use-cases/personal/topics.ts';
import { sharedBrief, sharedCollection } from '#shared/use-cases/personal/sharing.ts';
import { config } from '#shared/platform/config.ts';
import { APP_CSP, htmlSecurityHeaders } from '#shared/domain/web/content-security.ts';

/** Share pages read the web app's shell: loaded on the first one, never at cold start. */
async function sharePageReply(kind: 'brief' | 'collection', token: string) {
  const { sharePage } = await import('#shared/use-cases/personal/share-pages.ts');
  const page = await sharePage(kind, token, config().PUBLIC_URL.replace(/\/+$/, ''));
  // Not cached: a collection made private must stop previewing at once.
  // The web app's shell: the app's policy (its scripts), and never framed.
  return html(page.html, page.status, { 'Cache-Control': 'no-cache', ...htmlSecurityHeaders(APP_CSP) });
}

export const handler = apiFunction('personal', [
  implement(routes.listFollows, async ({ user, query }) => listUserFollows(user, query, query)),
  implement(routes.createFollow, async ({ user, body }) => {
    const result = await follow(user, body);
    return result.created ? created(result.follow) : json(result.follow);
  }),
  implement(routes.deleteFollow, async ({ user, params }) => {
    await unfollow(user, params.id);
    return noContent();
  }),
  implement(routes.setFollowMode, async ({ user, params, body }) => setMode(user, params.id, body.follow_mode)),

  implement(routes.listNotes, async ({ user, query }) => pageOf(query.bill_id ? await notesOnBill(user, query.bill_id) : await listUserNotes(user), query)),
  implement(routes.getNote, async ({ user, params }) => readNote(user, params.bill_id)),
  implement(routes.putNote, async ({ user, params, body }) => {
    const result = await saveNote(user, params.bill_id, body);
    return result.created ? created(result.note) : json(result.note);
  }),
  implement(routes.deleteNote, async ({ user, params }) => {
    await removeNote(user, params.bill_id);
    return noContent();
  }),

  implement(routes.listCollections, async ({ user, query }) => listUserCollections(user, query)),
  implement(routes.createCollection, async ({ user, body }) => created(await createUserCollection(user, body))),
  implement(routes.getCollection, async ({ user, params, query }) => readUserCollection(user, params.id, query)),
  implement(routes.updateCollection, async ({ user, params, body }) => updateUserCollection(user, params.id, body)),
  implement(routes.deleteCollection, async ({ user, params }) => {
    await deleteUserCollection(user, params.id);
    return noContent();
  }),
  implement(routes.rotateCollectionShareToken, async ({ user, params }) => rotateUserCollectionShareToken(user, params.id)),
  implement(routes.addCollectionBill, async ({ user, params }) => addBillToCollection(user, params.id, params.bill_id)),
  implement(routes.removeCollectionBill, async ({ user, params }) => {
    await removeBillFromCollection(user, params.id, params.bill_id);
    return noContent();
  }),

  implement(routes.collectionByShareToken, async ({ params, query }) => sharedCollection(params.token, query)),
  implement(routes.shareCollection, async ({ params, query }) => sharedCollection(params.token, query)),
  implement(routes.shareBrief, async ({ params }) => sharedBrief(params.token)),
  implement(routes.shareBriefPage, async ({ params }) => sharePageReply('brief', params.token)),
  implement(routes.shareCollectionPage, async ({ params }) => sharePageReply('collection', params.token)),

  implement(routes.alignment, async ({ user }) => alignmentFor(user)),
  // The feed and follows are read while the caller is loaded: one round trip fewer for a signed-in user.
  implement(routes.dashboard, async ({ user, prefetched }) => dashboardFor(user, new Date(), prefetched), { prefetch: prefetchDashboard }),
  implement(routes.listTopics, async ({ query }) => pageOf(await topics(), query)),
]);
