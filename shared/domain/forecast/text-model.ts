/**
 * The title model: a logistic regression per stage over the tokens of a
 * bill's titles (title-tokens.ts), whose log-odds the tree models read as
 * features. Titles say what kind of bill it is ("to designate the facility of
 * the United States Postal Service", "to amend the Internal Revenue Code")
 * better than any field; trees on raw tokens would need thousands of splits.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { titleTokens } from '#shared/domain/forecast/title-tokens.ts';

export const TextModel = lazySchema(() =>
  z
    .object({
      tokens: z.array(z.string()),
      /** One head per stage: a bias and one weight per token. */
      heads: z.array(z.object({ bias: z.number(), weights: z.array(z.number()) })).min(1),
    })
    .refine((m) => m.heads.every((h) => h.weights.length === m.tokens.length), 'each head has one weight per token'),
);
export type TextModel = z.infer<ReturnType<typeof TextModel>>;

const indexes = new WeakMap<TextModel, Map<string, number>>();

/** The vocabulary indexes of a title's tokens (unknown tokens are dropped). */
export function tokenIndexes(model: TextModel, title: string, shortTitle: string | null): number[] {
  let index = indexes.get(model);
  if (!index) indexes.set(model, (index = new Map(model.tokens.map((t, i) => [t, i]))));
  const out: number[] = [];
  for (const t of titleTokens(title, shortTitle)) {
    const i = index.get(t);
    if (i !== undefined) out.push(i);
  }
  return out;
}

/** Each head's log-odds for a title. */
export function textLogits(model: TextModel, title: string, shortTitle: string | null): number[] {
  const idx = tokenIndexes(model, title, shortTitle);
  return model.heads.map((h) => idx.reduce((s, i) => s + h.weights[i]!, h.bias));
}
