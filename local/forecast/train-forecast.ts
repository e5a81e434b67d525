/**
 * `npm run forecast:train`: trains the bill forecast on the bill-outcomes
 * dataset (../shared/datasets/bill-outcomes, or BILL_OUTCOMES_DIR) and writes
 * shared/domain/forecast/model/forecast-model.json. Seeded: the same data and
 * code write the same file. About 5 minutes on 2 cores.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ForecastModel } from '#shared/domain/forecast/forecast-model.schema.ts';
import { readLines, TRAIN_FILE } from '#local/forecast/bill-dataset.ts';
import { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { CHAIN_PARAMS } from '#local/forecast/chain-trainer.ts';
import { trainForecastModel } from '#local/forecast/forecast-trainer.ts';
import { codeSha256, sampleModelSha256, sha256 } from '#local/forecast/model-fingerprint.ts';
import { MODEL_FILE, SEED, TRAINING_CONGRESSES } from '#local/forecast/training-run.ts';

function main(): void {
  const started = Date.now();
  const log = (s: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
  const lines = readLines(TRAIN_FILE);
  const records = lines.map((line) => BillRecord().parse(JSON.parse(line)));
  log(`read ${records.length} bills from ${TRAIN_FILE}`);
  const { calibrationCongresses, ...trained } = trainForecastModel(records, { congresses: TRAINING_CONGRESSES, seed: SEED, params: CHAIN_PARAMS, log });
  const model = ForecastModel().parse({
    ...trained,
    training: {
      dataset: 'bill-outcomes/train.jsonl.gz',
      dataset_sha256: sha256(readFileSync(TRAIN_FILE)),
      congresses: TRAINING_CONGRESSES,
      calibration_congress: calibrationCongresses.at(-1)!,
      calibration_congresses: calibrationCongresses,
      seed: SEED,
      code_sha256: codeSha256(),
      sample_model_sha256: sampleModelSha256(lines),
    },
  });
  const text = `${JSON.stringify(model)}\n`;
  writeFileSync(MODEL_FILE, text);
  log(`wrote ${path.relative(process.cwd(), MODEL_FILE)} (${(text.length / 1024).toFixed(0)} KB)`);
}

main();
