/**
 * The one-shot classification of a bill after its brief: substantive,
 * commemorative or administrative. With a provider it is one forced-tool
 * call; offline, or when the model's answer is unusable, a title rule
 * decides, so a classification never blocks a brief.
 */
import type { Bill, BillCategory } from '#shared/domain/bills/bill.schema.ts';
import { MalformedOutputError, type LlmProvider } from '#shared/domain/llm/llm-provider.ts';
import { withLlmRetries, type RetryOptions } from '#shared/adapters/providers/llm/retry.ts';
import { CLASSIFY_TOOL, ModelClassification } from '#shared/domain/briefs/model-output.schema.ts';
import { classifyMessage, CLASSIFY_SYSTEM_PROMPT } from '#shared/domain/briefs/prompts.ts';

const COMMEMORATIVE = /\b(designat|commemorat|recogniz|honou?r|congratulat|condolence|awareness (day|week|month)|post office|to rename|naming)/i;
const ADMINISTRATIVE =
  /\b(providing for (the )?consideration|rules of the (house|senate)|electing (a )?member|adjourn|technical correction|relative to the death)/i;

/** The category a title suggests, without a model. */
export function classifyByRule(title: string): BillCategory {
  if (ADMINISTRATIVE.test(title)) return 'administrative';
  if (COMMEMORATIVE.test(title)) return 'commemorative';
  return 'substantive';
}

export interface Classification {
  category: BillCategory;
  method: 'llm' | 'rule';
}

/** Classifies a bill with the model when there is one, else by rule. */
export async function classifyBill(
  bill: Pick<Bill, 'label' | 'title'>,
  summary: string,
  llm: { provider: LlmProvider; model: string } | null,
  retry?: RetryOptions,
): Promise<Classification> {
  if (!llm) return { category: classifyByRule(bill.title), method: 'rule' };
  const response = await withLlmRetries(
    () => llm.provider.complete(llm.model, { system: CLASSIFY_SYSTEM_PROMPT, user: classifyMessage(bill, summary), maxTokens: 100, tool: CLASSIFY_TOOL }),
    retry,
  ).catch((err: unknown) => {
    if (err instanceof MalformedOutputError) return null;
    throw err;
  });
  const parsed = ModelClassification().safeParse(response?.toolInput);
  return parsed.success ? { category: parsed.data.bill_category, method: 'llm' } : { category: classifyByRule(bill.title), method: 'rule' };
}
