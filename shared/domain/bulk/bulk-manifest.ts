/**
 * The public bulk snapshot's manifest (docs/build-on-billwatch.md): one file
 * per entity and Congress (members and committees: one file each), gzipped JSON Lines, each with
 * its record count, size and SHA-256, the schema version of the records and
 * the licence. GET /api/bulk answers it with download URLs.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** Raised when a record's shape changes incompatibly; the files live under bulk/v{n}/. */
export const BULK_SCHEMA_VERSION = 1;

export const BULK_LICENCE = {
  data: 'The legislative data (bills, actions, statuses, roll calls, members, committees, meetings) is a work of the US federal government, in the public domain (17 U.S.C. 105).',
  briefs:
    'The briefs (summaries and points written by BillWatch, cited to the bill text) are dedicated to the public domain under CC0 1.0 (https://creativecommons.org/publicdomain/zero/1.0/); quotes in citations are from the public-domain bill text.',
} as const;

export const BulkEntity = lazySchema(() => z.enum(['bills', 'votes', 'briefs', 'members', 'committees', 'meetings']));
export type BulkEntity = z.infer<ReturnType<typeof BulkEntity>>;

export const BulkFile = lazySchema(() =>
  z.object({
    entity: BulkEntity().describe(
      'What each line is: bills (with actions, status and timeline), votes (roll calls with positions), briefs (with citations), members, committees (with their members) or meetings (hearings, markups and floor days, with their version)',
    ),
    congress: z.number().int().nullable().describe('The Congress of its records; null for members and committees (one file each)'),
    path: z.string().describe('The path of the file within the snapshot, such as bills/119.jsonl.gz'),
    records: z.number().int().nonnegative().describe('How many lines (records) it holds'),
    bytes: z.number().int().nonnegative().describe('Its size, gzipped, in bytes'),
    sha256: z.string().describe('The SHA-256 of the gzipped file, hex'),
    written_at: z.string().describe('When this content was first written (ISO 8601); unchanged files keep it across snapshots'),
  }),
);
export type BulkFile = z.infer<ReturnType<typeof BulkFile>>;

export const BulkManifest = lazySchema(() =>
  z.object({
    schema_version: z.number().int().describe('The version of the record shapes; files live under bulk/v{schema_version}/'),
    generated_at: z.string().describe('When the snapshot was generated (ISO 8601, UTC)'),
    format: z.literal('application/jsonl+gzip').describe('Every file: JSON Lines (one record per line, UTF-8), gzipped'),
    licence: z
      .object({
        data: z.string().describe('The licence of the government data'),
        briefs: z.string().describe('The licence of the briefs BillWatch writes'),
      })
      .describe('Licences of the snapshot'),
    files: z.array(BulkFile()).describe('Every file of the snapshot'),
  }),
);
export type BulkManifest = z.infer<ReturnType<typeof BulkManifest>>;
