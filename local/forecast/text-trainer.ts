/**
 * Trains the title model (shared/domain/forecast/text-model.ts): one head per
 * stage over tokens seen in at least MIN_DF training bills. The tree models
 * read its log-odds as features, so for the training bills themselves those
 * come from heads fitted without the bill's own Congress (out of fold by
 * Congress: a bill's companion and its reintroductions in the same Congress
 * share its title and its fate); a head fitted on every bill in-sample would
 * look far better to the trees than it is on a new Congress.
 */
import type { TextModel } from '#shared/domain/forecast/text-model.ts';
import { titleTokens } from '#shared/domain/forecast/title-tokens.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import { type LogisticParams, logisticMargin, trainLogistic } from '#local/forecast/logistic-trainer.ts';
import type { LabelledBill } from '#local/forecast/training-tables.ts';

const MIN_DF = 20;
/** Tokens whose weight rounds to nothing in every head are left out of the model file. */
const MIN_WEIGHT = 5e-4;
export const TEXT_PARAMS: Omit<LogisticParams, 'seed'> = { epochs: 4, learningRate: 0.05, l2: 1e-3 };

const round4 = (v: number) => roundTo(v, 4);

export interface TrainedText {
  model: TextModel;
  /** Per training bill, each head's out-of-fold log-odds. */
  outOfFold: number[][];
}

export function trainTextModel(bills: LabelledBill[], seed: number): TrainedText {
  const tokens = bills.map((b) => titleTokens(b.record.title, b.record.short_title));
  const df = new Map<string, number>();
  for (const ts of tokens) for (const t of ts) df.set(t, (df.get(t) ?? 0) + 1);
  const vocab = [...df.keys()].filter((t) => df.get(t)! >= MIN_DF).sort();
  const index = new Map(vocab.map((t, i) => [t, i]));
  const ids = tokens.map((ts) => Int32Array.from(ts.flatMap((t) => (index.has(t) ? [index.get(t)!] : []))));
  const congresses = [...new Set(bills.map((b) => b.record.congress))].sort((a, b) => a - b);
  const outOfFold = bills.map(() => [0, 0, 0]);
  const fit = (rows: number[], head: number) =>
    trainLogistic(
      {
        ids: rows.map((i) => ids[i]!),
        labels: Uint8Array.from(rows, (i) => bills[i]!.stages[head]!),
        weights: new Float64Array(rows.length).fill(1),
        features: vocab.length,
      },
      { ...TEXT_PARAMS, seed: seed + head },
    );
  const all = bills.map((_, i) => i);
  const heads = [0, 1, 2].map((head) => {
    for (const c of congresses) {
      const model = fit(
        all.filter((i) => bills[i]!.record.congress !== c),
        head,
      );
      for (const i of all) if (bills[i]!.record.congress === c) outOfFold[i]![head] = logisticMargin(model, ids[i]!);
    }
    return fit(all, head);
  });
  const kept = vocab.map((_, i) => i).filter((i) => heads.some((h) => Math.abs(h.weights[i]!) >= MIN_WEIGHT));
  return {
    model: {
      tokens: kept.map((i) => vocab[i]!),
      heads: heads.map((h) => ({ bias: round4(h.bias), weights: kept.map((i) => round4(h.weights[i]!)) })),
    },
    outOfFold,
  };
}
