/**
 * Several boosted-tree models of one link, trained with different seeds (so
 * on different row and feature samples), averaged in log-odds. Averaging
 * lowers the seed-to-seed spread of the chain's ranking (two seeds of the
 * same trees differed by 0.003 of AUC of P(enacted) on the 114th). The
 * average of K ensembles is itself one ensemble: the mean bias plus every
 * tree with its leaves divided by K, so the model file's schema and its
 * scoring are unchanged.
 */
import type { TreeEnsemble, TreeNode } from '#shared/domain/forecast/tree-ensemble.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import { type GbdtData, type GbdtParams, trainGbdt } from '#local/forecast/gbdt-trainer.ts';

/** Seeds of the bags are this far apart, so bag 0 keeps the seed an unbagged link had. */
export const BAG_SEED_STEP = 1000;

/** The mean in log-odds of ensembles, as one ensemble (leaf values rounded to 6 decimals). */
export function averageEnsembles(ensembles: TreeEnsemble[]): TreeEnsemble {
  if (ensembles.length === 1) return ensembles[0]!;
  const k = ensembles.length;
  const scale = (tree: TreeNode[]): TreeNode[] => tree.map((node) => (node.length === 1 ? [roundTo(node[0] / k, 6)] : node));
  return {
    bias: roundTo(ensembles.reduce((s, e) => s + e.bias, 0) / k, 6),
    trees: ensembles.flatMap((e) => e.trees.map(scale)),
  };
}

/** `bags` ensembles of the same data with seeds params.seed + BAG_SEED_STEP x bag, averaged. */
export function trainBagged(data: GbdtData, params: GbdtParams, bags: number): TreeEnsemble {
  return averageEnsembles(Array.from({ length: bags }, (_, bag) => trainGbdt(data, { ...params, seed: params.seed + BAG_SEED_STEP * bag })));
}
