/** The bulk snapshot's listing (functions/api/system.ts implements it; the job export_bulk writes the snapshot). */
import * as z from 'zod';
import { BulkFile, BulkManifest } from '#shared/domain/bulk/bulk-manifest.ts';
import { defineRoute, type RouteDef } from '#shared/edges/http/route.ts';

export const listBulkFiles = defineRoute({
  operationId: 'listBulkFiles',
  description:
    'The latest public bulk snapshot: one gzipped JSON Lines file per entity and Congress (bills with actions, status and timeline; roll calls with positions; briefs with citations) and one of members, each with its record count, size, SHA-256 and download URL, the schema version, generated_at and the licence. Written nightly; a file unchanged since the last snapshot keeps its bytes. Anonymous; 404 bulk.not_ready before the first snapshot.',
  method: 'GET',
  path: '/api/bulk',
  fn: 'system',
  auth: 'none',
  cache: 'public',
  summary: 'The public bulk snapshot: files per entity and Congress with counts, sizes, SHA-256 and download URLs, and the licence',
  tags: ['open-data'],
  response: () =>
    BulkManifest().extend({
      files: z.array(BulkFile().extend({ url: z.string().describe('Where to download the file (public, no token)') })).describe('Every file of the snapshot'),
    }),
});

export const OPEN_DATA_ROUTES: RouteDef[] = [listBulkFiles];
