/**
 * How the committed model file is tied to what made it, without retraining
 * it: the sha256 of the training data, of the code in shared/domain/forecast
 * and local/forecast (the CLI aside), and of the model a small seeded sample
 * of the data trains in a second. A test recomputes all three; a change to the
 * features or the trainer without `npm run forecast:train` fails it, and so
 * does a trainer that no longer gives the same model for the same data.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { parseLine } from '#local/forecast/bill-dataset.ts';
import { CHAIN_PARAMS, type ChainParams } from '#local/forecast/chain-trainer.ts';
import { trainForecastModel } from '#local/forecast/forecast-trainer.ts';
import { seededRandom } from '#local/forecast/seeded-random.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE_DIRS = ['shared/domain/forecast', 'local/forecast'];
/** Files that read or print a model but do not shape it. */
const NOT_TRAINING = new Set(['local/forecast/forecast-cli.ts']);

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The sha256 of the code that makes the model, file by file in path order. */
export function codeSha256(): string {
  const files = CODE_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${dir}/${f}`),
  )
    .filter((f) => !NOT_TRAINING.has(f))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}\0${readFileSync(path.join(ROOT, f), 'utf8')}\0`);
  return hash.digest('hex');
}

/** The sample: about 1 in 40 bills of the 111th-114th Congresses, drawn with a fixed seed from the data file's lines. */
export const SAMPLE = { congresses: [111, 112, 113, 114], share: 1 / 40, seed: 7 };
const SAMPLE_PARAMS: ChainParams = {
  ...CHAIN_PARAMS,
  links: Object.fromEntries(Object.entries(CHAIN_PARAMS.links).map(([k, p]) => [k, { ...p, trees: 4, minLeafRows: 10 }])) as ChainParams['links'],
};

/** The sample's records from the data file's lines (only the drawn lines are parsed). */
export function sampleRecords(lines: string[]): BillRecord[] {
  const random = seededRandom(SAMPLE.seed);
  return lines
    .filter(() => random() < SAMPLE.share)
    .map((line) => parseLine(BillRecord(), line))
    .flatMap((r) => (r.ok && SAMPLE.congresses.includes(r.value.congress) ? [r.value] : []));
}

/** The sha256 of the model the sample trains (small trees, the same code path as the full run). */
export function sampleModelSha256(lines: string[]): string {
  const model = trainForecastModel(sampleRecords(lines), { congresses: SAMPLE.congresses, seed: SAMPLE.seed, params: SAMPLE_PARAMS });
  return sha256(JSON.stringify(model));
}
