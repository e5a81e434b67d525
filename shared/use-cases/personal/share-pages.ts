/**
 * The HTML of a share link (/share/brief/{token}, /share/collection/{token}):
 * the web app's shell with the link preview of what is shared, so a crawler
 * that runs no JavaScript previews the bill's title and the brief's summary,
 * and a person's browser starts the app on the share page. A link that no
 * longer shares anything answers 404 with a preview that says so.
 */
import { NotFoundError } from '#shared/errors/app-error.ts';
import {
  COLLECTION_LABELS_SHOWN,
  briefShareMeta,
  collectionShareMeta,
  injectShareMeta,
  missingShareMeta,
  type ShareMeta,
} from '#shared/domain/web/share-meta.ts';
import { appShell } from '#shared/adapters/db/app-shell.repository.ts';
import { sharedBrief, sharedCollection } from './sharing.ts';

export type ShareKind = 'brief' | 'collection';

/** The path of a share page in the web app. */
export const sharePagePath = (kind: ShareKind, token: string) => `/share/${kind}/${encodeURIComponent(token)}`;

async function metaOf(kind: ShareKind, token: string, url: string): Promise<ShareMeta | null> {
  try {
    if (kind === 'brief') {
      const { brief, bill } = await sharedBrief(token);
      return briefShareMeta({ url, summary: brief.summary, bill, billId: brief.bill_id });
    }
    const collection = await sharedCollection(token, { limit: COLLECTION_LABELS_SHOWN });
    return collectionShareMeta({
      url,
      name: collection.name,
      billLabels: collection.bills.items.map((b) => b.label),
      more: collection.bills.next_cursor !== null,
    });
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/** The share page's status and HTML. */
export async function sharePage(kind: ShareKind, token: string, publicUrl: string): Promise<{ status: 200 | 404; html: string }> {
  const url = `${publicUrl}${sharePagePath(kind, token)}`;
  const [meta, shell] = await Promise.all([metaOf(kind, token, url), appShell()]);
  return meta ? { status: 200, html: injectShareMeta(shell, meta) } : { status: 404, html: injectShareMeta(shell, missingShareMeta(url)) };
}
