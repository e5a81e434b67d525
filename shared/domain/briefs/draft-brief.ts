/**
 * What a briefer (LLM or extractive) hands the brief use case before the
 * citation check: the model's brief plus what it cost. Shared by the realtime
 * worker and the batch importer.
 */
import type { ModelBrief } from './model-output.schema.ts';

export interface BriefCost {
  input_tokens: number;
  output_tokens: number;
  cached_input_tokens: number;
  cost_usd: number;
  /** Provider calls made (parts, combine, retries of malformed output). */
  requests: number;
}

export interface DraftBrief {
  brief: ModelBrief;
  provider: string;
  model: string;
  method: 'llm' | 'extractive';
  cost: BriefCost;
}

export const ZERO_COST: BriefCost = { input_tokens: 0, output_tokens: 0, cached_input_tokens: 0, cost_usd: 0, requests: 0 };

/** Adds two costs. */
export const addCost = (a: BriefCost, b: BriefCost): BriefCost => ({
  input_tokens: a.input_tokens + b.input_tokens,
  output_tokens: a.output_tokens + b.output_tokens,
  cached_input_tokens: a.cached_input_tokens + b.cached_input_tokens,
  cost_usd: Math.round((a.cost_usd + b.cost_usd) * 1e6) / 1e6,
  requests: a.requests + b.requests,
});
