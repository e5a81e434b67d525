/**
 * A published text version of a bill: the list entry kept in the table
 * (BILL#{id} / TEXT#{version_code}); the document itself and its plain-text
 * rendering (with its outline) live in S3.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const TextFormat = lazySchema(() => z.enum(['uslm', 'xml', 'htm', 'txt']));
export type TextFormat = z.infer<ReturnType<typeof TextFormat>>;

export const TextVersion = lazySchema(() =>
  z.object({
    bill_id: z.string(),
    version_code: z.string().describe('GPO version code: ih, rh, rfs, eh, enr, \u2026'),
    label: z.string().describe('Human label such as "Introduced in House".'),
    published_date: z.string().nullable(),
    format: TextFormat(),
    s3_key: z.string().describe('The original document: texts/{bill_id}/{version_code}.{ext}.'),
    text_s3_key: z.string().describe('The normalised plain-text rendering: texts/{bill_id}/{version_code}.txt.'),
    outline_s3_key: z
      .string()
      .nullable()
      .default(null)
      .describe(
        "The plain text's outline (sections and units as offsets): texts/{bill_id}/{version_code}.outline.json; null for a text stored before outlines were.",
      ),
    size: z.number().int().nonnegative(),
    source_url: z.string(),
    fetched_at: z.string(),
  }),
);
export type TextVersion = z.infer<ReturnType<typeof TextVersion>>;
