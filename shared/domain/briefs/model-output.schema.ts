/**
 * What the model must return, as zod schemas: the brief tool's arguments and
 * the classification tool's. Their JSON Schemas (z.toJSONSchema) are the
 * forced tools' parameters; the model's JSON is parsed with the same zod
 * schemas, so text that tries to steer the model cannot change the shape.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillCategory } from '#shared/domain/bills/bill.schema.ts';
import { PointLabel } from './brief.schema.ts';
import { TOPIC_TAGS } from './topics.ts';
import type { ToolSpec } from '#shared/domain/llm/llm-provider.ts';

export const MAX_POINTS = 12;

export const ModelPoint = lazySchema(() =>
  z.object({
    text: z.string().trim().min(1).max(1200),
    label: PointLabel(),
    citation: z
      .object({
        section: z.string().trim().min(1).max(120),
        quote: z.string().trim().min(1).max(1000),
      })
      .nullable(),
  }),
);
export type ModelPoint = z.infer<ReturnType<typeof ModelPoint>>;

export const ModelBrief = lazySchema(() =>
  z.object({
    summary: z.string().trim().min(1).max(3000),
    points: z.array(ModelPoint()).min(1).max(40),
    // Tags outside the vocabulary are dropped after parsing (normalizeTopicTags), not refused.
    topic_tags: z.array(z.string()).max(20),
  }),
);
export type ModelBrief = z.infer<ReturnType<typeof ModelBrief>>;

export const ModelClassification = lazySchema(() => z.object({ bill_category: BillCategory() }));

/** The JSON Schema of a zod schema, without the $schema marker some providers refuse. */
function parametersOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

/**
 * A forced tool whose parameters (the JSON Schema) are made on their first
 * read: z.toJSONSchema costs a few ms the first time, and only an LLM call
 * reads them, never the cold start of a function that merely can make one.
 */
function tool(name: string, description: string, schema: () => z.ZodType): ToolSpec {
  let parameters: Record<string, unknown> | undefined;
  return {
    name,
    description,
    get parameters() {
      return (parameters ??= parametersOf(schema()));
    },
  };
}

/** The JSON Schema shown to the model: like ModelBrief, with topic_tags restricted to the vocabulary. */
export const BRIEF_TOOL: ToolSpec = tool('record_brief', 'Record the brief of the bill text: a summary, cited points and topic tags.', () =>
  ModelBrief().extend({ topic_tags: z.array(z.enum(TOPIC_TAGS)).max(5) }),
);

export const CLASSIFY_TOOL: ToolSpec = tool('record_bill_category', 'Record the category of the bill.', () => ModelClassification());
