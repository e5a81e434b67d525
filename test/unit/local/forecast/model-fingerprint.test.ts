import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRAIN_FILE } from '#local/forecast/bill-dataset.ts';
import { loadForecastModel } from '#local/forecast/forecast-cli.ts';
import { codeSha256, sampleModelSha256, sha256 } from '#local/forecast/model-fingerprint.ts';
import { datasetLines, hasDataset } from '../../../support/bill-outcomes.ts';

// The committed model must be what `npm run forecast:train` makes of the data and code here, checked without retraining it.
const model = loadForecastModel();

describe('the committed forecast model', () => {
  it('was trained by the code in shared/domain/forecast and local/forecast as it is now', () => {
    expect(model.training.code_sha256, 'code changed since the model was trained: run npm run forecast:train').toBe(codeSha256());
  });

  it.skipIf(!hasDataset)('was trained on the dataset as it is now', () => {
    expect(model.training.dataset_sha256).toBe(sha256(readFileSync(TRAIN_FILE)));
  });

  it.skipIf(!hasDataset)('matches what the trainer makes of a small seeded sample now', () => {
    expect(sampleModelSha256(datasetLines())).toBe(model.training.sample_model_sha256);
  });

  it('has one feature name per input the trees read, and a small file', () => {
    const used = Math.max(
      ...Object.values(model.links).flatMap((l) =>
        l.ensemble.trees
          .flat()
          .filter((n) => n.length === 4)
          .map((n) => n[0]),
      ),
    );
    expect(used).toBeLessThan(model.features.length);
    expect(JSON.stringify(model).length).toBeLessThan(2_000_000);
  });
});
