/**
 * Writes a brief with an LLM. Steps:
 *   1. build the request: full text, or for an amendment the section diff plus
 *      the changed sections; a text over LLM_CHUNK_TOKENS is split by section;
 *   2. call the provider (shared rate limit, 429/5xx retries) with the forced
 *      record_brief tool, and parse its arguments with zod; malformed output
 *      is asked for again once, then the call fails (the bill stays pending);
 *   3. for a split text, brief each part, then one combine call merges them;
 *   4. add up tokens, requests and cost.
 */
import { config } from '#shared/platform/config.ts';
import { costUsd } from '#shared/domain/llm/cost-table.ts';
import { MalformedOutputError, type LlmProvider, type LlmRequest } from '#shared/domain/llm/llm-provider.ts';
import { withLlmRetries, type RetryOptions } from '#shared/adapters/providers/llm/retry.ts';
import { changedSections, type BriefInput } from '#shared/domain/briefs/brief-input.ts';
import { isCitable } from '#shared/domain/bills/text-outline.ts';
import { chunkSections } from '#shared/domain/briefs/chunking.ts';
import { addCost, ZERO_COST, type BriefCost, type DraftBrief } from '#shared/domain/briefs/draft-brief.ts';
import { BRIEF_TOOL, ModelBrief } from '#shared/domain/briefs/model-output.schema.ts';
import { amendmentBriefMessage, combineMessage, fullBriefMessage, SYSTEM_PROMPT } from '#shared/domain/briefs/prompts.ts';

/** Attempts per call when the model's output does not match the schema. */
const MALFORMED_ATTEMPTS = 2;

/** The brief requests for an input: one request, or one per part (to be combined). */
export function briefRequests(input: BriefInput, chunkTokens = config().LLM_CHUNK_TOKENS, maxTokens = config().LLM_BRIEF_MAX_TOKENS): LlmRequest[] {
  const request = (user: string): LlmRequest => ({ system: SYSTEM_PROMPT, user, maxTokens, tool: BRIEF_TOOL });
  if (input.previous) {
    // The diff names every change; the changed sections' text is capped to one part so the call fits.
    const sections = chunkSections(changedSections(input), chunkTokens)[0] ?? [];
    return [request(amendmentBriefMessage(input.bill, input.version_code, input.previous.version_code, input.previous.diff, sections))];
  }
  // The cover and the attestation are not the bill's text: no point may cite them, so the model does not see them.
  const text = input.sections.filter((s) => isCitable(s.kind));
  const parts = chunkSections(text, chunkTokens);
  if (parts.length <= 1) return [request(fullBriefMessage(input.bill, input.version_code, text))];
  return parts.map((part, i) => request(fullBriefMessage(input.bill, input.version_code, part, { index: i + 1, of: parts.length })));
}

/** Parses a tool input as a ModelBrief, or throws MalformedOutputError naming the problem. */
export function parseModelBrief(toolInput: unknown): ModelBrief {
  const parsed = ModelBrief().safeParse(toolInput);
  if (!parsed.success)
    throw new MalformedOutputError(
      `The model's brief does not match the schema: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}

async function briefCall(provider: LlmProvider, model: string, request: LlmRequest, retry?: RetryOptions): Promise<{ brief: ModelBrief; cost: BriefCost }> {
  let cost = ZERO_COST;
  for (let attempt = 1; ; attempt++) {
    const response = await withLlmRetries(() => provider.complete(model, request), retry);
    cost = addCost(cost, { ...response.usage, cost_usd: costUsd(response.model || model, response.usage), requests: 1 });
    try {
      return { brief: parseModelBrief(response.toolInput), cost };
    } catch (err) {
      if (!(err instanceof MalformedOutputError) || attempt >= MALFORMED_ATTEMPTS) throw err;
    }
  }
}

/** Writes the brief of an input with a provider and model. */
export async function writeLlmBrief(provider: LlmProvider, model: string, input: BriefInput, retry?: RetryOptions): Promise<DraftBrief> {
  const requests = briefRequests(input);
  let cost = ZERO_COST;
  const partials: ModelBrief[] = [];
  for (const request of requests) {
    const out = await briefCall(provider, model, request, retry);
    cost = addCost(cost, out.cost);
    partials.push(out.brief);
  }
  let brief = partials[0] as ModelBrief;
  if (partials.length > 1) {
    const combine: LlmRequest = {
      system: SYSTEM_PROMPT,
      user: combineMessage(input.bill, input.version_code, partials),
      maxTokens: config().LLM_BRIEF_MAX_TOKENS,
      tool: BRIEF_TOOL,
    };
    const out = await briefCall(provider, model, combine, retry);
    cost = addCost(cost, out.cost);
    brief = out.brief;
  }
  return { brief, provider: provider.name, model, method: 'llm', cost };
}
