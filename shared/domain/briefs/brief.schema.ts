/**
 * The Brief record: a cited summary of one text version of a bill. The briefs
 * domain writes it (item BILL#{bill_id} / BRIEF#{version:0000}); bill detail,
 * share links and the notification dispatcher read it.
 */
import * as z from 'zod';

export const PointLabel = z.enum(['cited_fact', 'inference']);
export type PointLabel = z.infer<typeof PointLabel>;

export const Citation = z.object({
  /** Section reference as printed in the text, e.g. "Sec. 3(a)". */
  section: z.string(),
  /** Verbatim quote from the stored text. */
  quote: z.string(),
});

export const BriefPoint = z.object({
  /** Stable within the brief ("p1", "p2", …): draft letters cite points by it. */
  id: z.string(),
  text: z.string(),
  label: PointLabel,
  citation: Citation.nullable(),
});
export type BriefPoint = z.infer<typeof BriefPoint>;

export const Brief = z.object({
  bill_id: z.string(),
  /** 1, 2, … per bill: the version history. */
  version: z.number().int().positive(),
  type: z.enum(['full', 'amendment']),
  text_version_code: z.string(),
  previous_text_version_code: z.string().nullable(),
  summary: z.string(),
  points: z.array(BriefPoint),
  topic_tags: z.array(z.string()).max(5),
  uncited: z.boolean(),
  share_token: z.string().uuid(),
  provider: z.string(),
  model: z.string(),
  prompt_version: z.string(),
  /** "llm" or "extractive" (the offline briefer). */
  method: z.enum(['llm', 'extractive']),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cost_usd: z.number().nonnegative(),
  created_at: z.string(),
  /**
   * When this brief's new_document / new_amendment event was sent: a redelivery does not resend it. Null until
   * then, and for good on a re-brief of a text version another brief already announced (one event per version).
   */
  event_sent_at: z.string().nullable().default(null),
  /** Provider calls this brief took (parts, combine, retries of malformed output). */
  requests: z.number().int().nonnegative().default(0),
});
export type Brief = z.infer<typeof Brief>;
