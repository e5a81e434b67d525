/**
 * The Brief record: a cited summary of one text version of a bill. The briefs
 * domain writes it (item BILL#{bill_id} / BRIEF#{version:0000}); bill detail,
 * share links and the notification dispatcher read it.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const PointLabel = lazySchema(() => z.enum(['cited_fact', 'inference']));
export type PointLabel = z.infer<ReturnType<typeof PointLabel>>;

export const Citation = lazySchema(() =>
  z
    .object({
      section: z
        .string()
        .describe('The smallest unit of the text that holds the quote, named from the text\'s structure: "Sec. 3(a)(1)", "Sec. 2", "Whereas clause 4".'),
      quote: z.string().describe("The quoted passage in the text's own words (line breaks read as spaces)."),
      start: z
        .number()
        .int()
        .nonnegative()
        .describe(
          "Where the quote starts in the text of the brief's text version (the `text` of GET /api/bills/{id}/text?version=…), in UTF-16 code units as JavaScript strings index.",
        ),
      end: z.number().int().nonnegative().describe('Where the quote ends in that text (exclusive), in the same units.'),
    })
    .meta({ id: 'Citation', description: 'Where a point of a brief is found in the bill text: located by the citation check, so the passage can be shown' }),
);

export const BriefPoint = lazySchema(() =>
  z
    .object({
      id: z.string().describe('Stable within the brief ("p1", "p2", \u2026): draft letters cite points by it.'),
      text: z.string().describe('The plain text'),
      label: PointLabel().describe('cited_fact (quoted from the text) or inference'),
      citation: Citation().nullable().describe('Where the point is found in the text; null for an inference'),
    })
    .meta({ id: 'BriefPoint', description: 'One point of a brief, labelled and cited' }),
);
export type BriefPoint = z.infer<ReturnType<typeof BriefPoint>>;

export const Brief = lazySchema(() =>
  z
    .object({
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      version: z.number().int().positive().describe('1, 2, \u2026 per bill: the version history.'),
      type: z.enum(['full', 'amendment']).describe('full (one text version) or amendment (the changes between two versions)'),
      text_version_code: z.string().describe('The text version it briefs'),
      previous_text_version_code: z.string().nullable().describe('The text version an amendment brief compares against; null for a full brief'),
      summary: z.string().describe('A short summary'),
      points: z.array(BriefPoint()).describe('The points of the brief, each labelled and cited'),
      topic_tags: z.array(z.string()).max(5).describe('Topic tags of the bill from its latest brief (lower-case kebab-case)'),
      uncited: z.boolean().describe('Whether a point was withheld (its quote is not in the text) or no published point is a cited fact'),
      withheld_points: z
        .number()
        .int()
        .nonnegative()
        .default(0)
        .describe("Points the briefer wrote that are not published: their quote is not in the text word for word, or lies outside the bill's text proper."),
      share_token: z.string().uuid().describe('The token of its share link'),
      provider: z.string().describe('The provider that wrote it'),
      model: z.string().describe('The model name'),
      prompt_version: z.string().describe('The version of the prompts that wrote it'),
      method: z.enum(['llm', 'extractive']).describe('"llm" or "extractive" (the offline briefer).'),
      input_tokens: z.number().int().nonnegative().describe('Prompt tokens the provider counted'),
      output_tokens: z.number().int().nonnegative().describe('Completion tokens the provider counted'),
      cost_usd: z.number().nonnegative().describe('What the provider calls cost, in US dollars'),
      created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
      event_sent_at: z
        .string()
        .nullable()
        .default(null)
        .describe(
          "When this brief's new_document / new_amendment event was sent: a redelivery does not resend it. Null until then, and for good on a re-brief of a text version another brief already announced (one event per version).",
        ),
      requests: z.number().int().nonnegative().default(0).describe('Provider calls this brief took (parts, combine, retries of malformed output).'),
    })
    .meta({ id: 'Brief', description: 'A cited brief of one text version of a bill (or of the amendment between two versions)' }),
);
export type Brief = z.infer<ReturnType<typeof Brief>>;

/**
 * A stored brief item as it may be published: a point whose citation was never located (a brief stored before the
 * quote locator, until migration 0017 locates it) is withheld like a point whose quote is not in the text, and
 * counted in withheld_points. Every read of a brief goes through this.
 */
export function publishable(item: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(item.points)) return item;
  const located = (p: unknown) => {
    const citation = (p as { citation?: unknown } | null)?.citation;
    return citation === null || citation === undefined || (typeof citation === 'object' && typeof (citation as { start?: unknown }).start === 'number');
  };
  const points = (item.points as unknown[]).filter(located);
  if (points.length === item.points.length) return item;
  return { ...item, points, withheld_points: Number(item.withheld_points ?? 0) + item.points.length - points.length };
}
