/**
 * The Brief record: a cited summary of one text version of a bill. The briefs
 * domain writes it (item BILL#{bill_id} / BRIEF#{version:0000}); bill detail,
 * share links and the notification dispatcher read it.
 */
import * as z from 'zod';

export const PointLabel = z.enum(['cited_fact', 'inference']);
export type PointLabel = z.infer<typeof PointLabel>;

export const Citation = z
  .object({
    section: z.string().describe('Section reference as printed in the text, e.g. "Sec. 3(a)".'),
    quote: z.string().describe('Verbatim quote from the stored text.'),
  })
  .meta({ id: 'Citation', description: 'Where a point of a brief is found in the bill text' });

export const BriefPoint = z
  .object({
    id: z.string().describe('Stable within the brief ("p1", "p2", \u2026): draft letters cite points by it.'),
    text: z.string(),
    label: PointLabel,
    citation: Citation.nullable(),
  })
  .meta({ id: 'BriefPoint', description: 'One point of a brief, labelled and cited' });
export type BriefPoint = z.infer<typeof BriefPoint>;

export const Brief = z
  .object({
    bill_id: z.string(),
    version: z.number().int().positive().describe('1, 2, \u2026 per bill: the version history.'),
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
    method: z.enum(['llm', 'extractive']).describe('"llm" or "extractive" (the offline briefer).'),
    input_tokens: z.number().int().nonnegative(),
    output_tokens: z.number().int().nonnegative(),
    cost_usd: z.number().nonnegative(),
    created_at: z.string(),
    event_sent_at: z
      .string()
      .nullable()
      .default(null)
      .describe(
        "When this brief's new_document / new_amendment event was sent: a redelivery does not resend it. Null until then, and for good on a re-brief of a text version another brief already announced (one event per version).",
      ),
    requests: z.number().int().nonnegative().default(0).describe('Provider calls this brief took (parts, combine, retries of malformed output).'),
  })
  .meta({ id: 'Brief', description: 'A cited brief of one text version of a bill (or of the amendment between two versions)' });
export type Brief = z.infer<typeof Brief>;
