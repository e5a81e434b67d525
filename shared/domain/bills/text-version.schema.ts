/**
 * A published text version of a bill: the list entry kept in the table
 * (BILL#{id} / TEXT#{version_code}); the document itself and its plain-text
 * rendering live in S3.
 */
import * as z from 'zod';

export const TextFormat = z.enum(['uslm', 'xml', 'htm', 'txt']);
export type TextFormat = z.infer<typeof TextFormat>;

export const TextVersion = z.object({
  bill_id: z.string(),
  /** GPO version code: ih, rh, rfs, eh, enr, … */
  version_code: z.string(),
  /** Human label such as "Introduced in House". */
  label: z.string(),
  published_date: z.string().nullable(),
  format: TextFormat,
  /** The original document: texts/{bill_id}/{version_code}.{ext}. */
  s3_key: z.string(),
  /** The normalised plain-text rendering: texts/{bill_id}/{version_code}.txt. */
  text_s3_key: z.string(),
  size: z.number().int().nonnegative(),
  source_url: z.string(),
  fetched_at: z.string(),
});
export type TextVersion = z.infer<typeof TextVersion>;
