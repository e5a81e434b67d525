/** GET /api/bulk: the latest snapshot's manifest with a public download URL per file. */
import { BULK_PREFIX, readBulkManifest } from '#shared/adapters/db/bulk-snapshot.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';

/** The manifest, each file with its URL under `publicUrl` (CloudFront's /bulk/ behaviour in AWS, the local gateway locally). */
export async function bulkListing(publicUrl: string) {
  const manifest = await readBulkManifest();
  if (!manifest) throw new NotFoundError('No bulk snapshot has been written yet; the export_bulk job writes one nightly', 'bulk.not_ready');
  return { ...manifest, files: manifest.files.map((f) => ({ ...f, url: `${publicUrl}/${BULK_PREFIX}${f.path}` })) };
}
