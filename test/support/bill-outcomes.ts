/**
 * The bill-outcomes dataset for the forecast tests: real records when
 * ../shared/datasets/bill-outcomes (or BILL_OUTCOMES_DIR) is there, and tests
 * that need them skip with a note when it is not. The file is read once per
 * test process and only the lines asked for are parsed.
 */
import { existsSync } from 'node:fs';
import { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { DATASET_DIR, readLines, TRAIN_FILE } from '#local/forecast/bill-dataset.ts';

export const hasDataset = existsSync(TRAIN_FILE);
if (!hasDataset) console.warn(`[forecast tests] ${DATASET_DIR} is absent: tests on the real bill records are skipped`);

let lines: string[] | undefined;
/** Every line of the training file. */
export const datasetLines = (): string[] => (lines ??= readLines(TRAIN_FILE));

/** The real records with these ids, in the order asked. */
export function realRecords(...ids: string[]): BillRecord[] {
  const wanted = new Map(ids.map((id) => [`{"id":"${id}",`, id]));
  const found = new Map<string, BillRecord>();
  for (const line of datasetLines()) {
    const id = wanted.get(line.slice(0, line.indexOf(',') + 1));
    if (id) found.set(id, BillRecord().parse(JSON.parse(line)));
  }
  return ids.map((id) => {
    const r = found.get(id);
    if (!r) throw new Error(`${id} is not in ${TRAIN_FILE}`);
    return r;
  });
}
